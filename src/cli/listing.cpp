#include "cli/listing.hpp"

#include <optional>
#include <fmt/format.h>

#include <algorithm>
#include <map>
#include <utility>

#include "run/runner.hpp"

namespace benchbox {
namespace {

std::string cases_text(const Module& m) {
  std::string out = "  cases:\n";
  std::size_t width = 12;
  for (const auto& c : m.cases) width = std::max(width, c.id.size());
  for (const auto& c : m.cases) {
    std::vector<std::string> axes;
    for (const auto& p : c.axes)
      axes.push_back(fmt::format("{} ({}; {})", p.name,
                                 p.choices.empty() && p.free_text ? p.help
                                 : p.named() ? fmt::format("one of {}{}", fmt::join(p.choices, ", "), p.user_file ? ", or a file's path" : "")
                                             : fmt::format("{}..{}", p.min, p.max),
                                 c.in_suite ? fmt::format("{}default {}, suite: {}", p.optional ? "optional, " : "", p.default_value, fmt::join(p.suite, ", "))
                                            : "yours only, not in the suite"));
    out += fmt::format("    {:<{}} unit: {}; figure: {} ({}); {}: {}{}{}\n      {}\n", c.id, width, c.unit, c.figure.label,
                       c.figure.direction(), axes.size() == 1 ? "parameter" : "parameters", fmt::join(axes, " x "),
                       c.suite_points.empty() ? "" : fmt::format("; suite: {} listed points", c.suite_points.size()),
                       c.cpus > 1 ? fmt::format("; unpinned, {} CPUs", c.cpus) : "", c.description);
    if (!c.timed.empty()) out += fmt::format("      timed: {}\n", c.timed);
  }
  return out;
}

// The cases a library declares, in the module's order (then any the module does not know). A
// case the adapter does not mention is n/a, as in a run.
std::vector<std::pair<std::string, CaseSupport>> cases_of(const Module& m, const LibraryDescription& d) {
  std::vector<std::pair<std::string, CaseSupport>> out;
  for (const auto& c : m.cases) {
    auto it = d.cases.find(c.id);
    out.emplace_back(c.id, it != d.cases.end() ? it->second : CaseSupport{false, kUndeclaredCaseReason, {}});
  }
  for (const auto& [id, support] : d.cases)
    if (!m.find_case(id)) out.emplace_back(id, support);
  return out;
}

// "switch (stack_bytes 65536, style symmetric); channel: n/a (why); ...": every case in full.
std::string verbose_cases(const std::vector<std::pair<std::string, CaseSupport>>& cases) {
  std::vector<std::string> parts;
  for (const auto& [id, support] : cases) {
    if (!support.applicable) {
      parts.push_back(fmt::format("{}: n/a ({})", id, support.not_applicable_reason));
      continue;
    }
    std::vector<std::string> traits;
    for (const auto& [k, v] : support.traits.values) traits.push_back(k + " " + v);
    parts.push_back(traits.empty() ? id : fmt::format("{} ({})", id, fmt::join(traits, ", ")));
  }
  return fmt::format("{}", fmt::join(parts, "; "));
}

// "cases: switch, create, memory; n/a: channel", then one line per trait: "style: asymmetric", or
// where the cases differ "style: symmetric in switch, channel; asymmetric in create, memory".
// "offers: crc32, adler32": the values of a case's first axis the library runs, where it declares
// some it does not offer at all (CaseInfo::not_applicable_at: the hashing module's algorithms).
std::optional<std::string> offered(const Module& module, const std::vector<std::pair<std::string, CaseSupport>>& cases) {
  for (const auto& [id, support] : cases) {
    const CaseSpec* spec = module.find_case(id);
    if (!support.applicable || support.traits.not_applicable_at.empty() || !spec || !spec->axes.front().named()) continue;
    std::vector<std::string> values;
    for (const auto& value : spec->axes.front().choices)
      if (!support.traits.not_applicable_at.count(value)) values.push_back(value);
    return fmt::format("offers: {}", values.empty() ? "none" : fmt::format("{}", fmt::join(values, ", ")));
  }
  return std::nullopt;
}

std::vector<std::string> compact_cases(const std::vector<std::pair<std::string, CaseSupport>>& cases) {
  std::vector<std::string> runs, not_applicable;
  using CasesByValue = std::vector<std::pair<std::string, std::vector<std::string>>>;  // in order of appearance
  std::map<std::string, CasesByValue> traits;
  for (const auto& [id, support] : cases) {
    (support.applicable ? runs : not_applicable).push_back(id);
    if (!support.applicable) continue;
    for (const auto& trait : support.traits.values) {
      const std::string& value = trait.second;  // a named copy: clang does not capture structured bindings
      CasesByValue& values = traits[trait.first];
      auto v = std::find_if(values.begin(), values.end(), [&](const auto& e) { return e.first == value; });
      if (v == values.end()) v = values.insert(values.end(), {value, {}});
      v->second.push_back(id);
    }
  }
  std::vector<std::string> lines{fmt::format("cases: {}", runs.empty() ? "none" : fmt::format("{}", fmt::join(runs, ", ")))};
  if (!not_applicable.empty()) lines.front() += fmt::format("; n/a: {}", fmt::join(not_applicable, ", "));
  for (const auto& [key, values] : traits) {
    if (values.size() == 1 && values.front().second.size() == runs.size()) {
      lines.push_back(fmt::format("{}: {}", key, values.front().first));
      continue;
    }
    std::vector<std::string> parts;
    for (const auto& [value, ids] : values) parts.push_back(fmt::format("{} in {}", value, fmt::join(ids, ", ")));
    lines.push_back(fmt::format("{}: {}", key, fmt::join(parts, "; ")));
  }
  return lines;
}

// "outside the suite, by name only: --lib zopfli:15 (zopfli i15)": the rows a run leaves out unless
// --lib names them (VariantInfo::by_name).
std::optional<std::string> by_name_rows(const std::string& id, const LibraryDescription& d) {
  std::vector<std::string> rows;
  for (const auto& v : d.variants)
    if (v.by_name) rows.push_back(fmt::format("{}:{}{}", id, v.id, v.label.empty() ? "" : " (" + v.label + ")"));
  if (rows.empty()) return std::nullopt;
  return fmt::format("outside the suite, by name only: --lib {}", fmt::join(rows, ", "));
}

}  // namespace

std::string list_module(const Module& module, const std::vector<LibraryEntry>& catalog, const RunSettings& settings,
                        Executor& executor, bool verbose) {
  std::string out = fmt::format("module {}: {}\n", module.id, module.description) + cases_text(module) + "  libraries:\n";
  std::size_t width = 16;
  for (const auto& lib : catalog) width = std::max(width, lib.id.size());
  auto line = [&](const std::string& id, const std::string& text) { out += fmt::format("    {:<{}} {}\n", id, width, text); };
  for (const auto& lib : catalog) {
    if (!lib.available) {
      line(lib.id, "not available: " + lib.reason);
      if (!lib.enable.empty()) line("", "to enable: " + lib.enable);
      continue;
    }
    const Described d = describe_library(settings, lib, executor);
    if (!d.description) {
      line(lib.id, "BROKEN: " + d.error);
      continue;
    }
    const auto cases = cases_of(module, *d.description);
    const std::string heading = fmt::format("available, version {}{}{}", d.description->version, lib.reference ? " (reference)" : "",
                                            lib.by_name ? "; outside the suite, by name only: --lib " + lib.id : "");
    if (verbose) {
      line(lib.id, heading + ": " + verbose_cases(cases));
      continue;
    }
    line(lib.id, heading);
    // A version or build row runs its own library with its folder's adapter: the traits below are
    // the folder's library.json, written for the library it is another row of.
    if (!lib.base.empty())
      line("", fmt::format("another row of {}: {}; the traits below are {}'s folder's", lib.base, lib.build, lib.base));
    for (const auto& text : compact_cases(cases)) line("", text);
    if (auto offers = offered(module, cases)) line("", *offers);
    if (auto rows = by_name_rows(lib.id, *d.description)) line("", *rows);
  }
  return out;
}

std::string list_summary(const std::vector<std::pair<const Module*, std::vector<LibraryEntry>>>& modules) {
  std::string out;
  for (const auto& [module, catalog] : modules) {
    std::vector<std::string> cases;
    for (const auto& c : module->cases) cases.push_back(c.id);
    const auto here = std::count_if(catalog.begin(), catalog.end(), [](const LibraryEntry& l) { return l.available && !l.reference; });
    const auto all = std::count_if(catalog.begin(), catalog.end(), [](const LibraryEntry& l) { return !l.reference; });
    out += fmt::format("{:<14}{}\n{:<14}cases: {}; libraries: {} of {} available here\n", module->id, module->description, "",
                       fmt::join(cases, ", "), here, all);
  }
  return out + "\nbenchbox list MODULE: its cases, their axes and every library, and why one is not available\n";
}

}  // namespace benchbox
