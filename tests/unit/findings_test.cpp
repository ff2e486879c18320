// What a run says about itself: the line about other programs on the measured CPU.
#include <gtest/gtest.h>

#include "report/findings.hpp"

using namespace benchbox;

namespace {

Measurement row(std::string library, double others_ms, double wall_ms) {
  Measurement m;
  m.library = std::move(library);
  m.case_id = "switch";
  m.param_label = "2 coroutines";
  m.status = Status::ok;
  m.others_cpu_ms = others_ms;
  m.measured_wall_ms = wall_ms;
  return m;
}

}  // namespace

TEST(Findings, OtherProgramsOnTheMeasuredCpuAreSaidOnceWithTheRowsThatLostMost) {
  Results r;
  r.measurements = {row("a", 10, 2000), row("b", 600, 2000), row("c", 300, 2000)};
  const auto line = others_on_measured_cpu(r);
  ASSERT_TRUE(line);
  EXPECT_NE(line->find("other programs took 15% of the measured CPU"), std::string::npos) << *line;
  EXPECT_NE(line->find("(0.9 s of 6.0 s)"), std::string::npos) << *line;
  EXPECT_NE(line->find("most in b (switch 2 coroutines: 30%), c (switch 2 coroutines: 15%)"), std::string::npos) << *line;
  EXPECT_EQ(line->find(" a ("), std::string::npos) << *line;  // 0.5%: not among the rows that lost much
  add_run_findings(r);
  EXPECT_EQ(std::count_if(r.warnings.begin(), r.warnings.end(),
                          [](const std::string& w) { return w.find("other programs") != std::string::npos; }),
            1);
}

TEST(Findings, AQuietMachineOrTooShortARunSaysNothing) {
  Results r;
  r.measurements = {row("a", 40, 1000), row("b", 40, 1000)};  // 4%: below the share worth a warning
  EXPECT_FALSE(others_on_measured_cpu(r));
  r.measurements = {row("a", 300, 900)};  // a third of under a second: too little time to tell
  EXPECT_FALSE(others_on_measured_cpu(r));
  r.measurements = {row("a", 0, 0)};  // unpinned rows record nothing
  EXPECT_FALSE(others_on_measured_cpu(r));
}
