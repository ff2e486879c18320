// What a table can say of its rows: which rows differ, which are tied, and which of its claims are
// still open, from ratios paired round by round (a slow spell of the host in one round slows both
// rows of a pair and cancels). The runner spends a run's budget on the open questions; the tables
// rank by it ("2=" for a tie) and mark only a row whose uncertainty changes what they say.
// docs/method.md, "Ties, open questions and the budget".
#pragma once

#include <benchbox/enum_names.hpp>
#include <optional>
#include <string>
#include <vector>

#include "results/results.hpp"
#include "results/statistics.hpp"

namespace benchbox {

// A tie hides at most this: a tie whose interval reaches further is an open question. The same
// ±5% as a row's ratio to the best must be known to.
inline constexpr double kTieBand = Measurement::kUnstableThreshold;
// Two rows differ when their paired ratio's whole interval lies at least this far beyond 1 (a
// noise threshold, as criterion's): rows 1% apart with 5% noise, ordered by their medians, were
// called different in 5 of 20 simulated runs of 27 rounds with the interval merely above 1, in 1
// of 20 with it 1% beyond, in none with it 2% beyond (standing_test.cpp).
inline constexpr double kNoiseFloor = 0.02;
// An interval of 5 rounds (min..max) covers 93.75%; of 4, 87.5%.
inline constexpr double kLeastLevel = 0.9;

enum class PairVerdict { different, tied, open, last = open };
inline constexpr auto pair_verdict_names = enum_names<PairVerdict>("different", "tied", "open");
inline const char* to_string(PairVerdict v) { return pair_verdict_names(v); }

// Two rows of one point, the better (by its median) first.
struct PairJudgement {
  PairVerdict verdict = PairVerdict::open;
  Summary ratio;     // the worse row's figure over the better's (for a rate, the inverse), per round
  bool paired = true;  // false: the rows share no rounds; judged on their medians' intervals
};
PairJudgement judge_pair(const Measurement& better, const Measurement& worse);

// The verdict of a ratio (worse over better) with its interval: different when the interval lies
// beyond 1 + kNoiseFloor, else tied when it stays within ±kTieBand, else open; for a figure from
// the clock (`noisy`), open too while the interval covers less than kLeastLevel (a cold figure's
// three processes, memory, barely move: their min..max is taken as it is).
PairVerdict verdict_of(const Summary& ratio, bool noisy = true);

// The worse row's figure over the better's, in each round both ran (Measurement::rounds); none when
// they share fewer than two.
std::optional<std::vector<double>> paired_ratios(const Measurement& better, const Measurement& worse);

// The standings of one point's rows: each ok row's rank (ties shared), whether a question about it
// is open and why (Measurement::standing). `rows` in any order; the order is by median, best first.
void set_standings(const std::vector<Measurement*>& rows);

// set_standings for every point of the results (after loading a file, after a run).
void set_standings(Results& results);

// Rounds in all at which the question a ratio leaves open (tied within ±kTieBand, or different by
// more than kNoiseFloor) could be decided if its spread stays as it is (an interval narrows as
// 1/sqrt(rounds)); 0 while it has no interval of kLeastLevel, infinite when its median sits where no
// interval decides it.
double rounds_to_decide(const Summary& ratio);

// "2=" for a shared rank, "3" otherwise, "-" for an unranked row (the reference).
std::string rank_text(const Measurement& m);

}  // namespace benchbox
