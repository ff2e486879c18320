// An executor that starts no process: it answers `describe` and `run` as an adapter of the fake
// module (tests/fake) would, on a simulated clock, so that a run's figures are exact. The runner's
// tests (runner_test.cpp) and the command line's (cli_test.cpp) run through it.
#pragma once

#include <signal.h>

#include <cstdint>
#include <fstream>
#include <functional>
#include <cmath>
#include <map>
#include <random>
#include <string>
#include <utility>
#include <vector>

#include "fake/checksums.hpp"
#include "run/executor.hpp"

namespace benchbox {

class FakeExecutor : public Executor {
 public:
  // `describe`'s answer for every library; empty: each library's as tests/fake/adapter.cpp
  // answers, under the id its manifest gives it (BENCHBOX_FAKE_ID).
  std::string describe_line =
      R"({"protocol":3,"id":"fake","version":"9","info":{"optimized":"yes"},"cases":{"step":{"notes":"","min_value":2,)"
      R"("bytes_per_unit":65536,"traits":{"style":"plain loop","lane_bytes":"65536"}},"pass":{"not_applicable":"no buffer"}}})";
  double per_op_ns = 10;
  std::map<std::string, double> per_op_ns_of;  // a library's own ("steady", or "steady:fast" for a variant)
  double cold_ns = 0;  // added to each process's first trial: stacks, pages and caches touched first
  std::uint64_t peak_rss = 5u << 20;
  // The step case's proof (done, checksum) of `ops` steps with `param` lanes; correct by default.
  std::function<std::pair<std::uint64_t, std::uint64_t>(std::uint64_t ops, std::int64_t param)> proof =
      [](std::uint64_t ops, std::int64_t param) {
        return std::pair{ops, fake::step_checksum(ops, static_cast<std::uint64_t>(param))};
      };
  // BENCHBOX_FAULT of the driver's environment: what a library does whose manifest sets none
  // (tests/fake: `faulty`). describe_crash, segfault (the run killed), wrong_count, wrong_checksum.
  std::string fault;
  std::map<std::string, std::string> variants;  // library -> the "variants" of its describe (JSON)
  // Under Callgrind (instructions mode: the adapter's argv behind `valgrind --tool=callgrind ...`),
  // the total it writes for the timed trials: this many instructions an operation.
  std::uint64_t instructions_per_op = 250;
  std::vector<ChildSpec> calls;
  // Noise: each process's trials are slowed by a factor drawn once per process, exp(N(0, sigma))
  // (a library's own sigma in noise_of, "steady" or "steady:fast"), from a generator seeded here.
  double noise = 0;
  std::map<std::string, double> noise_of;
  std::mt19937_64 noise_rng{7};
  // The simulated clock the run's budget is spent on: each process advances it by its trials'
  // time and this start-up.
  double process_seconds = 0.01;
  double clock = 0;
  double seconds() const override { return clock; }

  ChildOutcome run(const ChildSpec& spec) override {
    calls.push_back(spec);
    clock += process_seconds;
    const bool describing = spec.argv.back() == "describe";
    const std::string f = env(spec, "BENCHBOX_FAULT", fault);
    ChildOutcome out;
    if ((describing && f == "describe_crash") || (!describing && f == "segfault")) {
      out.signal = SIGSEGV;
      return out;
    }
    out.exit_code = 0;
    out.peak_rss_bytes = peak_rss;
    out.out = describing ? described(env(spec, "BENCHBOX_FAKE_ID", "fake")) : trials(spec, f);
    if (!describing) write_callgrind_total(spec);
    return out;
  }

 private:
  static std::string env(const ChildSpec& spec, const std::string& key, const std::string& otherwise) {
    for (const auto& [k, v] : spec.env)
      if (k == key) return v;
    return otherwise;
  }

  std::string described(const std::string& id) const {
    if (!describe_line.empty()) return describe_line + "\n";
    const std::string traits = R"("traits":{"style":"plain loop")";
    const auto variant_list = variants.find(id);
    return R"({"protocol":3,"id":")" + id + R"(","version":"0.0-test","info":{"callgrind":"supported","optimized":"yes"},)" +
           (variant_list == variants.end() ? "" : R"("variants":)" + variant_list->second + ",") +
           R"("cases":{"pass":{"notes":"a ring of slots","min_value":0,"bytes_per_unit":8,)" + traits + "}}," +
           R"("size":{"notes":"a vector of 64-byte items","min_value":1,"bytes_per_unit":64,)" + traits + "}}," +
           R"("step":{"notes":"a loop over the lanes","min_value":1,"bytes_per_unit":4096,)" + traits +
           R"(,"lane_bytes":"4096"}}}})" + "\n";
  }

  std::uint64_t trial_ns(double ns) {
    clock += ns / 1e9;
    return static_cast<std::uint64_t>(ns);
  }

  std::pair<std::uint64_t, std::uint64_t> proof_of(const std::string& case_id, std::uint64_t ops, std::int64_t param) const {
    if (case_id == "step") return proof(ops, param);
    if (case_id == "size") return {param, fake::value_sum(static_cast<std::uint64_t>(param))};
    return {ops, fake::value_sum(ops)};
  }

  static std::string arg_of(const ChildSpec& spec, const std::string& key) {
    for (std::size_t i = 0; i + 1 < spec.argv.size(); ++i)
      if (spec.argv[i] == key) return spec.argv[i + 1];
    return std::string();
  }

  void write_callgrind_total(const ChildSpec& spec) const {
    const std::string out_file = "--callgrind-out-file=";
    for (const auto& a : spec.argv)
      if (a.rfind(out_file, 0) == 0)
        std::ofstream(a.substr(out_file.size()))
            << "totals: " << instructions_per_op * std::stoull(arg_of(spec, "--ops")) * std::stoull(arg_of(spec, "--reps")) << "\n";
  }

  // One JSON line per trial, warm-ups first, each with its proof (spoilt as the fault says).
  std::string trials(const ChildSpec& spec, const std::string& f) {
    auto arg = [&](const std::string& key) { return arg_of(spec, key); };
    const auto timed_ops = std::stoull(arg("--ops")), reps = std::stoull(arg("--reps")), warmup = std::stoull(arg("--warmup"));
    const auto warmup_ops = arg("--warmup-ops").empty() ? timed_ops : std::stoull(arg("--warmup-ops"));
    const std::string library = env(spec, "BENCHBOX_FAKE_ID", "fake") + (arg("--variant").empty() ? "" : ":" + arg("--variant"));
    const double sigma = noise_of.count(library) ? noise_of.at(library) : noise;
    const double slowed = sigma > 0 ? std::exp(std::normal_distribution<double>(0, sigma)(noise_rng)) : 1;
    const double ns_per_op = (per_op_ns_of.count(library) ? per_op_ns_of.at(library) : per_op_ns) * slowed;
    const std::string figures = arg("--case") == "size" ? R"(,"figures":{"bytes_per_item":64})" : "";
    std::string out;
    for (std::uint64_t t = 0; t < warmup + reps; ++t) {
      const auto ops = t < warmup ? warmup_ops : timed_ops;
      auto [done, checksum] = proof_of(arg("--case"), ops, std::stoll(arg("--axis")));
      done -= f == "wrong_count" ? 1 : 0;
      checksum /= f == "wrong_checksum" ? 2 : 1;
      out += "{\"protocol\":3,\"trial\":" + (t < warmup ? std::string("\"warmup\"") : std::to_string(t - warmup + 1)) +
             ",\"ops\":" + std::to_string(ops) +
             ",\"ns\":" + std::to_string(trial_ns(ns_per_op * static_cast<double>(ops) + (t == 0 ? cold_ns : 0))) +
             ",\"done\":" + std::to_string(done) + ",\"checksum\":" + std::to_string(checksum) + figures + "}\n";
    }
    return out;
  }
};

}  // namespace benchbox
