#include "run/protocol.hpp"

#include <nlohmann/json.hpp>

#include <cctype>
#include <cmath>

namespace benchbox {
namespace {

using nlohmann::json;

json parse_line(std::string_view line) {
  json j = json::parse(line, nullptr, /*allow_exceptions=*/false);
  if (j.is_discarded() || !j.is_object()) {
    std::string shown(line.substr(0, 80));
    throw ProtocolError("not a protocol line: '" + shown + (line.size() > 80 ? "...'" : "'"));
  }
  if (!j.contains("protocol") || !j["protocol"].is_number_integer() || j["protocol"].get<int>() != kProtocolVersion)
    throw ProtocolError("protocol version missing or not " + std::to_string(kProtocolVersion));
  return j;
}

std::uint64_t get_u64(const json& j, const char* key) {
  auto it = j.find(key);
  if (it == j.end() || !it->is_number_unsigned())
    throw ProtocolError(std::string("field '") + key + "' missing or not a non-negative integer");
  return it->get<std::uint64_t>();
}

std::string get_string(const json& j, const char* key, bool required = true) {
  auto it = j.find(key);
  if (it == j.end()) {
    if (required) throw ProtocolError(std::string("field '") + key + "' missing");
    return {};
  }
  if (!it->is_string()) throw ProtocolError(std::string("field '") + key + "' is not a string");
  return it->get<std::string>();
}

std::vector<std::string_view> lines_of(std::string_view text) {
  std::vector<std::string_view> lines;
  while (!text.empty()) {
    auto end = text.find('\n');
    if (end == std::string_view::npos) throw ProtocolError("output ends in the middle of a line (truncated)");
    if (end > 0) lines.push_back(text.substr(0, end));
    text.remove_prefix(end + 1);
  }
  return lines;
}

std::map<std::string, std::string> string_map(const json& c, const char* key, const std::string& where) {
  std::map<std::string, std::string> out;
  auto it = c.find(key);
  if (it == c.end()) return out;
  if (!it->is_object()) throw ProtocolError(where + ": field '" + key + "' is not an object");
  for (auto& [k, v] : it->items()) {
    if (!v.is_string()) throw ProtocolError(where + ": " + key + "." + k + " is not a string");
    out[k] = v.get<std::string>();
  }
  return out;
}

bool variant_id_ok(const std::string& id) {
  if (id.empty() || id.size() > 64) return false;
  for (unsigned char c : id)
    if (!std::isalnum(c) && c != '.' && c != '-' && c != '_' && c != '+') return false;
  return true;
}

std::vector<VariantDescription> parse_variants(const json& j) {
  std::vector<VariantDescription> out;
  auto it = j.find("variants");
  if (it == j.end()) return out;
  if (!it->is_array()) throw ProtocolError("field 'variants' is not an array");
  for (const auto& v : *it) {
    if (!v.is_object()) throw ProtocolError("a variant is not an object");
    VariantDescription d;
    d.id = get_string(v, "id");
    if (!variant_id_ok(d.id)) throw ProtocolError("variant id '" + d.id + "' is not 1 to 64 letters, digits or .-_+");
    for (const auto& seen : out)
      if (seen.id == d.id) throw ProtocolError("variant '" + d.id + "' is declared twice");
    d.label = get_string(v, "label", false);
    d.notes = get_string(v, "notes", false);
    d.traits = string_map(v, "traits", "variant '" + d.id + "'");
    d.not_applicable_at = string_map(v, "not_applicable_at", "variant '" + d.id + "'");
    if (auto by_name = v.find("by_name"); by_name != v.end()) {
      if (!by_name->is_boolean()) throw ProtocolError("variant '" + d.id + "': field 'by_name' is not true or false");
      d.by_name = by_name->get<bool>();
    }
    out.push_back(std::move(d));
  }
  return out;
}

}  // namespace

const VariantDescription* LibraryDescription::find_variant(const std::string& variant_id) const {
  for (const auto& v : variants)
    if (v.id == variant_id) return &v;
  return nullptr;
}

LibraryDescription parse_describe(std::string_view output) {
  auto lines = lines_of(output);
  if (lines.size() != 1) throw ProtocolError("describe must print exactly one line, got " + std::to_string(lines.size()));
  json j = parse_line(lines[0]);
  if (j.contains("error")) throw ProtocolError("adapter error: " + get_string(j, "error"));
  LibraryDescription d;
  d.id = get_string(j, "id");
  d.version = get_string(j, "version");
  if (auto it = j.find("info"); it != j.end() && it->is_object())
    for (auto& [k, v] : it->items()) d.info[k] = v.is_string() ? v.get<std::string>() : v.dump();
  d.variants = parse_variants(j);
  auto cases = j.find("cases");
  if (cases == j.end() || !cases->is_object()) throw ProtocolError("field 'cases' missing or not an object");
  for (auto& [name, c] : cases->items()) {
    if (!c.is_object()) throw ProtocolError("case '" + name + "' is not an object");
    CaseSupport s;
    if (c.contains("not_applicable")) {
      s.not_applicable_reason = get_string(c, "not_applicable");
    } else {
      s.applicable = true;
      s.traits.min_value = static_cast<std::int64_t>(get_u64(c, "min_value"));
      if (c.contains("max_value")) s.traits.max_value = static_cast<std::int64_t>(get_u64(c, "max_value"));
      if (s.traits.min_value < 0 || (c.contains("max_value") && s.traits.max_value < 0))
        throw ProtocolError("case '" + name + "': min_value and max_value must be below 2^63");
      s.traits.max_value_reason = get_string(c, "max_value_reason", false);
      if (c.contains("bytes_per_unit")) s.traits.bytes_per_unit = get_u64(c, "bytes_per_unit");
      s.traits.notes = get_string(c, "notes", false);
      s.traits.values = string_map(c, "traits", "case '" + name + "'");
      if (c.contains("not_applicable_at")) s.traits.not_applicable_at = string_map(c, "not_applicable_at", "case '" + name + "'");
    }
    d.cases[name] = std::move(s);
  }
  return d;
}

RunReply parse_run(std::string_view output) {
  RunReply reply;
  for (auto line : lines_of(output)) {
    json j = parse_line(line);
    if (j.contains("error")) {
      reply.error = get_string(j, "error");
      return reply;
    }
    if (j.contains("not_applicable")) {
      reply.not_applicable = get_string(j, "not_applicable");
      return reply;
    }
    TrialRecord t;
    auto label = j.find("trial");
    if (label == j.end()) throw ProtocolError("field 'trial' missing");
    t.warmup = label->is_string() && label->get<std::string>() == "warmup";
    if (!t.warmup && !label->is_number_unsigned()) throw ProtocolError("field 'trial' must be \"warmup\" or a number");
    t.ops = get_u64(j, "ops");
    t.ns = get_u64(j, "ns");
    t.done = get_u64(j, "done");
    t.checksum = get_u64(j, "checksum");
    if (j.contains("cycles")) t.cycles = get_u64(j, "cycles");
    if (j.contains("instructions")) t.instructions = get_u64(j, "instructions");
    if (j.contains("peak_rss_bytes")) t.peak_rss_bytes = get_u64(j, "peak_rss_bytes");
    if (auto counts = j.find("counts"); counts != j.end()) {
      if (!counts->is_object()) throw ProtocolError("field 'counts' is not an object");
      for (auto& [k, v] : counts->items()) t.counts[k] = get_u64(*counts, k.c_str());
    }
    if (auto figures = j.find("figures"); figures != j.end()) {
      if (!figures->is_object()) throw ProtocolError("field 'figures' is not an object");
      for (auto& [k, v] : figures->items()) {
        if (!v.is_number() || !std::isfinite(v.get<double>()))
          throw ProtocolError("figure '" + k + "' is not a finite number");
        t.figures[k] = v.get<double>();
      }
    }
    if (auto details = j.find("details"); details != j.end()) {
      if (!details->is_array()) throw ProtocolError("field 'details' is not an array");
      for (const auto& d : *details) {
        if (!d.is_string()) throw ProtocolError("field 'details' holds a non-string");
        t.details.push_back(d.get<std::string>());
      }
    }
    reply.trials.push_back(t);
  }
  return reply;
}

std::vector<std::string> run_arguments(const std::string& program, const std::string& case_id, const Point& point,
                                       std::uint64_t ops, unsigned reps, unsigned warmup, std::uint64_t warmup_ops,
                                       const std::string& variant) {
  std::vector<std::string> argv{program, "run", "--case", case_id};
  if (point.axes.size() <= 1) argv.insert(argv.end(), {"--axis", point.first().text});
  else
    for (const auto& a : point.axes) argv.insert(argv.end(), {"--axis", a.name + "=" + a.value.text});
  argv.insert(argv.end(), {"--ops", std::to_string(ops), "--reps", std::to_string(reps), "--warmup", std::to_string(warmup)});
  if (warmup > 0 && warmup_ops != ops) argv.insert(argv.end(), {"--warmup-ops", std::to_string(warmup_ops)});
  if (!variant.empty()) argv.insert(argv.end(), {"--variant", variant});
  return argv;
}

}  // namespace benchbox
