#include "progress.hpp"

#include <gtest/gtest.h>

using namespace benchbox;

TEST(Progress, SaysWhichCaseWhichLibraryAndHowManyLeft) {
  CaseSpec spec;
  spec.id = "switch";
  spec.describe_param = [](const ParamValue& p) { return p.text + " coroutines"; };
  std::vector<CasePoint> points = {{&spec, ParamValue::of(2)}, {&spec, ParamValue::of(1000)}};
  Progress progress(points, "coroutine", false);  // never draws: not a terminal
  int inner_calls = 0;
  RunObserver inner;
  inner.measured = [&](const Measurement&) { ++inner_calls; };
  RunObserver observer = progress.wrap(inner);
  std::vector<LibraryEntry> libs(3);
  libs[0].id = "floor";
  libs[1].id = "tbox";
  libs[2].id = "golang";
  observer.case_started(points[0], libs);
  EXPECT_EQ(progress.line(), "[case 1/2] coroutine switch, 2 coroutines: floor (1/3, 2 left in this case); 1 more case");
  observer.measured(Measurement{});
  EXPECT_EQ(inner_calls, 1);
  EXPECT_EQ(progress.line(), "[case 1/2] coroutine switch, 2 coroutines: tbox (2/3, 1 left in this case); 1 more case");
  observer.case_started(points[1], libs);
  EXPECT_EQ(progress.line(), "[case 2/2] coroutine switch, 1000 coroutines: floor (1/3, 2 left in this case)");
}
