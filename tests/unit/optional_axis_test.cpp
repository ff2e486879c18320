// An optional axis (AxisSpec::optional), one a case gains after its points were stored (the
// hashmap's key set after its elements): at its default a point is the point of before, so its
// key, label, results and store rows do not change; given, it is an axis like any other; given
// alone after -n CASE, it stands for a whole point (CaseSpec::lone_value).
#include <gtest/gtest.h>

#include "run/runner.hpp"
#include "unit/module_fixtures.hpp"

using namespace benchbox;
using benchbox::testing::problem_of;
using benchbox::testing::settings_of;

namespace {

auto no_check = [](const CaseContext&, const TrialProof&) { return std::optional<std::string>(); };

AxisSpec elements() {
  return {.name = "elements",
          .min = 1,
          .max = 1000,
          .default_value = "100",
          .suite = {"10", "100"},
          .describe = [](const AxisValue& v) { return v.text + " elements"; }};
}

// "small" holds 5 keys: alone, it runs 5 elements.
AxisSpec keys() {
  return {.name = "keys",
          .choices = {"random", "dense", "small"},
          .default_value = "random",
          .suite = {"random"},
          .describe = [](const AxisValue& v) { return v.text + " keys"; },
          .optional = true,
          .first_of = [](const AxisValue& v) { return v.text == "small" ? std::optional<std::string>("5") : std::nullopt; }};
}

// The case as it was (elements alone) and as it is (elements, then the optional keys).
CaseSpec before() { return {.id = "find", .unit = "finds", .axes = {elements()}, .verify = no_check}; }
CaseSpec after() { return {.id = "find", .unit = "finds", .axes = {elements(), keys()}, .verify = no_check}; }

const Module& grid() {
  static const Module m{.id = "grid", .description = "an optional axis (tests only)", .cases = {after()}};
  return m;
}

std::vector<std::string> keys_of(const std::vector<CasePoint>& points) {
  std::vector<std::string> out;
  for (const auto& p : points) out.push_back(p.point.key());
  return out;
}

TEST(OptionalAxis, AtItsDefaultThePointIsThePointOfBefore) {
  const Point old = before().parse_point({"100"}), now = after().parse_point({"100", "random"});
  EXPECT_EQ(now.key(), "100");
  EXPECT_EQ(now.key(), old.key());
  EXPECT_EQ(after().label(now), "100 elements");
  EXPECT_EQ(after().label(now), before().label(old));
  EXPECT_TRUE(now == old);
  ASSERT_EQ(now.axes.size(), 1u);  // what the results file, the store and the adapters receive
  EXPECT_EQ(now.axes.front().name, "elements");
  EXPECT_EQ(after().value_of(now, "keys").text, "random");
  EXPECT_EQ(after().value_of(now, "elements").number, 100);
}

TEST(OptionalAxis, GivenItIsAnAxisLikeAnyOther) {
  const Point p = after().parse_point({"100", "dense"});
  EXPECT_EQ(p.key(), "elements=100,keys=dense");
  EXPECT_EQ(after().label(p), "100 elements, dense keys");
  EXPECT_EQ(after().value_of(p, "keys").text, "dense");
  EXPECT_FALSE(p == after().parse_point({"100", "random"}));
  EXPECT_THROW(after().value_of(p, "colour"), std::invalid_argument);
}

TEST(OptionalAxis, TheSuiteAndTheCommandLineKeepTheOldPoints) {
  EXPECT_EQ(keys_of(plan(grid(), settings_of(grid(), {}))), (std::vector<std::string>{"10", "100"}));
  EXPECT_EQ(keys_of(plan(grid(), settings_of(grid(), {"-n", "find"}))), (std::vector<std::string>{"100"}));
  EXPECT_EQ(keys_of(plan(grid(), settings_of(grid(), {"-n", "find", "100"}))), (std::vector<std::string>{"100"}));
  EXPECT_EQ(keys_of(plan(grid(), settings_of(grid(), {"-n", "find", "100", "random"}))), (std::vector<std::string>{"100"}));
  EXPECT_EQ(keys_of(plan(grid(), settings_of(grid(), {"-n", "find", "10,100", "random,dense"}))),
            (std::vector<std::string>{"10", "elements=10,keys=dense", "100", "elements=100,keys=dense"}));
  EXPECT_EQ(keys_of(plan(grid(), settings_of(grid(), {"-n", "find", "--param", "keys=dense"}))),
            (std::vector<std::string>{"elements=100,keys=dense"}));
}

TEST(OptionalAxis, AloneItStandsForAWholePoint) {
  const CaseSpec c = after();
  EXPECT_EQ(c.lone_value("1000"), std::nullopt);  // the first axis's: its parsing says what is wrong
  EXPECT_EQ(c.lone_value("10,dense"), std::nullopt);
  EXPECT_EQ(c.lone_value(""), std::nullopt);
  EXPECT_EQ(c.lone_value("dense"), (std::vector<std::string>{"100", "dense"}));
  EXPECT_EQ(c.lone_value("small"), (std::vector<std::string>{"5", "small"}));
  EXPECT_EQ(c.lone_value("random,dense"), (std::vector<std::string>{"100", "random,dense"}));
  try {
    c.lone_value("dense,small");
    FAIL() << "two values that run other elements";
  } catch (const std::invalid_argument& e) {
    EXPECT_STREQ(e.what(), "keys for find 'dense,small' would each run another elements: give it first (-n find elements dense,small)");
  }
  try {
    c.lone_value("sparse");
    FAIL() << "a value of neither axis";
  } catch (const std::invalid_argument& e) {
    EXPECT_STREQ(e.what(), "find: 'sparse' is neither elements (a whole number) nor keys (keys for find must be one of random, "
                           "dense, small, got 'sparse')");
  }
  EXPECT_EQ(keys_of(plan(grid(), settings_of(grid(), {"-n", "find", "small"}))), (std::vector<std::string>{"elements=5,keys=small"}));
  EXPECT_EQ(keys_of(plan(grid(), settings_of(grid(), {"-n", "find", "random"}))), (std::vector<std::string>{"100"}));
  EXPECT_THROW(settings_of(grid(), {"-n", "find", "sparse"}), std::invalid_argument);
  EXPECT_THROW(plan(grid(), settings_of(grid(), {"-n", "find", "10x"})), std::invalid_argument);
}

TEST(OptionalAxis, NoLoneValueWhereItWouldBeAGuess) {
  CaseSpec two = after();
  two.axes.push_back(keys());
  two.axes.back().name = "order";
  EXPECT_EQ(two.lone_value("dense"), std::nullopt);  // which optional axis?
  CaseSpec named_first = after();
  named_first.axes.front() = {.name = "set", .choices = {"a", "b"}, .default_value = "a", .suite = {"a"}};
  EXPECT_EQ(named_first.lone_value("dense"), std::nullopt);
  EXPECT_EQ(before().lone_value("dense"), std::nullopt);
}

TEST(OptionalAxis, APointNamedAsTrendNamesIt) {
  const CaseSpec c = after();
  EXPECT_EQ(c.point_of({"100"}).key(), "100");
  EXPECT_EQ(c.point_of({"100", "random"}).key(), "100");
  EXPECT_EQ(c.point_of({"100", "dense"}).key(), "elements=100,keys=dense");
  EXPECT_EQ(c.point_of({"small"}).key(), "elements=5,keys=small");
  EXPECT_THROW(c.point_of({"2000"}), std::invalid_argument);
}

// AxisSpec::env of an optional axis: its default's environment where a point leaves it out.
TEST(OptionalAxis, ItsEnvironmentIsItsDefaultsWhereThePointLeavesItOut) {
  CaseSpec c = after();
  c.axes.back().env = [](const AxisValue& v) {
    return v.text == "small" ? std::vector<std::pair<std::string, std::string>>{}
                             : std::vector<std::pair<std::string, std::string>>{{"KEYS", v.text}};
  };
  using Env = std::vector<std::pair<std::string, std::string>>;
  EXPECT_EQ(c.environment(c.point_of({"100"})), (Env{{"KEYS", "random"}}));
  EXPECT_EQ(c.environment(c.parse_point({"100", "dense"})), (Env{{"KEYS", "dense"}}));
  EXPECT_EQ(c.environment(c.parse_point({"100", "small"})), Env{});
  EXPECT_EQ(after().environment(after().parse_point({"100", "dense"})), Env{});  // no axis sets any
}

TEST(OptionalAxis, ItsDeclarationIsCheckedAtRegistration) {
  EXPECT_EQ(problem_of(after()), "");
  CaseSpec c = after();
  std::swap(c.axes[0], c.axes[1]);
  EXPECT_EQ(problem_of(c), "case find: axis keys is the first axis and cannot be optional");
  c = after();
  c.axes.push_back(elements());
  c.axes.back().name = "threads";
  EXPECT_EQ(problem_of(c), "case find: axis threads follows an optional axis (those come last)");
  c = after();
  c.axes[1].default_value.clear();
  EXPECT_EQ(problem_of(c), "case find: axis keys is optional and needs one default value, got ''");
  c.axes[1].default_value = "random,dense";
  EXPECT_EQ(problem_of(c), "case find: axis keys is optional and needs one default value, got 'random,dense'");
  c.axes[1].default_value = "sparse";
  EXPECT_EQ(problem_of(c), "keys for find must be one of random, dense, small, got 'sparse'");
  c = after();
  c.axes[1].optional = false;
  EXPECT_EQ(problem_of(c), "case find: axis keys has first_of but is not optional");
  c.axes[1].first_of = nullptr;
  EXPECT_EQ(problem_of(c), "");  // an axis like any other: its default named in every key
  EXPECT_EQ(c.parse_point({"100", "random"}).key(), "elements=100,keys=random");
}

}  // namespace
