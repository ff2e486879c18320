#include "measurement.hpp"

#include <unistd.h>

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "protocol.hpp"

namespace benchbox {
namespace {

std::uint64_t round_up(std::uint64_t v, std::uint64_t multiple) {
  return multiple <= 1 ? v : (v + multiple - 1) / multiple * multiple;
}

// The case's smallest honest count for this parameter, as a multiple of its granularity.
std::uint64_t legal_ops(const CaseSpec& spec, std::int64_t param, std::uint64_t ops) {
  return round_up(std::max(ops, spec.min_ops_per_param * static_cast<std::uint64_t>(std::max<std::int64_t>(param, 0))),
                  spec.ops_multiple);
}

std::string last_line(const std::string& text) {
  const auto end = text.find_last_not_of("\n ");
  if (end == std::string::npos) return "";
  const auto nl = text.rfind('\n', end);
  const auto begin = nl == std::string::npos ? 0 : nl + 1;
  std::string line = text.substr(begin, end - begin + 1);
  return line.size() > 200 ? line.substr(0, 200) + "..." : line;
}

// The result of one adapter process.
struct Batch {
  std::vector<TrialRecord> timed;              // verified timed trials
  std::optional<double> callgrind_per_op;      // instructions mode
  std::string error;                           // non-empty: this batch failed
  bool interrupted = false;
};

// Total instructions Callgrind collected (the "totals:" or "summary:" line of its output).
std::optional<std::uint64_t> callgrind_total(const std::filesystem::path& file) {
  std::ifstream in(file);
  std::string line;
  std::optional<std::uint64_t> total;
  while (std::getline(in, line)) {
    for (const char* key : {"totals:", "summary:"})
      if (line.rfind(key, 0) == 0) {
        std::istringstream fields(line.substr(std::string(key).size()));
        std::uint64_t v = 0;
        if (fields >> v) total = v;
      }
  }
  return total;
}

Batch run_batch(const CaseSpec& spec, const RunSettings& s, const LibraryEntry& lib, const Measurement& m,
                std::uint64_t ops, unsigned reps, unsigned warmup) {
  Batch b;
  std::vector<std::string> argv = run_arguments(lib.program.string(), spec.id, m.param, ops, reps, warmup);
  std::filesystem::path callgrind_file;
  if (s.instructions) {
    callgrind_file = std::filesystem::temp_directory_path() /
                     ("benchbox-callgrind-" + std::to_string(getpid()) + "-" + lib.id + ".out");
    argv.insert(argv.begin(), {s.valgrind, "--tool=callgrind", "--collect-atstart=no", "--dump-line=no",
                               "--callgrind-out-file=" + callgrind_file.string()});
  }
  auto out = run_child(adapter_child(s, argv, s.timeout));
  if (out.interrupted) {
    b.interrupted = true;
    b.error = "interrupted before this measurement finished";
    return b;
  }
  RunReply reply;
  try {
    reply = parse_run(out.out);
  } catch (const ProtocolError& e) {
    b.error = out.succeeded() ? std::string("protocol error: ") + e.what() : child_failure(out);
    return b;
  }
  if (reply.error) {
    b.error = "adapter error: " + *reply.error;
    return b;
  }
  if (!out.succeeded()) {
    b.error = child_failure(out);
    return b;
  }
  if (reply.trials.size() != reps + warmup) {
    b.error = "reported " + std::to_string(reply.trials.size()) + " trials, expected " + std::to_string(reps + warmup);
    return b;
  }
  for (std::size_t k = 0; k < reply.trials.size(); ++k) {
    const TrialRecord& t = reply.trials[k];
    const std::string which = t.warmup ? "warm-up" : "repetition " + std::to_string(b.timed.size() + 1);
    if (t.warmup != (k < warmup) || t.ops != ops) {
      b.error = which + ": trial does not match the request (ops " + std::to_string(t.ops) + ")";
      return b;
    }
    if (auto wrong = spec.verify(m.param, m.traits, TrialProof{t.ops, t.done, t.checksum})) {
      b.error = "verification failed in " + which + ": " + *wrong;
      return b;
    }
    if (t.ns == 0) {
      b.error = which + ": the clock did not advance over the measured loop";
      return b;
    }
    if (!t.warmup) b.timed.push_back(t);
  }
  if (s.instructions) {
    auto total = callgrind_total(callgrind_file);
    std::filesystem::remove(callgrind_file);
    if (!total) {
      b.error = "Callgrind wrote no instruction total";
      return b;
    }
    b.callgrind_per_op = static_cast<double>(*total) / static_cast<double>(ops * reps);
  }
  return b;
}

// Finds an operation count whose repetition lasts about the target: probes grow tenfold (or by
// the factor the last probe suggests) until one lasts 10 ms, then scale. Probes are verified.
std::uint64_t calibrate(const CaseSpec& spec, const RunSettings& s, const LibraryEntry& lib, const Measurement& m,
                        std::string& error) {
  constexpr double kProbeNs = 10e6;
  const double target_ns = static_cast<double>(s.target.count()) * 1e6;
  std::uint64_t ops = legal_ops(spec, m.param, 1000);
  for (int probe = 0; probe < 12; ++probe) {
    Batch b = run_batch(spec, s, lib, m, ops, 1, 0);
    if (!b.error.empty()) {
      error = "calibration: " + b.error;
      return 0;
    }
    const double ns = static_cast<double>(b.timed[0].ns);
    const double per_op = ns / static_cast<double>(ops);
    if (ns >= kProbeNs || ops >= s.max_ops) {
      // Two significant digits: counts people can read and compare.
      double want = std::clamp(target_ns / per_op, 1.0, static_cast<double>(s.max_ops));
      const double scale = std::pow(10.0, std::floor(std::log10(want)) - 1);
      want = std::max(1.0, std::round(want / scale) * scale);
      return legal_ops(spec, m.param, static_cast<std::uint64_t>(want));
    }
    const double factor = std::clamp(kProbeNs * 1.5 / std::max(ns, 1.0), 2.0, 100.0);
    ops = round_up(std::min<std::uint64_t>(s.max_ops, static_cast<std::uint64_t>(static_cast<double>(ops) * factor)),
                   spec.ops_multiple);
  }
  return ops;
}

}  // namespace

std::string child_failure(const ChildOutcome& out) {
  std::string reason = out.failure_reason();
  if (auto tail = last_line(out.err); !tail.empty()) reason += "; stderr: " + tail;
  return reason;
}

ChildSpec adapter_child(const RunSettings& s, std::vector<std::string> argv, std::chrono::milliseconds timeout) {
  ChildSpec c;
  c.argv = std::move(argv);
  c.env = {{"GOMAXPROCS", "1"}};  // single-threaded for every runtime that has the knob
  if (s.counters) c.env.push_back({"BENCHBOX_COUNTERS", "1"});
  c.cpu = s.cpu;
  c.timeout = timeout;
  return c;
}

void measure(const CaseSpec& spec, const RunSettings& s, const LibraryEntry& lib, Measurement& m) {
  auto fail = [&](std::string reason) {
    m.status = Status::failed;
    m.reason = std::move(reason);
    m.ns_per_op.clear();
  };
  if (s.ops) {
    m.ops = legal_ops(spec, m.param, *s.ops);
  } else {
    std::string error;
    m.ops = calibrate(spec, s, lib, m, error);
    if (!error.empty()) return fail(error);
  }
  const unsigned processes = std::max(1u, std::min(s.processes, s.reps));
  double cycles = 0, instructions = 0;
  bool have_cycles = true, have_instructions = true;
  for (unsigned p = 0; p < processes; ++p) {
    const unsigned reps = s.reps / processes + (p < s.reps % processes ? 1 : 0);
    Batch b = run_batch(spec, s, lib, m, m.ops, reps, s.warmup);
    if (!b.error.empty()) return fail(b.error);
    for (const TrialRecord& t : b.timed) {
      const double n = static_cast<double>(t.ops);
      if (s.instructions) {
        m.ns_per_op.push_back(*b.callgrind_per_op);  // the metric's value: instructions per op
        continue;
      }
      m.ns_per_op.push_back(static_cast<double>(t.ns) / n);
      have_cycles = have_cycles && t.cycles;
      have_instructions = have_instructions && t.instructions;
      if (t.cycles) cycles += static_cast<double>(*t.cycles) / n;
      if (t.instructions) instructions += static_cast<double>(*t.instructions) / n;
    }
  }
  m.processes = processes;
  m.status = Status::ok;
  m.verified = true;
  m.metric = s.instructions ? "instructions_per_op" : "ns_per_op";
  m.summary = summarize(m.ns_per_op);
  const double timed = static_cast<double>(m.ns_per_op.size());
  if (s.instructions) {
    m.instructions_per_op = m.summary.median;
  } else {
    if (have_cycles && timed > 0) m.cycles_per_op = cycles / timed;
    if (have_instructions && timed > 0) m.instructions_per_op = instructions / timed;
  }
}

}  // namespace benchbox
