#include "results/machine.hpp"

#include <cstdint>
#include <fmt/format.h>

namespace benchbox {
namespace {

using nlohmann::json;

std::string field_text(const json& object, const char* key) {
  if (!object.is_object()) return "";
  const auto it = object.find(key);
  if (it == object.end() || it->is_null()) return "";
  return it->is_string() ? it->get<std::string>() : it->dump();
}

// FNV-1a, 64 bits: the same digits on every machine and compiler, no library needed.
std::uint64_t fnv1a(const std::string& bytes) {
  std::uint64_t h = 14695981039346656037ull;
  for (const unsigned char c : bytes) h = (h ^ c) * 1099511628211ull;
  return h;
}

}  // namespace

std::string machine_fingerprint(const json& fields) {
  const std::string hashed = field_text(fields, "cpu_model") + "\n" + field_text(fields, "cpu_count") + "\n" +
                             field_text(fields, "arch") + "\n" + field_text(fields, "virtualized");
  return fmt::format("{:08x}", static_cast<std::uint32_t>(fnv1a(hashed) >> 32));
}

MachineId machine_of(const json& context) {
  const auto it = context.is_object() ? context.find("machine") : context.end();
  if (it != context.end() && it->is_object()) {
    MachineId id{field_text(*it, "name"), field_text(*it, "fingerprint")};
    if (id.name.empty()) id.name = field_text(context, "host");
    if (id.fingerprint.empty()) id.fingerprint = machine_fingerprint(*it);
    return id;
  }
  return {field_text(context, "host"), machine_fingerprint(context)};
}

std::string machine_key(const MachineId& machine) { return machine.name + " [" + machine.fingerprint + "]"; }

}  // namespace benchbox
