// The versions test's module, driver side (tests/versions/versions.cmake): a linear search, as
// docs/adding.md's array module, for a library the test builds at two versions.
//  - find: search i looks for i % N + 1 among the integers 1..N; proof: the positions found, added up.
#include <cstdint>
#include <optional>
#include <string>

#include <benchbox/module.hpp>

namespace {

std::optional<std::string> verify_find(const benchbox::CaseContext& c, const benchbox::TrialProof& p) {
  if (p.done != p.ops) return "made " + std::to_string(p.done) + " searches, asked for " + std::to_string(p.ops);
  const auto n = static_cast<std::uint64_t>(c.point.first().number.value_or(1));
  const std::uint64_t q = p.ops / n, r = p.ops % n;
  const std::uint64_t expected = q * (n * (n - 1) / 2) + r * (r - 1) / 2;
  if (p.checksum != expected) return "the positions add up to " + std::to_string(p.checksum) + ", expected " + std::to_string(expected);
  return std::nullopt;
}

const benchbox::Module toy_module{
    .id = "toy",
    .description = "the versions test's module: a linear search in a library built at two versions (tests only)",
    .cases = {{.id = "find",
               .unit = "searches",
               .description = "find a value among N integers",
               .axes = {{.name = "elements", .min = 1, .max = 1'000'000, .default_value = "100", .suite = {"100"},
                         .help = "integers searched",
                         .describe = [](const benchbox::AxisValue& v) { return v.text + " elements"; }}},
               .verify = verify_find}},
};

const benchbox::ModuleRegistration registration{toy_module};

}  // namespace
