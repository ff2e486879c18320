// --format github-action and github-action-bigger: github-action-benchmark's custom format, a JSON
// list of {name, value, unit, range, extra} read with its tool `customSmallerIsBetter` or
// `customBiggerIsBetter`. The tool sets the direction of the whole file, so each format writes the
// rows of one direction (docs/reports.md).
#pragma once

#include <optional>
#include <string_view>
#include <vector>

#include <benchbox/module/figure.hpp>

namespace benchbox::github_action {

// Whether the format writes the lower-is-better rows (github-action) or the higher-is-better ones
// (github-action-bigger); none for any other format.
std::optional<bool> lower_is_better_of(std::string_view format);

// For a github-action format, throws std::invalid_argument when none of `figures` has its
// direction (the file would hold nothing, or the wrong tool was meant); checked before a run.
void check_figures(std::string_view format, const std::vector<FigureSpec>& figures);

}  // namespace benchbox::github_action
