// The coroutine module, driver side: its cases, units and how each trial's proof is checked.
// Definitions (docs/method.md):
//  - switch: one transfer of control from one coroutine (or the caller/scheduler) to another;
//    a resume followed by a yield is two switches. N coroutines yield round-robin.
//  - pass: one value sent by a producer coroutine and received by a consumer in the same thread.
#include <string>

#include "checksums.hpp"
#include "module.hpp"

namespace {

using benchbox::CaseTraits;
using benchbox::TrialProof;

std::optional<std::string> verify_switch(std::int64_t coroutines, const CaseTraits& traits, const TrialProof& p) {
  if (p.done != p.ops)
    return "did " + std::to_string(p.done) + " switches, asked for " + std::to_string(p.ops);
  // An asymmetric library enters a coroutine on every resume: half the switches.
  const std::uint64_t entries = traits.style == "asymmetric" ? p.ops / 2 : p.ops;
  const std::uint64_t n = static_cast<std::uint64_t>(coroutines);
  const std::uint64_t balanced = benchbox::coroutine::round_robin_checksum(entries, n);
  // The caller's own round-robin loop must be exact. A scheduler's order is its own business
  // (Go's takes its global queue first every 61st schedule), but every coroutine must take its
  // turn: the sum of squared entry counts may exceed the balanced value by at most 1%, which
  // rules out running a subset of the coroutines (half of them would double it).
  const bool exact = traits.style == "asymmetric";
  const auto limit = exact ? balanced : balanced + balanced / 100;
  if (p.checksum < balanced || p.checksum > limit)
    return "switch checksum " + std::to_string(p.checksum) + (exact ? " != " : " outside ") +
           (exact ? std::to_string(balanced) : "[" + std::to_string(balanced) + ", " + std::to_string(limit) + "]") +
           " (coroutines were not entered round-robin the expected number of times)";
  return std::nullopt;
}

std::optional<std::string> verify_channel(std::int64_t, const CaseTraits&, const TrialProof& p) {
  if (p.done != p.ops) return "received " + std::to_string(p.done) + " values, asked for " + std::to_string(p.ops);
  const std::uint64_t expected = benchbox::coroutine::in_order_checksum(p.ops);
  if (p.checksum != expected)
    return "channel checksum " + std::to_string(p.checksum) + " != " + std::to_string(expected) +
           " (values lost, duplicated or out of order)";
  return std::nullopt;
}

const benchbox::Module coroutine_module{
    .id = "coroutine",
    .description = "stackful and stackless coroutines: context switches and channel passes",
    .cases =
        {
            {.id = "switch",
             .unit = "switches",
             .param_name = "coroutines",
             .description = "N coroutines yield round-robin; a resume and its yield are two switches",
             .default_param = 2,
             .min_param = 1,
             .max_param = 10'000'000,
             .ops_multiple = 2,  // so that asymmetric libraries finish whole resume/yield round trips
             // Round-robin can only be verified, and first-entry effects only amortised, over
             // enough turns: gccgo's first trial in a process is out of order for ~20 rounds.
             .min_ops_per_param = 100,
             .suite_params = {2, 1000},
             .param_counts_stacks = true,
             .verify = verify_switch,
             .describe_param = [](std::int64_t n) { return std::to_string(n) + (n == 1 ? " coroutine" : " coroutines"); }},
            {.id = "channel",
             .unit = "passes",
             .param_name = "buffer",
             .description = "a producer sends 1..ops to a consumer through a channel of the given buffer size",
             .default_param = 0,
             .min_param = 0,
             .max_param = 100'000'000,
             .ops_multiple = 1,
             .suite_params = {0, 10000},
             .param_counts_stacks = false,
             .verify = verify_channel,
             .describe_param = [](std::int64_t n) {
               return n == 0 ? std::string("unbuffered") : "buffer " + std::to_string(n);
             }},
        },
};

const benchbox::ModuleRegistration registration{coroutine_module};

}  // namespace
