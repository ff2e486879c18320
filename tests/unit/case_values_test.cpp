// A case whose parameter values measure different things: each value's points report their own
// further figures (CaseSpec::extra_figures_of), and a missing one fails the trial as before.
#include <gtest/gtest.h>

#include "run/executor.hpp"
#include "run/measurement.hpp"

using namespace benchbox;

namespace {

class NoProcesses : public Executor {
 public:
  ChildOutcome run(const ChildSpec&) override { return {}; }
};

TEST(CaseValues, EachValueReportsItsOwnFurtherFigures) {
  CaseSpec spec;
  spec.id = "judge";
  spec.axes = {{.name = "inputs", .choices = {"ours", "theirs"}}};
  spec.figure = FigureSpec::score("score");
  spec.extra_figures = {FigureSpec::score("score_ours")};
  spec.extra_figures_of = {{"theirs", {FigureSpec::score("score_y"), FigureSpec::score("score_n")}}};
  spec.verify = [](const CaseContext&, const TrialProof&) { return std::optional<std::string>(); };
  RunSettings settings;
  LibraryEntry library;
  NoProcesses executor;
  const RowContext row{spec, settings, library, executor};

  Measurement ours, theirs;
  ours.point = Point::of(spec.parse_first("ours"));
  theirs.point = Point::of(spec.parse_first("theirs"));
  ours.figure = theirs.figure = spec.figure;
  TrialRecord t;
  t.ops = 1;
  t.done = 5;
  t.figures = {{"score", 80}, {"score_y", 100}, {"score_n", 50}};
  EXPECT_EQ(trial_problem(row, theirs, t, 1), std::nullopt);
  const auto lacks_ours = trial_problem(row, ours, t, 1);
  ASSERT_TRUE(lacks_ours);
  EXPECT_EQ(lacks_ours->kind, TrialProblem::Kind::trial);
  EXPECT_EQ(lacks_ours->message(), "the adapter reported no 'score_ours' figure");
  t.figures = {{"score", 80}, {"score_ours", 80}};
  EXPECT_EQ(trial_problem(row, ours, t, 1), std::nullopt);
  const auto lacks_y = trial_problem(row, theirs, t, 1);
  ASSERT_TRUE(lacks_y);
  EXPECT_EQ(lacks_y->kind, TrialProblem::Kind::trial);
  EXPECT_EQ(lacks_y->message(), "the adapter reported no 'score_y' figure");
}

// FigureSpec::found: one count of the proof as the figure, exact, and a missing count a problem.
TEST(CaseValues, AFoundCountIsTheProofsCountItself) {
  const FigureSpec matches = FigureSpec::found("matches", "matches_once", "matches");
  EXPECT_EQ(matches.source(), FigureSource::count_value);
  EXPECT_TRUE(matches.exact());
  TrialRecord t;
  t.ops = 4;
  t.counts = {{"matches_once", 3}, {"matches", 12}};
  std::string missing;
  EXPECT_EQ(value_in_trial(matches, t, missing), 3.0);
  t.counts = {{"matches", 12}};
  EXPECT_EQ(value_in_trial(matches, t, missing), std::nullopt);
  EXPECT_EQ(missing, "the adapter reported no 'matches_once' count (for 'matches')");
}

}  // namespace
