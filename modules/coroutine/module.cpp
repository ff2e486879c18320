// The coroutine module, driver side: its cases, units and how each trial's proof is checked.
// Definitions (docs/method.md):
//  - switch: one transfer of control from one coroutine (or the caller/scheduler) to another;
//    a resume followed by a yield is two switches. N coroutines yield round-robin.
//  - pass: one value sent by a producer coroutine and received by a consumer in the same thread.
//  - create: one coroutine created, entered once, run to its end and released.
//  - memory: the resident bytes one suspended coroutine costs, with N alive.
#include <algorithm>
#include <string>
#include <utility>
#include <vector>

#include "cases.hpp"
#include "checksums.hpp"
#include <benchbox/module.hpp>

// Inside the module's namespace: its case ids and proofs by their short names.
namespace benchbox::coroutine {
namespace {


std::optional<std::uint64_t> count_of(const TrialProof& p, const std::string& name) {
  auto it = p.counts.find(name);
  if (it == p.counts.end()) return std::nullopt;
  return it->second;
}

// The timed switches are a plain loop per coroutine (common/coroutine_adapter.hpp, SwitchTally):
// its count is proven around it. Asymmetric: every coroutine finished its turns in the caller's
// last resume and not before (checksum = how many did). Scheduler and symmetric: the two proof
// phases (before and after the timed loop, kProofLaps laps each) booked every entry round-robin
// (checksum = their sums of squared entries per coroutine) with no yield that came back to itself.
std::optional<std::string> verify_switch(const CaseContext& c, const TrialProof& p) {
  if (p.done != p.ops)
    return "did " + std::to_string(p.done) + " switches, asked for " + std::to_string(p.ops) +
           " (the timed loop did not run to its end in every coroutine)";
  const std::uint64_t n = static_cast<std::uint64_t>(c.point.first().number.value_or(0));
  if (c.traits.value("style") == "asymmetric") {
    if (p.checksum != n)
      return std::to_string(p.checksum) + " of " + std::to_string(n) +
             " coroutines finished their turns in the last resume (resumes that did not enter the coroutine asked)";
    if (auto early = count_of(p, proof::kFinishedEarly); !early || *early != 0)
      return std::string("a coroutine finished its turns before the last resume (a resume entered another coroutine)");
    return std::nullopt;
  }
  if (c.traits.value("round_robin") == "scheduler's own") {
    // Go: every timed entry is booked (its scheduler's order is its own business; Go's takes its
    // global queue first every 61st schedule), but every coroutine must take its turn: the sum of
    // squared entry counts may exceed the balanced value by at most 1%, which rules out running
    // a subset of the coroutines (half of them would double it).
    const std::uint64_t balanced = benchbox::coroutine::round_robin_checksum(p.ops, n);
    if (p.checksum < balanced || p.checksum > balanced + balanced / 100)
      return "switch checksum " + std::to_string(p.checksum) + " outside [" + std::to_string(balanced) + ", " +
             std::to_string(balanced + balanced / 100) + "] (coroutines were not entered round-robin)";
    return std::nullopt;
  }
  constexpr std::uint64_t kLaps = benchbox::coroutine::kProofLaps, kPhases = 2;  // head and tail
  const auto entries = count_of(p, proof::kProofEntries);
  if (!entries || *entries != kPhases * kLaps * n)
    return "the proof laps booked " + (entries ? std::to_string(*entries) : std::string("no")) + " entries, expected " +
           std::to_string(kPhases * kLaps * n);
  // Round-robin, exactly: the library's yield hands over to the next coroutine in line.
  const std::uint64_t balanced = kPhases * benchbox::coroutine::round_robin_checksum(kLaps * n, n);
  if (p.checksum != balanced)
    return "proof checksum " + std::to_string(p.checksum) + " != " + std::to_string(balanced) +
           " (the coroutines were not entered round-robin around the timed switches)";
  // A yield that comes back to its own coroutine is no switch, and the timed loop would count it.
  const auto self_returns = count_of(p, proof::kSelfReturns);
  if (!self_returns || *self_returns != 0)
    return (self_returns ? std::to_string(*self_returns) : std::string("an unknown number of")) +
           " yields came back to the coroutine that made them in the proof laps";
  return std::nullopt;
}

std::optional<std::string> verify_channel(const CaseContext&, const TrialProof& p) {
  if (p.done != p.ops) return "received " + std::to_string(p.done) + " values, asked for " + std::to_string(p.ops);
  const std::uint64_t expected = benchbox::coroutine::in_order_checksum(p.ops);
  if (p.checksum != expected)
    return "channel checksum " + std::to_string(p.checksum) + " != " + std::to_string(expected) +
           " (values lost, duplicated or out of order)";
  return std::nullopt;
}

// Create: ops coroutines (ids 1..ops) each entered once and completed.
std::optional<std::string> verify_create(const CaseContext&, const TrialProof& p) {
  if (p.done != p.ops) return "completed " + std::to_string(p.done) + " coroutines, asked for " + std::to_string(p.ops);
  const auto entries = count_of(p, proof::kEntries);
  if (!entries) return std::string("no '") + proof::kEntries + "' count";
  if (*entries != p.ops) return "entered " + std::to_string(*entries) + " coroutines, created " + std::to_string(p.ops);
  const std::uint64_t expected = benchbox::coroutine::id_sum(p.ops);
  if (p.checksum != expected)
    return "create checksum " + std::to_string(p.checksum) + " != " + std::to_string(expected) +
           " (a coroutine ran twice or not at all)";
  return std::nullopt;
}

// Memory: N coroutines (indices 0..N-1) were entered and alive when measured, and every one of
// them finished afterwards (they were suspended, not lost).
std::optional<std::string> verify_memory(const CaseContext& c, const TrialProof& p) {
  const auto n = static_cast<std::uint64_t>(c.point.first().number.value_or(0));
  if (p.done != n)
    return std::to_string(p.done) + " coroutines were alive when measured, asked for " + std::to_string(n);
  const std::uint64_t expected = benchbox::coroutine::id_sum(n);
  if (p.checksum != expected)
    return "memory checksum " + std::to_string(p.checksum) + " != " + std::to_string(expected) +
           " (a coroutine was entered twice or not at all)";
  const auto completed = count_of(p, proof::kCompleted);
  if (!completed || *completed != n)
    return (completed ? std::to_string(*completed) : std::string("no")) +
           " coroutines completed after the measurement, expected " + std::to_string(n);
  return std::nullopt;
}

std::uint64_t round_up(std::uint64_t v, std::uint64_t multiple) { return (v + multiple - 1) / multiple * multiple; }

// The same number of turns for every coroutine, in whole resume/yield round trips (asymmetric
// libraries): a multiple of 2N. At least 100 switches per coroutine, so that first-entry effects
// are amortised (gccgo's first trial in a process is out of order for ~20 rounds).
std::uint64_t switch_ops(const benchbox::Point& p, std::uint64_t ops) {
  const auto n = static_cast<std::uint64_t>(std::max<std::int64_t>(p.first().number.value_or(1), 1));
  return round_up(std::max<std::uint64_t>(ops, 100 * n), 2 * n);
}

// Create: whole batches of K coroutines alive at once, at least one batch.
std::uint64_t create_ops(const benchbox::Point& p, std::uint64_t ops) {
  const auto k = static_cast<std::uint64_t>(std::max<std::int64_t>(p.first().number.value_or(1), 1));
  return round_up(std::max(ops, k), k);
}

std::string count_label(const AxisValue& p, const char* one, const char* many) {
  return p.text + (p.number == 1 ? one : many);
}
std::string coroutines_label(const AxisValue& p) { return count_label(p, " coroutine", " coroutines"); }

// The axis of the cases whose parameter is a number of coroutines (switch, create, memory).
benchbox::AxisSpec coroutine_count(std::string name, std::string default_value, std::vector<std::string> suite,
                                    std::string help, std::function<std::string(const AxisValue&)> describe = coroutines_label) {
  return {.name = std::move(name),
          .min = 1,
          .max = 10'000'000,
          .default_value = std::move(default_value),
          .suite = std::move(suite),
          .help = std::move(help),
          .describe = std::move(describe)};
}

benchbox::CaseSpec switch_case() {
  return {.id = case_id(Case::switch_),
          .unit = "switches",
          .description = "N coroutines yield round-robin; a resume and its yield are two switches",
          .timed = "each coroutine's plain loop of yields, its count in a local; proven outside: two booked laps before and "
                   "two after (round-robin, no yield back to itself; Go books every entry), each coroutine finishing its turns",
          .axes = {coroutine_count("coroutines", "2", {"2", "1000"}, "coroutines taking turns")},
          .legal_ops = switch_ops,
          // thread and pth at 1000 coroutines: 100,000 switches, ~10-20x a 40 ms target. Their first
          // trial in a process was no slower than the second (medians of 9: 0.96, 1.00).
          .stretched_trial_warms_itself = true,
          .verify = verify_switch};
}

benchbox::CaseSpec channel_case() {
  return {.id = case_id(Case::channel),
          .unit = "passes",
          .description = "a producer sends 1..ops to a consumer through a channel of the given buffer size",
          .timed = "the producer's sends and the consumer's receives, from the first send to the last receive, the "
                   "consumer's count and in-order checksum (k x value) in locals; proven: that checksum, after the clock",
          .axes = {{.name = "buffer",
                    .min = 0,
                    .max = 100'000'000,
                    .default_value = "0",
                    .suite = {"0", "10000"},
                    .help = "the channel's buffer size, 0 = unbuffered",
                    .describe = [](const AxisValue& p) {
                      return p.number == 0 ? std::string("unbuffered") : "buffer " + p.text;
                    }}},
          .verify = verify_channel};
}

benchbox::CaseSpec create_case() {
  return {.id = case_id(Case::create),
          .unit = "coroutines",
          .description = "create a coroutine, enter it once, let it finish and release it; K alive at once",
          .timed = "creating, entering, finishing and releasing ops coroutines, each body adding its id (one add and "
                   "two increments per coroutine, under 1% of the fastest row); proven: the id sum and the counts",
          .axes = {coroutine_count("alive", "1", {"1", "1000"}, "coroutines alive at once (created in batches of this size)",
                                   [](const AxisValue& p) { return count_label(p, " alive", " alive at once"); })},
          .legal_ops = create_ops,
          .verify = verify_create};
}

benchbox::CaseSpec memory_case() {
  auto reserved = benchbox::FigureSpec::bytes(proof::kReservedBytesPerCoroutine, "coroutine",
                                              "growth of the process's reserved (virtual) address space per coroutine");
  reserved.label = "reserved B";  // beside the resident figure's column
  return {.id = case_id(Case::memory),
          .unit = "coroutines",
          .description = "resident memory per suspended coroutine, with N alive and suspended",
          .timed = "no time: resident and reserved bytes read from /proc/self/statm before and after N coroutines are "
                   "created and suspended; proven: every coroutine entered, then resumed to its end after the reading",
          // Not 100000 in the suite: its 3 cold processes per row cost about 100 s over the rows
          // (gccgo alone 27 s), the figures differ from 10000's by under 3% (cxx20 aside), and the
          // suite has a 90 s budget (docs/measurement.md, "Suite durations"). Run it by name.
          .axes = {coroutine_count("coroutines", "10000", {"1000", "10000"},
                                   "coroutines alive and suspended when the process's resident pages are read")},
          .figure = benchbox::FigureSpec::bytes(proof::kBytesPerCoroutine, "coroutine",
                                                "growth of the process's resident memory per suspended coroutine"),
          .extra_figures = {reserved},
          // One measurement of N coroutines, in a fresh process: memory freed by an earlier trial
          // would be reused and hide the cost.
          .fixed_ops = 1,
          .trials = benchbox::CaseSpec::Trials::cold,
          .verify = verify_memory};
}

const benchbox::Module coroutine_module{
    .id = "coroutine",
    .description = "stackful and stackless coroutines: context switches and channel passes",
    .reference_note = "the limit for stackful rows on this machine; stackless rows (and, for memory, stacks smaller "
                      "than a page) may be below it",
    // Seven processes per row first, not nine: the suite's 8 points (about 110 rows) took 98 s at
    // nine on a 2-CPU machine (docs/measurement.md, "Suite durations"); the rest of its 90 s go to
    // the rows whose question is open.
    .default_processes = 7,
    .budget_seconds = 90,
    .cases = {switch_case(), channel_case(), create_case(), memory_case()},
};

const benchbox::ModuleRegistration registration{coroutine_module};

}  // namespace
}  // namespace benchbox::coroutine
