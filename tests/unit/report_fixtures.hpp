// Synthetic results for the report, compare and merge tests.
#pragma once

#include <string>
#include <vector>

#include "report/reporter.hpp"
#include "results/results.hpp"
#include "results/standing.hpp"

namespace benchbox::testing {

inline Measurement row(const std::string& library, const std::string& case_id, std::int64_t param, std::vector<double> reps,
                       Status status = Status::ok, const std::string& reason = "") {
  Measurement m;
  m.module = "coroutine";
  m.case_id = case_id;
  m.unit = case_id == "switch" ? "switches" : "passes";
  m.point = Point::of(AxisValue::of(param));
  m.reference = library == "floor";
  m.rate_unit = m.unit + "/s";
  m.rate_per_op = 1;
  m.peak_rss_bytes = 3 << 20;
  m.param_label = case_id == "switch" ? std::to_string(param) + " coroutines" : "unbuffered";
  m.library = library;
  m.version = "1.0";
  m.status = status;
  m.reason = reason;
  m.verified = status == Status::ok;
  m.ops = 100000;
  m.processes = 1;
  if (status == Status::ok) {
    m.values = std::move(reps);
    m.summary = summarize(m.values);
  }
  return m;
}

// Two cases: switch/2 with the floor, three libraries (one 50x slower: log scale), a failed row
// and an n/a row; channel/0 with two libraries.
inline Results sample_results() {
  Results r;
  r.context = {{"host", "testhost"}, {"cpu_model", "Test CPU"}, {"os", "Debian 12"}, {"date", "2024-01-01T00:00:00Z"},
               {"cpu_count", 4}, {"build_type", "Release"}, {"governor", "performance"},
               {"load_average", {0.1, 0.2, 0.3}}, {"command_line", {"benchbox", "coroutine"}},
               {"caches", {{{"level", "1"}, {"type", "Data"}, {"size", "32K"}}}}};
  r.warnings = {"running in a virtual machine"};
  r.measurements = {
      row("floor", "switch", 2, {2.0, 2.1, 2.05, 1.98, 2.02}),
      row("tbox", "switch", 2, {10.0, 10.5, 10.2, 9.9, 10.1}),
      row("boost.context", "switch", 2, {5.0, 5.1, 5.2, 4.9, 5.0}),
      row("ucontext", "switch", 2, {100.0, 101.0, 99.0, 102.0, 100.5}),
      row("libmill", "switch", 2, {}, Status::failed, "killed by signal 11, \"segfault\""),
      row("lua", "switch", 2, {}, Status::not_applicable, "no channel, no switch"),
      row("floor", "channel", 0, {20.0, 21.0, 20.5}),
      row("golang", "channel", 0, {30.0, 31.0, 30.5}),
  };
  set_standings(r);  // as a run and a loaded file have them
  return r;
}

// Strings an attacker could put in a results file that travelled from another machine.
inline constexpr const char* kHostile = "<script>alert(\"x\")</script>'&\"<img src=x onerror=alert(1)>";

inline Results hostile_results() {
  Results r = sample_results();
  r.context["host"] = kHostile;
  r.context["cpu_model"] = std::string("cpu ") + kHostile;
  r.context["os"] = kHostile;
  r.context["compiler"] = kHostile;
  r.warnings.push_back(kHostile);
  for (auto& m : r.measurements) {
    m.library = m.library + kHostile;
    m.version = kHostile;
    m.param_label = kHostile;
    m.unit = kHostile;
    if (m.status != Status::ok) m.reason = kHostile;
  }
  r.measurements[0].case_id = kHostile;
  return r;
}

}  // namespace benchbox::testing
