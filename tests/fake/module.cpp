// The fake module: what the driver's own tests (tests/unit, tests/faulty) run, linked into the
// test binaries only, never into the user's benchbox. Its work is plain arithmetic (no assembly,
// no outside library), so the driver is tested wherever it builds; its cases still have what real
// ones have: a minimum the operation count is raised to, a cold case with a figure of its own,
// a proof the driver verifies.
//  - step: `lanes` lanes take turns, one step each; proof: the steps and the sum of their lanes.
//  - pass: values 1..ops pass through a buffer; proof: the values and their sum.
//  - size: bytes per item with N items alive, in a fresh process per trial.
#include <algorithm>
#include <string>

#include "fake/checksums.hpp"
#include <benchbox/module.hpp>

namespace {

using benchbox::CaseContext;
using benchbox::AxisValue;
using benchbox::TrialProof;

std::optional<std::string> verify_step(const CaseContext& c, const TrialProof& p) {
  if (p.done != p.ops) return "did " + std::to_string(p.done) + " steps, asked for " + std::to_string(p.ops);
  const auto expected = benchbox::fake::step_checksum(p.ops, static_cast<std::uint64_t>(c.point.first().number.value_or(0)));
  if (p.checksum != expected)
    return "step checksum " + std::to_string(p.checksum) + " != " + std::to_string(expected) + " (lanes skipped a turn)";
  return std::nullopt;
}

std::optional<std::string> verify_pass(const CaseContext&, const TrialProof& p) {
  if (p.done != p.ops) return "passed " + std::to_string(p.done) + " values, asked for " + std::to_string(p.ops);
  if (p.checksum != benchbox::fake::value_sum(p.ops)) return "pass checksum " + std::to_string(p.checksum) + " is wrong";
  return std::nullopt;
}

std::optional<std::string> verify_size(const CaseContext& c, const TrialProof& p) {
  const auto n = static_cast<std::uint64_t>(c.point.first().number.value_or(0));
  if (p.done != n) return std::to_string(p.done) + " items were alive, asked for " + std::to_string(n);
  if (p.checksum != benchbox::fake::value_sum(n)) return "size checksum " + std::to_string(p.checksum) + " is wrong";
  return std::nullopt;
}

// At least 100 steps per lane, as a real case asks a floor per coroutine.
std::uint64_t step_ops(const benchbox::Point& p, std::uint64_t ops) {
  return std::max<std::uint64_t>(ops, 100 * static_cast<std::uint64_t>(std::max<std::int64_t>(p.first().number.value_or(0), 0)));
}

const benchbox::Module fake_module{
    .id = "fake",
    .description = "the driver's test module: plain arithmetic, verified like real work (tests only)",
    .cases =
        {
            {.id = "step",
             .unit = "steps",
             .description = "lanes take turns, one step each",
             .axes = {{.name = "lanes", .min = 1, .max = 1'000'000'000, .default_value = "2", .suite = {"2", "1000"},
                       .help = "lanes taking turns",
                       .describe = [](const AxisValue& p) { return p.text + (p.number == 1 ? " lane" : " lanes"); }}},
             .legal_ops = step_ops,
             .stretched_trial_warms_itself = true,
             .verify = verify_step},
            {.id = "pass",
             .unit = "passes",
             .description = "values 1..ops pass through a buffer",
             .axes = {{.name = "buffer", .min = 0, .max = 1'000'000'000, .default_value = "0", .suite = {"0", "100"},
                       .help = "the buffer's size",
                       .describe = [](const AxisValue& p) { return "buffer " + p.text; }}},
             .verify = verify_pass},
            {.id = "size",
             .unit = "items",
             .description = "bytes per item with N items alive",
             .axes = {{.name = "items", .min = 1, .max = 1'000'000'000, .default_value = "1000", .suite = {"1000"},
                       .help = "items alive at once",
                       .describe = [](const AxisValue& p) { return p.text + " items"; }}},
             .figure = benchbox::FigureSpec::bytes("bytes_per_item", "item"),
             .fixed_ops = 1,
             .trials = benchbox::CaseSpec::Trials::cold,
             .verify = verify_size},
        },
};

const benchbox::ModuleRegistration registration{fake_module};

}  // namespace
