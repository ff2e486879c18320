// benchbox/adapter.hpp: the one header every C/C++ library adapter includes.
//
// An adapter is a small program that runs one library's implementation of a module's cases and
// speaks the benchbox protocol (docs/protocol.md) on standard output:
//
//   adapter describe                     -> one JSON line: library, version, variants, cases, n/a reasons
//   adapter run --case C --param P --ops N [--reps R] [--warmup W] [--warmup-ops N] [--variant V]
//                                        -> one JSON line per trial (warm-ups first, then reps)
//
// The parameter P is text: a number ("1000") or a name the module declares ("canada"). A case
// with several axes gets one `--param NAME=VALUE` per axis instead (Trial::param(name)). A
// library that declares variants (a codec's levels) is run once per variant, with --variant.
// The adapter proves its work: each trial reports how many operations really happened, a
// checksum and any further counts the module checks; the driver compares them with what it asked
// for. Only the region between Trial::start() and Trial::stop() is timed (a monotonic nanosecond
// clock), and the same region is the one counted by hardware counters and by Callgrind when those
// are in use. Figures the adapter measures itself (bytes, a score) travel with the trial.
#pragma once

#include <algorithm>
#include <cerrno>
#include <charconv>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <exception>
#include <functional>
#include <map>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#if defined(__linux__)
#include <fcntl.h>
#include <linux/perf_event.h>
#include <sys/ioctl.h>
#include <sys/syscall.h>
#include <unistd.h>
#endif

#if __has_include(<valgrind/callgrind.h>)
#include <valgrind/callgrind.h>
#define BENCHBOX_HAVE_CALLGRIND 1
#else
#define BENCHBOX_HAVE_CALLGRIND 0
#endif

namespace benchbox {

inline constexpr int kProtocolVersion = 2;

// Monotonic nanoseconds; the one clock every C/C++ adapter uses.
inline std::uint64_t now_ns() noexcept {
  timespec ts{};
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return static_cast<std::uint64_t>(ts.tv_sec) * 1000000000ull + static_cast<std::uint64_t>(ts.tv_nsec);
}

// Minimal JSON string escaping for the few strings an adapter prints.
inline std::string json_string(std::string_view s) {
  std::string out = "\"";
  for (unsigned char c : s) {
    switch (c) {
      case '"': out += "\\\""; break;
      case '\\': out += "\\\\"; break;
      case '\n': out += "\\n"; break;
      case '\t': out += "\\t"; break;
      default:
        if (c < 0x20) {
          char buf[8];
          std::snprintf(buf, sizeof buf, "\\u%04x", c);
          out += buf;
        } else {
          out += static_cast<char>(c);
        }
    }
  }
  return out + "\"";
}

// A finite double as JSON (non-finite values become null, which the driver rejects).
inline std::string json_number(double v) {
  if (v != v || v > 1.7e308 || v < -1.7e308) return "null";
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.17g", v);
  return buf;
}

// This process's peak resident memory so far (VmHWM), 0 where unknown. Read by the adapter itself:
// the rusage a parent gets also counts the pages the child inherited from it before exec.
// Read without allocating (open/read into the stack, not fopen): an adapter's bookkeeping between
// trials must leave the allocator as the library left it (glibc consolidates its free lists on the
// first large request, which would otherwise move that work out of the next timed region).
inline std::uint64_t peak_resident_bytes() {
#if defined(__linux__)
  const int fd = open("/proc/self/status", O_RDONLY | O_CLOEXEC);
  if (fd < 0) return 0;
  char text[8192];
  std::size_t got = 0;
  for (ssize_t n; got + 1 < sizeof text && (n = read(fd, text + got, sizeof text - 1 - got)) > 0;) got += static_cast<std::size_t>(n);
  close(fd);
  text[got] = '\0';
  unsigned long long kib = 0;
  if (const char* line = std::strstr(text, "VmHWM:")) std::sscanf(line, "VmHWM: %llu kB", &kib);
  return kib * 1024;
#else
  return 0;
#endif
}

// Where the module's data sets are (the driver sets BENCHBOX_DATA_DIR for every adapter).
inline std::string data_dir() {
  const char* dir = std::getenv("BENCHBOX_DATA_DIR");
  return dir ? dir : "";
}

// Hardware counters (cycles, instructions) of this thread over the measured region, where the
// kernel allows perf_event_open; silently absent otherwise (the driver says "not available").
class HardwareCounters {
 public:
  HardwareCounters() {
#if defined(__linux__)
    if (const char* want = std::getenv("BENCHBOX_COUNTERS"); want && std::string_view(want) == "1") {
      cycles_ = open_counter(PERF_COUNT_HW_CPU_CYCLES);
      instructions_ = open_counter(PERF_COUNT_HW_INSTRUCTIONS);
    }
#endif
  }
  ~HardwareCounters() {
#if defined(__linux__)
    if (cycles_ >= 0) close(cycles_);
    if (instructions_ >= 0) close(instructions_);
#endif
  }
  HardwareCounters(const HardwareCounters&) = delete;
  HardwareCounters& operator=(const HardwareCounters&) = delete;

  void start() noexcept {
    toggle(PERF_EVENT_IOC_RESET);
    toggle(PERF_EVENT_IOC_ENABLE);
  }
  void stop() noexcept { toggle(PERF_EVENT_IOC_DISABLE); }
  void resume() noexcept { toggle(PERF_EVENT_IOC_ENABLE); }  // after stop(), without a reset
  std::optional<std::uint64_t> cycles() const { return read_counter(cycles_); }
  std::optional<std::uint64_t> instructions() const { return read_counter(instructions_); }

 private:
#if defined(__linux__)
  static int open_counter(std::uint64_t config) {
    perf_event_attr attr{};
    attr.type = PERF_TYPE_HARDWARE;
    attr.size = sizeof attr;
    attr.config = config;
    attr.disabled = 1;
    attr.exclude_kernel = 1;
    attr.exclude_hv = 1;
    attr.inherit = 1;  // and the threads a trial starts (allocator: each trial on a thread of its own)
    return static_cast<int>(syscall(SYS_perf_event_open, &attr, 0, -1, -1, 0));
  }
  void toggle(unsigned long request) const noexcept {
    if (cycles_ >= 0) ioctl(cycles_, request, 0);
    if (instructions_ >= 0) ioctl(instructions_, request, 0);
  }
  static std::optional<std::uint64_t> read_counter(int fd) {
    std::uint64_t value = 0;
    if (fd < 0 || read(fd, &value, sizeof value) != static_cast<ssize_t>(sizeof value)) return std::nullopt;
    return value;
  }
  int cycles_ = -1;
  int instructions_ = -1;
#else
  void toggle(unsigned long) const noexcept {}
  static std::optional<std::uint64_t> read_counter(int) { return std::nullopt; }
#endif
};

// One trial: the adapter's case function sets up the library, calls start() right before the
// measured loop and stop() right after it, tears down, then calls finish() with what it counted.
// Work between rounds of the measured operations can be left out with pause() and resume().
class Trial {
 public:
  // The point's axes as given: one unnamed value for a one-axis case, (name, value) otherwise.
  using Axes = std::vector<std::pair<std::string, std::string>>;

  Trial(std::string_view case_name, const Axes& axes, std::string_view variant, std::uint64_t ops, HardwareCounters& counters,
        bool timed)
      : case_name_(case_name), axes_(axes), variant_(variant), ops_(ops), counters_(counters), timed_(timed) {}
  Trial(std::string_view case_name, std::string_view param, std::uint64_t ops, HardwareCounters& counters, bool timed)
      : Trial(case_name, one_axis(param), {}, ops, counters, timed) {}

  std::string_view case_name() const { return case_name_; }
  // The (first) axis's value as a number (0 when the value is a name) and as given.
  std::int64_t param() const { return number(param_text()); }
  std::string_view param_text() const { return axes_.empty() ? std::string_view() : std::string_view(axes_.front().second); }
  // The named axis's value, of a case with several axes; throws std::invalid_argument (the run
  // reports it) when the point has no such axis.
  std::int64_t param(std::string_view axis) const { return number(param_text(axis)); }
  std::string_view param_text(std::string_view axis) const {
    for (const auto& [name, value] : axes_)
      if (!name.empty() && name == axis) return value;
    throw std::invalid_argument("the point has no axis '" + std::string(axis) + "'");
  }
  // The library's variant this trial runs ("3" for a codec's level 3), empty without variants.
  std::string_view variant() const { return variant_; }
  std::uint64_t ops() const { return ops_; }
  // False for a warm-up trial: untimed work (counting allocations, say) may be done inside it.
  bool timed() const { return timed_; }

  // Both are called at most once per trial; the driver rejects a trial whose region is missing.
  void start() noexcept {
    ++starts_;
#if BENCHBOX_HAVE_CALLGRIND
    if (timed_) CALLGRIND_TOGGLE_COLLECT;  // Callgrind counts timed trials only, not warm-ups
#endif
    counters_.start();
    begin_ = now_ns();
  }
  void stop() noexcept {
    end_ = now_ns();
    counters_.stop();
#if BENCHBOX_HAVE_CALLGRIND
    if (timed_) CALLGRIND_TOGGLE_COLLECT;
#endif
    ++stops_;
  }
  // Between start() and stop(), untimed work the measured operations need between rounds
  // (destroying one round's map before the next): pause() leaves the timed region, resume()
  // re-enters it. The clock, the hardware counters and Callgrind all skip the paused spans.
  void pause() noexcept {
    const std::uint64_t t = now_ns();
    counters_.stop();
#if BENCHBOX_HAVE_CALLGRIND
    if (timed_) CALLGRIND_TOGGLE_COLLECT;
#endif
    paused_ns_ -= t;  // paused_ns_ += resume time - pause time
    ++pauses_;
  }
  void resume() noexcept {
#if BENCHBOX_HAVE_CALLGRIND
    if (timed_) CALLGRIND_TOGGLE_COLLECT;
#endif
    counters_.resume();
    paused_ns_ += now_ns();
    ++resumes_;
  }

  // What really happened: the count of operations performed and the module-defined checksum.
  void finish(std::uint64_t done, std::uint64_t checksum) {
    done_ = done;
    checksum_ = checksum;
    finished_ = true;
  }
  // Further proof the module checks by name (a JSON document's statistics, bytes processed...).
  void count(std::string name, std::uint64_t value) { counts_.emplace_back(std::move(name), value); }
  // A figure the adapter measured itself, in the unit the module declares for it (bytes per
  // element, a conformance score...).
  void figure(std::string name, double value) { figures_.emplace_back(std::move(name), value); }
  // A line of detail kept with the row (e.g. a conformance input that failed).
  void detail(std::string line) { details_.push_back(std::move(line)); }

  bool complete() const {
    return finished_ && starts_ == 1 && stops_ == 1 && pauses_ == resumes_ && end_ >= begin_ + paused_ns_;
  }
  std::uint64_t elapsed_ns() const { return end_ - begin_ - paused_ns_; }
  std::uint64_t done() const { return done_; }
  std::uint64_t checksum() const { return checksum_; }

  // The trial's protocol line, without the closing brace.
  std::string json(const std::string& label) const {
    std::string line = "{\"protocol\":" + std::to_string(kProtocolVersion) + ",\"trial\":" + label +
                       ",\"ops\":" + std::to_string(ops_) + ",\"ns\":" + std::to_string(elapsed_ns()) +
                       ",\"done\":" + std::to_string(done_) + ",\"checksum\":" + std::to_string(checksum_);
    if (auto peak = peak_resident_bytes()) line += ",\"peak_rss_bytes\":" + std::to_string(peak);
    if (auto c = counters_.cycles()) line += ",\"cycles\":" + std::to_string(*c);
    if (auto n = counters_.instructions()) line += ",\"instructions\":" + std::to_string(*n);
    line += object("counts", counts_, [](std::uint64_t v) { return std::to_string(v); });
    line += object("figures", figures_, json_number);
    if (!details_.empty()) {
      line += ",\"details\":[";
      for (std::size_t i = 0; i < details_.size(); ++i) line += (i ? "," : "") + json_string(details_[i]);
      line += "]";
    }
    return line;
  }

 private:
  static Axes one_axis(std::string_view value) { return {{std::string(), std::string(value)}}; }
  static std::int64_t number(std::string_view text) {
    std::int64_t v = 0;  // stays 0 for a name
    std::from_chars(text.data(), text.data() + text.size(), v);
    return v;
  }

  template <class T, class Format>
  static std::string object(const char* key, const std::vector<std::pair<std::string, T>>& items, Format format) {
    if (items.empty()) return "";
    std::string out = std::string(",\"") + key + "\":{";
    for (std::size_t i = 0; i < items.size(); ++i)
      out += (i ? "," : "") + json_string(items[i].first) + ":" + format(items[i].second);
    return out + "}";
  }

  std::string_view case_name_;
  Axes axes_;
  std::string_view variant_;
  std::uint64_t ops_;
  HardwareCounters& counters_;
  bool timed_;
  std::uint64_t begin_ = 0, end_ = 0, done_ = 0, checksum_ = 0;
  std::uint64_t paused_ns_ = 0;
  int starts_ = 0, stops_ = 0;
  std::uint64_t pauses_ = 0, resumes_ = 0;
  bool finished_ = false;
  std::vector<std::pair<std::string, std::uint64_t>> counts_;
  std::vector<std::pair<std::string, double>> figures_;
  std::vector<std::string> details_;
};

// How a library runs a case; printed by `describe` and shown by the driver (fairness notes).
// The limits are of the case's first axis.
struct CaseInfo {
  std::string notes;             // how the library's API maps to the module's definition
  std::int64_t min_param = 0;    // smallest numeric parameter this library can honestly run
  std::int64_t max_param = -1;   // largest one (-1: no limit), e.g. a channel without buffers: 0
  // Memory one unit of the numeric parameter costs (a coroutine's stack, a map element): the
  // driver refuses a run that would need more than half the available memory. 0: no check.
  std::uint64_t bytes_per_param = 0;
  // Module-defined facts shown with every row ("style": "symmetric", "stack_bytes": "65536").
  std::vector<std::pair<std::string, std::string>> traits;
  // Why there is a maximum, shown with the n/a of a larger parameter (default: the notes).
  std::string max_param_reason{};
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

  int main(int argc, char** argv) {
    std::vector<std::string_view> args(argv + 1, argv + argc);
    if (args.size() == 1 && args[0] == "describe") return describe();
    if (!args.empty() && args[0] == "run") return run(args);
    return fail("usage: " + std::string(argc > 0 ? argv[0] : "adapter") +
                " describe | run --case NAME --param P --ops N [--reps R] [--warmup W] [--warmup-ops N] [--variant V]");
  }

 private:
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
             ",\"notes\":" + json_string(v.notes) + ",\"traits\":" + traits_json(v.traits) + "}";
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
      out += "\"notes\":" + json_string(e.info.notes) + ",\"min_param\":" + std::to_string(e.info.min_param) +
             (e.info.max_param >= 0 ? ",\"max_param\":" + std::to_string(e.info.max_param) : std::string()) +
             (e.info.max_param >= 0 && !e.info.max_param_reason.empty()
                  ? ",\"max_param_reason\":" + json_string(e.info.max_param_reason)
                  : std::string()) +
             ",\"bytes_per_param\":" + std::to_string(e.info.bytes_per_param) + ",\"traits\":" + traits_json(e.info.traits) +
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
    std::vector<std::string_view> params;  // one per --param, in order
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
      if (key == "--param") {
        r.params.push_back(value);
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
    // One --param is the value of the case's only axis, as given (it may hold '='); several are
    // NAME=VALUE each.
    if (r.params.size() == 1) r.axes = Trial::Axes{{std::string(), std::string(r.params[0])}};
    for (std::size_t k = 0; r.params.size() > 1 && k < r.params.size(); ++k) {
      const auto eq = r.params[k].find('=');
      if (eq == std::string_view::npos || eq == 0) return "--param " + std::string(r.params[k]) + " is not NAME=VALUE";
      r.axes.emplace_back(std::string(r.params[k].substr(0, eq)), std::string(r.params[k].substr(eq + 1)));
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
      return fail("run needs --param P and --ops N (N > 0), --reps R > 0, --warmup-ops W > 0 if given");
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

  // A numeric parameter outside what this library declared it can run.
  static std::optional<std::string> out_of_range(const CaseInfo& info, const std::string& text) {
    const auto number = parse_u64(text);
    if (!number) return std::nullopt;  // a named parameter: the adapter's case function checks it
    if (info.max_param >= 0 && *number > static_cast<std::uint64_t>(info.max_param))
      return "parameter " + text + " is above this library's maximum " + std::to_string(info.max_param);
    if (static_cast<std::int64_t>(*number) < info.min_param)
      return "parameter " + text + " is below this library's minimum " + std::to_string(info.min_param);
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
