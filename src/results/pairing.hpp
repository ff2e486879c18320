// Paired ratios: a row's figure divided, round by round, by another figure of the same round, so
// that what the host did in a round (a slow spell, a frequency step) cancels out.
#pragma once

#include <map>
#include <optional>
#include <vector>

#include "results/results.hpp"

namespace benchbox {

// Rows whose k-th value is the k-th round's (one value per process): what pairing needs.
bool one_value_per_round(const Measurement& m);

// Whether two rows pair round by round: both with their rounds recorded, or neither (files before
// schema 4) and as many values, the k-th value then the k-th round's.
bool rounds_known(const Measurement& a, const Measurement& b);
// Each round's value of a row of one value per round, by its recorded round (or its index).
std::map<unsigned, double> values_by_round(const Measurement& m);

// A figure from the clock (time or rate), divided round by round by the geometric mean of the
// other rows of its point: of `rows`, those of the same module, case, point and figure, with as
// many rounds and positive values. The mean of many rows moves less than any one of them, and much
// less than the 3 ns floor, the noisiest row. None without such a row.
std::optional<std::vector<double>> ratios_to_others(const Measurement& m, const std::vector<const Measurement*>& rows);

// For the rows of one point: each ok row's reference_ratio (over the reference row, when it has
// one value per round) and others_ratio (over the others' geometric mean), summarised over rounds.
void set_paired_ratios(const std::vector<Measurement*>& rows);

}  // namespace benchbox
