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

namespace {

// A two-axis case (algorithm, size) as the hashing module's bulk: `library` at algorithm `algo`
// and size `size`, or not offering the algorithm at all.
Measurement hashed(const std::string& library, const std::string& algo, std::int64_t size, double ns) {
  Measurement m = row(library, "bulk", 1, {ns, ns, ns});
  m.module = "hashing";
  m.point = Point({{"algorithm", AxisValue::named(algo)}, {"size", AxisValue::of(size)}});
  return m;
}

Measurement not_offering(const std::string& library, const std::string& algo, std::int64_t size) {
  Measurement m = row(library, "bulk", 1, {}, Status::not_applicable, "this library does not compute " + algo);
  m.module = "hashing";
  m.point = Point({{"algorithm", AxisValue::named(algo)}, {"size", AxisValue::of(size)}});
  m.not_offered = true;
  return m;
}

Results two_sizes() {
  Results r;
  // At 16: a is best at crc (1 vs 2) and sha (1 vs 4); at 4096: b is best at both (1 vs 3).
  r.measurements = {hashed("a", "crc", 16, 10),   hashed("b", "crc", 16, 20),   hashed("a", "sha", 16, 10),
                    hashed("b", "sha", 16, 40),   hashed("a", "crc", 4096, 30), hashed("b", "crc", 4096, 10),
                    hashed("a", "sha", 4096, 30), hashed("b", "sha", 4096, 10), not_offering("c", "sha", 16),
                    hashed("c", "crc", 16, 10),   hashed("d", "solo", 16, 1)};  // d alone at its point: not ranked
  r.context["ranked_cases"] = {{"hashing", {"bulk"}}};
  r.context["rank_within"] = {{"hashing", {{"bulk", "size"}}}};
  return r;
}

}  // namespace

TEST(Rank, WithinEachValueOfTheCasesRankAxis) {
  const Results r = two_sizes();
  const auto all = ranks(r, group_by_case(r));
  ASSERT_EQ(all.size(), 2u);
  EXPECT_EQ(all[0].within, "size=16");
  EXPECT_EQ(all[0].points, 2u);
  ASSERT_EQ(all[0].rows.size(), 3u);
  EXPECT_EQ(all[0].rows[0].name, "a");  // c ties a at 1.00x on its one point; a ran at two
  EXPECT_EQ(all[0].rows[0].points, 2u);
  EXPECT_EQ(all[0].rows[1].name, "c");
  EXPECT_EQ(all[0].rows[2].name, "b");  // and no d: nobody else ran its one point
  EXPECT_EQ(all[1].within, "size=4096");
  ASSERT_EQ(all[1].rows.size(), 2u);
  EXPECT_EQ(all[1].rows[0].name, "b");
  EXPECT_NEAR(all[1].rows[1].geomean, 3.0, 1e-9);
  EXPECT_NE(text::rank_tables(r, group_by_case(r)).find("rank over 2 points at size=16"), std::string::npos);
}

TEST(Coverage, LibrariesNotOfferingAValueAreListedOnceNotAsRows) {
  const Results r = two_sizes();
  const auto groups = group_by_case(r);
  const auto sha16 = std::find_if(groups.begin(), groups.end(), [](const CaseGroup& g) { return g.point.key() == "algorithm=sha,size=16"; });
  ASSERT_NE(sha16, groups.end());
  EXPECT_EQ(sha16->rows.size(), 2u);  // a and b; c is not a row
  EXPECT_EQ(not_offered_names(*sha16), "c");
  EXPECT_NE(text::case_table(*sha16).find("not offered by c"), std::string::npos);
  const auto c = coverage(groups);
  ASSERT_EQ(c.size(), 1u);
  EXPECT_EQ(c[0].axis, "algorithm");
  ASSERT_EQ(c[0].offered_by.size(), 3u);  // crc, sha, solo
  EXPECT_EQ(c[0].offered_by[0].first, "crc");
  EXPECT_EQ(c[0].offered_by[0].second, (std::vector<std::string>{"a", "b", "c"}));
  EXPECT_EQ(c[0].offered_by[1].second, (std::vector<std::string>{"a", "b"}));
  EXPECT_NE(text::coverage_tables(groups).find("which library offers which algorithm"), std::string::npos);
}
