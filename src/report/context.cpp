#include "report/context.hpp"

#include <fmt/format.h>

namespace benchbox {

namespace {
// Numbers as people read them: 1.07, not 1.07470703125.
std::string value_text(const nlohmann::json& v) {
  if (v.is_string()) return v.get<std::string>();
  if (v.is_number_float()) return fmt::format("{:.2f}", v.get<double>());
  return v.dump();
}
}  // namespace

std::string context_text(const nlohmann::json& context, const std::string& key) {
  if (!context.is_object()) return "";
  auto it = context.find(key);
  if (it == context.end() || it->is_null()) return "";
  if (it->is_string()) return it->get<std::string>();
  if (it->is_array()) {
    std::string out;
    for (const auto& e : *it) out += (out.empty() ? "" : " ") + value_text(e);
    return out;
  }
  return value_text(*it);
}

std::string machine_label(const nlohmann::json& context) {
  const std::string host = context_text(context, "host"), cpu = context_text(context, "cpu_model"),
                    os = context_text(context, "os");
  std::string detail = cpu;
  if (!os.empty()) detail += (detail.empty() ? "" : ", ") + os;
  if (host.empty()) return detail.empty() ? "unknown machine" : detail;
  return detail.empty() ? host : host + " (" + detail + ")";
}

std::vector<std::pair<std::string, std::string>> context_summary(const nlohmann::json& context) {
  static const std::pair<const char*, const char*> fields[] = {
      {"date", "date"},         {"host", "host"},           {"os", "OS"},
      {"kernel", "kernel"},     {"arch", "architecture"},   {"cpu_model", "CPU"},
      {"cpu_count", "CPUs"},    {"governor", "governor"},   {"turbo", "turbo"},
      {"virtualized", "virtualized"}, {"pinned_cpu", "pinned to CPU"}, {"load_average", "load average"},
      {"benchbox_version", "benchbox"}, {"benchbox_revision", "revision"}, {"build_type", "build type"},
      {"compiler", "compiler"}, {"cxx_flags", "C++ flags"}, {"library_flags", "library flags"},
      {"adapter_flags", "adapter flags"},
  };
  std::vector<std::pair<std::string, std::string>> out;
  for (const auto& [key, label] : fields)
    if (auto v = context_text(context, key); !v.empty()) out.emplace_back(label, v);
  return out;
}

}  // namespace benchbox
