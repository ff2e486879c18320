#include "module.hpp"

#include <charconv>
#include <stdexcept>

#include "user_file.hpp"

namespace benchbox {

const CaseSpec* Module::find_case(const std::string& case_id) const {
  for (const auto& c : cases)
    if (c.id == case_id) return &c;
  return nullptr;
}

ParamValue CaseSpec::parse_param(const std::string& text) const {
  if (param.named()) {
    for (const auto& choice : param.choices)
      if (choice == text) return ParamValue::named(text);
    if (param.user_file) return user_file_param(param, param.name + " for " + id, text);
    std::string known;
    for (const auto& c : param.choices) known += (known.empty() ? "" : ", ") + c;
    throw std::invalid_argument(param.name + " for " + id + " must be one of " + known + ", got '" + text + "'");
  }
  std::int64_t v = 0;
  auto [p, ec] = std::from_chars(text.data(), text.data() + text.size(), v);
  if (text.empty() || ec == std::errc::invalid_argument || p != text.data() + text.size())
    throw std::invalid_argument(param.name + " for " + id + " must be a whole number, got '" + text + "'");
  if (ec == std::errc::result_out_of_range || v < param.min || v > param.max)
    throw std::invalid_argument(param.name + " for " + id + " must be between " + std::to_string(param.min) + " and " +
                                std::to_string(param.max) + ", got " + text);
  return ParamValue::of(v);
}

std::vector<const Module*>& modules() {
  static std::vector<const Module*> all;  // function-local: safe during static registration
  return all;
}

const Module* find_module(const std::string& id) {
  for (const Module* m : modules())
    if (m->id == id) return m;
  return nullptr;
}

ModuleRegistration::ModuleRegistration(const Module& m) { modules().push_back(&m); }

}  // namespace benchbox
