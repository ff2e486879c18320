// benchbox/adapter/library_adapter.hpp: the adapter program: its cases, `describe` and `run`.
#pragma once

#include <algorithm>
#include <cerrno>
#include <charconv>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <exception>
#include <functional>
#include <map>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include <benchbox/adapter/hardware_counters.hpp>
#include <benchbox/adapter/json_text.hpp>
#include <benchbox/adapter/trial.hpp>

namespace benchbox {

// How a library runs a case; printed by `describe` and shown by the driver (fairness notes).
// The limits are of the case's first axis, where its values are numbers.
struct CaseInfo {
  std::string notes;             // how the library's API maps to the module's definition
  std::int64_t min_value = 0;    // smallest value of the first axis this library can honestly run
  std::int64_t max_value = -1;   // largest one (-1: no limit), e.g. a channel without buffers: 0
  // Memory one unit of the first axis costs (a coroutine's stack, a map element): the driver
  // refuses a run that would need more than half the available memory. 0: no check.
  std::uint64_t bytes_per_unit = 0;
  // Module-defined facts shown with every row ("style": "symmetric", "stack_bytes": "65536").
  std::vector<std::pair<std::string, std::string>> traits;
  // Why there is a maximum, shown with the n/a of a larger value (default: the notes).
  std::string max_value_reason{};
  // Named values of the first axis this library cannot run, each with why (a floor that only
  // finds literals: the benchmarks whose pattern is not one); their rows are n/a with the reason.
  std::vector<std::pair<std::string, std::string>> not_applicable_at{};
};

// One row of a library among several from the same adapter: a compression level ("3"), shown as
// its label ("zstd -3"); every case runs once per variant (Trial::variant()).
struct VariantInfo {
  std::string label;  // the row's name in every table; empty: "<library>:<variant>"
  std::string notes{};  // added to the case's notes ("level 3 of ZSTD_compressCCtx")
  std::vector<std::pair<std::string, std::string>> traits{};  // over the case's ("level": "3")
  // Values of a case's first axis this row does not offer though the library's other rows do (a
  // hashing library's entry point that computes fewer algorithms), each with why: added to the
  // case's not_applicable_at for this row's points only.
  std::vector<std::pair<std::string, std::string>> not_applicable_at{};
  // A row outside the suite, run only when --lib names it (LIBRARY:VARIANT): a setting too slow
  // for the suite's budget (a codec's strongest level), still a row like the others when asked for.
  bool by_name = false;
};

using CaseFunction = std::function<void(Trial&)>;

// Thrown by a case function that finds, trying, that the library cannot run the point (a search
// past the engine's own backtracking limit): the row is n/a with the message, not failed.
struct NotApplicable : std::runtime_error {
  using std::runtime_error::runtime_error;
};

// The protocol line that says so, with its newline; an adapter that cannot throw from where it
// finds out (a time limit's signal handler) writes it itself, then exits with status 0.
inline std::string not_applicable_line(std::string_view reason) {
  return "{\"protocol\":" + std::to_string(kProtocolVersion) + ",\"not_applicable\":" + json_string(reason) + "}\n";
}

// The adapter program: its id, version, facts (info), cases and variants, and main(), which
// serves `describe` and `run`. Every module's `Library` derives from it: its own add calls say,
// in the module's terms, what the library runs, and its serve() turns them into cases first.
class Adapter {
 public:
  Adapter(std::string id, std::string version) : id_(std::move(id)), version_(std::move(version)) {
#if defined(__OPTIMIZE__)
    info_["optimized"] = "yes";
#else
    info_["optimized"] = "no";  // the driver warns: numbers of an unoptimised build mislead
#endif
    info_["callgrind"] = BENCHBOX_HAVE_CALLGRIND ? "supported" : "unsupported";
  }

  Adapter& info(std::string key, std::string value) {
    info_[std::move(key)] = std::move(value);
    return *this;
  }
  Adapter& add(std::string case_name, CaseInfo info, CaseFunction fn) {
    cases_[case_name] = Entry{std::move(info), std::move(fn), {}};
    return *this;
  }
  Adapter& not_applicable(std::string case_name, std::string reason) {
    cases_[case_name] = Entry{{}, {}, std::move(reason)};
    return *this;
  }
  // Declares a variant (id: letters, digits and ".-_+"); in the order declared, the rows' order.
  Adapter& variant(std::string id, VariantInfo info) {
    variants_.emplace_back(std::move(id), std::move(info));
    return *this;
  }

  virtual ~Adapter() = default;
  Adapter(const Adapter&) = delete;
  Adapter& operator=(const Adapter&) = delete;

  // The program's main(): what the module does first (serve), then the command.
  int main(int argc, char** argv) { return serve(argc, argv); }

 protected:
  // A module's hook: what it does before the command (declaring the cases its add calls
  // collected; reading library.json only to describe), ending with Adapter::serve, which serves
  // the command. Allocator's runs the command on a thread of its own where a run asks for it.
  virtual int serve(int argc, char** argv) { return command(argc, argv); }

  const std::string& id() const { return id_; }
  const std::string& version() const { return version_; }
  // The version, where only library.json gives it and the module reads that only to describe.
  void set_version(std::string version) { version_ = std::move(version); }

 private:
  int command(int argc, char** argv) {
    std::vector<std::string_view> args(argv + 1, argv + argc);
    if (args.size() == 1 && args[0] == "describe") return describe();
    if (!args.empty() && args[0] == "run") return run(args);
    return fail("usage: " + std::string(argc > 0 ? argv[0] : "adapter") +
                " describe | run --case NAME --axis VALUE --ops N [--reps R] [--warmup W] [--warmup-ops N] [--variant V]");
  }

  struct Entry {
    CaseInfo info;
    CaseFunction fn;
    std::string na_reason;
  };

  static std::string traits_json(const std::vector<std::pair<std::string, std::string>>& traits) {
    std::string out = "{";
    for (std::size_t i = 0; i < traits.size(); ++i)
      out += (i ? "," : "") + json_string(traits[i].first) + ":" + json_string(traits[i].second);
    return out + "}";
  }

  std::string variants_json() const {
    if (variants_.empty()) return "";
    std::string out = ",\"variants\":[";
    for (std::size_t i = 0; i < variants_.size(); ++i) {
      const auto& [id, v] = variants_[i];
      out += (i ? ",{\"id\":" : "{\"id\":") + json_string(id) + ",\"label\":" + json_string(v.label) +
             ",\"notes\":" + json_string(v.notes) + ",\"traits\":" + traits_json(v.traits) +
             (v.not_applicable_at.empty() ? std::string() : ",\"not_applicable_at\":" + traits_json(v.not_applicable_at)) +
             (v.by_name ? ",\"by_name\":true}" : "}");
    }
    return out + "]";
  }

  int describe() const {
    std::string out = "{\"protocol\":" + std::to_string(kProtocolVersion) + ",\"id\":" + json_string(id_) +
                      ",\"version\":" + json_string(version_) + ",\"info\":{";
    bool first = true;
    for (const auto& [k, v] : info_) {
      out += (first ? "" : ",") + json_string(k) + ":" + json_string(v);
      first = false;
    }
    out += "}" + variants_json() + ",\"cases\":{";
    first = true;
    for (const auto& [name, e] : cases_) {
      out += (first ? "" : ",") + json_string(name) + ":{";
      first = false;
      if (!e.fn) {
        out += "\"not_applicable\":" + json_string(e.na_reason) + "}";
        continue;
      }
      out += "\"notes\":" + json_string(e.info.notes) + ",\"min_value\":" + std::to_string(e.info.min_value) +
             (e.info.max_value >= 0 ? ",\"max_value\":" + std::to_string(e.info.max_value) : std::string()) +
             (e.info.max_value >= 0 && !e.info.max_value_reason.empty()
                  ? ",\"max_value_reason\":" + json_string(e.info.max_value_reason)
                  : std::string()) +
             ",\"bytes_per_unit\":" + std::to_string(e.info.bytes_per_unit) + ",\"traits\":" + traits_json(e.info.traits) +
             (e.info.not_applicable_at.empty() ? std::string() : ",\"not_applicable_at\":" + traits_json(e.info.not_applicable_at)) +
             "}";
    }
    std::printf("%s}}\n", out.c_str());
    return 0;
  }

  static std::optional<std::uint64_t> parse_u64(std::string_view s) {
    std::uint64_t v = 0;
    auto [p, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
    if (ec != std::errc{} || p != s.data() + s.size()) return std::nullopt;
    return v;
  }

  // What `run` asks for, parsed from its options.
  struct Request {
    std::string case_name, variant;
    std::vector<std::string_view> values;  // one per --axis, in order
    Trial::Axes axes;
    std::optional<std::uint64_t> ops, reps = 1, warmup = 0, warmup_ops;
  };

  // The options into `r`; an error message when one is unknown or malformed.
  static std::optional<std::string> parse_request(const std::vector<std::string_view>& args, Request& r) {
    for (std::size_t i = 1; i < args.size(); ++i) {
      if (i + 1 >= args.size()) return "missing value after " + std::string(args[i]);
      std::string_view key = args[i], value = args[++i];
      if (key == "--case" || key == "--variant") {
        (key == "--case" ? r.case_name : r.variant) = value;
        continue;
      }
      if (key == "--axis") {
        r.values.push_back(value);
        continue;
      }
      std::optional<std::uint64_t>* slot = key == "--ops"          ? &r.ops
                                           : key == "--reps"       ? &r.reps
                                           : key == "--warmup"     ? &r.warmup
                                           : key == "--warmup-ops" ? &r.warmup_ops
                                                                   : nullptr;
      if (!slot) return "unknown option " + std::string(key);
      *slot = parse_u64(value);
      if (!*slot) return "not a non-negative integer: " + std::string(key) + " " + std::string(value);
    }
    // One --axis is the value of the case's only axis, as given (it may hold '='); several are
    // NAME=VALUE each.
    if (r.values.size() == 1) r.axes = Trial::Axes{{std::string(), std::string(r.values[0])}};
    for (std::size_t k = 0; r.values.size() > 1 && k < r.values.size(); ++k) {
      const auto eq = r.values[k].find('=');
      if (eq == std::string_view::npos || eq == 0) return "--axis " + std::string(r.values[k]) + " is not NAME=VALUE";
      r.axes.emplace_back(std::string(r.values[k].substr(0, eq)), std::string(r.values[k].substr(eq + 1)));
    }
    return std::nullopt;
  }

  // Whether --variant names a declared variant (and is given exactly when there are some).
  std::optional<std::string> variant_problem(const std::string& variant) const {
    if (variants_.empty()) return variant.empty() ? std::nullopt : std::optional<std::string>("this library has no variants");
    for (const auto& [id, info] : variants_)
      if (id == variant) return std::nullopt;
    return variant.empty() ? "run needs --variant V: this library declares variants" : "unknown variant '" + variant + "'";
  }

  int run(const std::vector<std::string_view>& args) {
    Request r;
    if (auto wrong = parse_request(args, r)) return fail(*wrong);
    auto it = cases_.find(r.case_name);
    if (it == cases_.end()) return fail("unknown case '" + r.case_name + "'");
    if (!it->second.fn) return fail("case '" + r.case_name + "' is not applicable: " + it->second.na_reason);
    if (r.axes.empty() || r.axes.front().second.empty() || !r.ops || *r.ops == 0 || *r.reps == 0 ||
        (r.warmup_ops && *r.warmup_ops == 0))
      return fail("run needs --axis VALUE and --ops N (N > 0), --reps R > 0, --warmup-ops W > 0 if given");
    if (auto wrong = variant_problem(r.variant)) return fail(*wrong);
    if (auto wrong = out_of_range(it->second.info, r.axes.front().second)) return fail(*wrong);

    // Standard output's buffer is static: allocated by stdio at the first line, it would be
    // the process's first large request after the warm-up, and glibc would consolidate the free
    // lists the library left there, untimed, sparing the next timed region work that a user's
    // program does (every line is flushed anyway).
    static char output_buffer[1 << 16];
    std::setvbuf(stdout, output_buffer, _IOFBF, sizeof output_buffer);
    HardwareCounters counters;
    const std::uint64_t total = *r.warmup + *r.reps;
    for (std::uint64_t t = 0; t < total; ++t) {
      Trial trial(r.case_name, r.axes, r.variant, t < *r.warmup ? r.warmup_ops.value_or(*r.ops) : *r.ops, counters,
                  t >= *r.warmup);
      try {
        it->second.fn(trial);
      } catch (const NotApplicable& e) {
        std::fputs(not_applicable_line(e.what()).c_str(), stdout);
        std::fflush(stdout);
        return 0;
      } catch (const std::exception& e) {  // e.g. a data set that cannot be read
        return fail(std::string("case ") + r.case_name + ": " + e.what());
      }
      if (!trial.complete()) return fail("adapter bug: trial did not call start(), stop() and finish() exactly once");
      const std::string label = t < *r.warmup ? std::string("\"warmup\"") : std::to_string(t - *r.warmup + 1);
      std::printf("%s}\n", trial.json(label).c_str());
      std::fflush(stdout);
    }
    return 0;
  }

  // A numeric value of the first axis outside what this library declared it can run.
  static std::optional<std::string> out_of_range(const CaseInfo& info, const std::string& text) {
    const auto number = parse_u64(text);
    if (!number) return std::nullopt;  // a named value: the adapter's case function checks it
    if (info.max_value >= 0 && *number > static_cast<std::uint64_t>(info.max_value))
      return "value " + text + " is above this library's maximum " + std::to_string(info.max_value);
    if (static_cast<std::int64_t>(*number) < info.min_value)
      return "value " + text + " is below this library's minimum " + std::to_string(info.min_value);
    return std::nullopt;
  }

  static int fail(const std::string& message) {
    std::printf("{\"protocol\":%d,\"error\":%s}\n", kProtocolVersion, json_string(message).c_str());
    std::fflush(stdout);
    return 2;
  }

  std::string id_, version_;
  std::map<std::string, std::string> info_;
  std::map<std::string, Entry> cases_;
  std::vector<std::pair<std::string, VariantInfo>> variants_;
};

}  // namespace benchbox
