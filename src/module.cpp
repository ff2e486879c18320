#include "module.hpp"

namespace benchbox {

const CaseSpec* Module::find_case(const std::string& case_id) const {
  for (const auto& c : cases)
    if (c.id == case_id) return &c;
  return nullptr;
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
