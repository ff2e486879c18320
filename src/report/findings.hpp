// What a run found about itself, after its rows: each library's version in the context, and the
// warnings that tell the user what the machine did and what to do about it.
#pragma once

#include <optional>
#include <string>

#include "results/results.hpp"

namespace benchbox {

// Warned when other programs took at least this share of the measured CPU while rows ran, over
// at least this much of the rows' time (less is too few 10 ms ticks to tell); the warning names
// the rows that lost at least the second share.
inline constexpr double kOthersShareWarned = 0.05;
inline constexpr double kOthersMinimumRunMs = 1000;
inline constexpr double kOthersShareOfARowNamed = 0.10;

// The line about other programs on the measured CPU, when they took enough of it to matter.
std::optional<std::string> others_on_measured_cpu(const Results& results);

// Adds the libraries' versions to results.context and the run's warnings to results.warnings.
void add_run_findings(Results& results);

}  // namespace benchbox
