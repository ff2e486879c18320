#include "cli/progress.hpp"

#include <gtest/gtest.h>

using namespace benchbox;

TEST(Progress, SaysCalibratingOrWhichRoundWhichCaseAndWhichRow) {
  CaseSpec spec;
  spec.id = "switch";
  spec.describe_point = [](const Point& p) { return p.first().text + " coroutines"; };
  std::vector<CasePoint> points = {{&spec, Point::of(AxisValue::of(2))}, {&spec, Point::of(AxisValue::of(1000))}};
  Progress progress(points, "coroutine", false);  // never draws: not a terminal
  int inner_calls = 0;
  RunObserver inner;
  inner.measured = [&](const Measurement&) { ++inner_calls; };
  inner.process_started = [&](unsigned, unsigned, const CasePoint&, const std::string&) { ++inner_calls; };
  RunObserver observer = progress.wrap(inner);
  observer.calibrating(points[1], "tbox");
  EXPECT_EQ(progress.line(), "[calibrating, case 2/2] coroutine switch, 1000 coroutines: tbox");
  observer.process_started(3, 7, points[0], "golang");
  EXPECT_EQ(progress.line(), "[round 3/7, case 1/2] coroutine switch, 2 coroutines: golang");
  observer.measured(Measurement{});
  EXPECT_EQ(inner_calls, 2);  // the inner observer hears everything
}
