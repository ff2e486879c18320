// benchbox/adapter/trial.hpp: one trial of a case: the timed region, its proof and its figures.
#pragma once

#include <cstdint>
#include <ctime>
#include <charconv>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#if __has_include(<valgrind/callgrind.h>)
#include <valgrind/callgrind.h>
#define BENCHBOX_HAVE_CALLGRIND 1
#else
#define BENCHBOX_HAVE_CALLGRIND 0
#endif

#include <benchbox/adapter/hardware_counters.hpp>
#include <benchbox/adapter/json_text.hpp>
#include <benchbox/adapter/process.hpp>

namespace benchbox {

// The protocol a trial line and `describe` speak (docs/protocol.md).
inline constexpr int kProtocolVersion = 3;

// Monotonic nanoseconds; the one clock every C/C++ adapter uses.
inline std::uint64_t now_ns() noexcept {
  timespec ts{};
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return static_cast<std::uint64_t>(ts.tv_sec) * 1000000000ull + static_cast<std::uint64_t>(ts.tv_nsec);
}

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
  // A point of one axis: its value.
  Trial(std::string_view case_name, std::string_view value, std::uint64_t ops, HardwareCounters& counters, bool timed)
      : Trial(case_name, one_axis(value), {}, ops, counters, timed) {}

  std::string_view case_name() const { return case_name_; }
  // The point's value of the (first) axis as a number (0 when the value is a name) and as given.
  // axis_ (not number(), text()): a trial has other numbers (ops, counts); these are the point's.
  std::int64_t axis_number() const { return number(axis_text()); }
  std::string_view axis_text() const { return axes_.empty() ? std::string_view() : std::string_view(axes_.front().second); }
  // The named axis's value, of a case with several axes; throws std::invalid_argument (the run
  // reports it) when the point has no such axis.
  std::int64_t axis_number(std::string_view axis) const { return number(axis_text(axis)); }
  std::string_view axis_text(std::string_view axis) const {
    for (const auto& [name, value] : axes_)
      if (!name.empty() && name == axis) return value;
    throw std::invalid_argument("the point has no axis '" + std::string(axis) + "'");
  }
  // An optional axis's value (AxisSpec::optional), or `fallback`, its default, where the point
  // leaves it out.
  std::string_view axis_text_or(std::string_view axis, std::string_view fallback) const {
    for (const auto& [name, value] : axes_)
      if (!name.empty() && name == axis) return value;
    return fallback;
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
  // The peak resident memory of the work measured, where it ran outside this process (a program
  // the adapter started): reported in place of the adapter's own.
  void peak_resident(std::uint64_t bytes) { peak_resident_ = bytes; }

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
    if (auto peak = peak_resident_ ? *peak_resident_ : peak_resident_bytes()) line += ",\"peak_rss_bytes\":" + std::to_string(peak);
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
  std::optional<std::uint64_t> peak_resident_;
  std::vector<std::pair<std::string, std::uint64_t>> counts_;
  std::vector<std::pair<std::string, double>> figures_;
  std::vector<std::string> details_;
};

}  // namespace benchbox
