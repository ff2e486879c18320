// The rank of a case over its points (CaseSpec::ranked, rebar's rank): the geometric mean of each
// library's ratio to the best library at the points it ran, the reference row neither ranked nor
// the best, only for the cases the results say are ranked, and shown by the text report.
#include <gtest/gtest.h>

#include <cmath>

#include "report/reporter.hpp"
#include "report/text.hpp"
#include "report_fixtures.hpp"

using namespace benchbox;
using namespace benchbox::testing;

namespace {

// ns per op (lower is better) of `library` at point `param`.
Measurement at(const std::string& library, std::int64_t param, double ns) { return row(library, "switch", param, {ns, ns, ns}); }

Results two_points(bool ranked) {
  Results r;
  r.measurements = {at("floor", 1, 1), at("a", 1, 10), at("b", 1, 20), at("c", 1, 40),  // floor: a limit, not the best
                    at("a", 2, 40),    at("b", 2, 10), row("c", "switch", 2, {}, Status::failed, "wrong count")};
  if (ranked) r.context["ranked_cases"] = {{"coroutine", {"switch"}}};
  return r;
}

}  // namespace

TEST(Rank, GeometricMeanOfTheRatioToTheBestLibraryAtEachPoint) {
  const Results r = two_points(true);
  const auto all = ranks(r, group_by_case(r));
  ASSERT_EQ(all.size(), 1u);
  const Rank& k = all.front();
  EXPECT_EQ(k.points, 2u);
  ASSERT_EQ(k.rows.size(), 3u);  // a, b, c; not the floor
  // a: 1 and 4 -> 2; b: 2 and 1 -> sqrt 2; c: 4 at the one point it has a number
  EXPECT_EQ(k.rows[0].name, "b");
  EXPECT_NEAR(k.rows[0].geomean, std::sqrt(2.0), 1e-9);
  EXPECT_EQ(k.rows[1].name, "a");
  EXPECT_NEAR(k.rows[1].geomean, 2.0, 1e-9);
  EXPECT_EQ(k.rows[2].name, "c");
  EXPECT_NEAR(k.rows[2].geomean, 4.0, 1e-9);
  EXPECT_EQ(k.rows[2].points, 1u);
  EXPECT_NE(text::rank_tables(r, group_by_case(r)).find("rank over 2 points"), std::string::npos);
}

TEST(Rank, OnlyTheCasesTheResultsSayAreRanked) {
  const Results r = two_points(false);
  EXPECT_TRUE(ranks(r, group_by_case(r)).empty());
  EXPECT_EQ(text::rank_tables(r, group_by_case(r)), "");
}
