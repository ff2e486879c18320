// A case's declaration is checked when its module registers (Module::check), so that a module's
// typo stops benchbox at start instead of surfacing when that case first runs.
#include <gtest/gtest.h>

#include <stdexcept>
#include <string>

#include <benchbox/module.hpp>

#include "unit/module_fixtures.hpp"

namespace benchbox {
namespace {

using benchbox::testing::problem_of;

CaseSpec good_case() {
  return {.id = "step",
          .unit = "steps",
          .axes = {{.name = "lanes", .min = 1, .max = 100, .default_value = "2,4", .suite = {"2", "100"}},
                   {.name = "mode", .choices = {"fast", "slow"}, .default_value = "fast", .suite = {"fast"}}}};
}

TEST(ModuleCheck, AcceptsAWellDeclaredCase) { EXPECT_EQ(problem_of(good_case()), ""); }

TEST(ModuleCheck, RefusesACaseWithoutAxes) {
  CaseSpec c = good_case();
  c.axes.clear();
  EXPECT_EQ(problem_of(c), "case step declares no axis");
}

TEST(ModuleCheck, RefusesADefaultOutsideItsAxis) {
  CaseSpec c = good_case();
  c.axes[0].default_value = "2,400";  // the second value of the first axis's default list
  EXPECT_EQ(problem_of(c), "lanes for step must be between 1 and 100, got 400");
  c = good_case();
  c.axes[1].default_value = "fsat";
  EXPECT_EQ(problem_of(c), "mode for step must be one of fast, slow, got 'fsat'");
}

TEST(ModuleCheck, RefusesASuiteValueOutsideItsAxis) {
  CaseSpec c = good_case();
  c.axes[0].suite = {"2", "1000"};
  EXPECT_EQ(problem_of(c), "lanes for step must be between 1 and 100, got 1000");
}

TEST(ModuleCheck, RefusesASuitePointOfTheWrongArity) {
  CaseSpec c = good_case();
  c.suite_points = {{"2", "fast"}, {"4"}};
  EXPECT_EQ(problem_of(c), "a point of step has 2 values (one per axis), got 1");
}

TEST(ModuleCheck, RefusesAnAxisNameThatCannotTravel) {
  CaseSpec c = good_case();
  c.axes[1].name = "mode=x";
  EXPECT_EQ(problem_of(c), "case step: axis name 'mode=x' is empty or holds '=' or ','");
}

TEST(ModuleCheck, RefusesANumericAxisWithoutARange) {
  CaseSpec c = good_case();
  c.axes[0].min = 5;
  c.axes[0].max = 1;
  EXPECT_EQ(problem_of(c), "case step: axis lanes has no range");
}

TEST(ModuleCheck, RefusesACaseDeclaredTwice) {
  Module m{.id = "fake", .description = "", .cases = {good_case(), good_case()}};
  EXPECT_THROW(m.check(), std::invalid_argument);
}

TEST(ModuleCheck, EveryLinkedModulePassesItsCheck) {
  ASSERT_FALSE(modules().empty());
  for (const Module* m : modules()) EXPECT_NO_THROW(m->check()) << m->id;
}

}  // namespace
}  // namespace benchbox
