#include "run/protocol.hpp"

#include <gtest/gtest.h>

using namespace benchbox;

namespace {

// The describe line of an adapter "x", version 1, with these cases (a JSON object).
LibraryDescription describe_cases(const std::string& cases) {
  return parse_describe(R"({"protocol":3,"id":"x","version":"1","cases":)" + cases + "}\n");
}

}  // namespace

TEST(Protocol, ParsesDescribe) {
  auto d = parse_describe(
      R"({"protocol":3,"id":"x","version":"1.2","info":{"k":"v"},"cases":{"switch":{"traits":{"style":"asymmetric","stack_bytes":"65536"},"bytes_per_unit":65536,"min_value":1,"notes":"n"},"channel":{"not_applicable":"no channel"}}})"
      "\n");
  EXPECT_EQ(d.id, "x");
  EXPECT_EQ(d.version, "1.2");
  EXPECT_EQ(d.info.at("k"), "v");
  ASSERT_TRUE(d.cases.at("switch").applicable);
  EXPECT_EQ(d.cases.at("switch").traits.value("stack_bytes"), "65536");
  EXPECT_EQ(d.cases.at("switch").traits.value("style"), "asymmetric");
  EXPECT_EQ(d.cases.at("switch").traits.bytes_per_unit, 65536u);
  EXPECT_FALSE(d.cases.at("channel").applicable);
  EXPECT_EQ(d.cases.at("channel").not_applicable_reason, "no channel");
}

TEST(Protocol, OptionalMaximumParameter) {
  auto d = describe_cases(R"({"channel":{"min_value":0,"max_value":0}})");
  EXPECT_EQ(d.cases.at("channel").traits.max_value, 0);
  auto unlimited = describe_cases(R"({"channel":{"min_value":0}})");
  EXPECT_EQ(unlimited.cases.at("channel").traits.max_value, -1);
  EXPECT_EQ(unlimited.cases.at("channel").traits.max_value_reason, "");
  auto reasoned = describe_cases(R"({"memory":{"min_value":1,"max_value":30000,"max_value_reason":"r"}})");
  EXPECT_EQ(reasoned.cases.at("memory").traits.max_value_reason, "r");
  EXPECT_THROW(describe_cases(R"({"c":{"min_value":0,"max_value":-2}})"), ProtocolError);
}

TEST(Protocol, ParsesTrialsInOrder) {
  auto r = parse_run(
      "{\"protocol\":3,\"trial\":\"warmup\",\"ops\":10,\"ns\":100,\"done\":10,\"checksum\":5}\n"
      "{\"protocol\":3,\"trial\":1,\"ops\":10,\"ns\":90,\"done\":10,\"checksum\":5,\"instructions\":300}\n");
  ASSERT_EQ(r.trials.size(), 2u);
  EXPECT_TRUE(r.trials[0].warmup);
  EXPECT_FALSE(r.trials[1].warmup);
  EXPECT_EQ(r.trials[1].ns, 90u);
  EXPECT_EQ(r.trials[1].instructions, 300u);
  EXPECT_FALSE(r.trials[1].cycles);
}

TEST(Protocol, ReportsAdapterError) {
  auto r = parse_run("{\"protocol\":3,\"error\":\"bad param\"}\n");
  ASSERT_TRUE(r.error);
  EXPECT_EQ(*r.error, "bad param");
}

TEST(Protocol, ReportsNotApplicableFoundWhileRunning) {
  auto r = parse_run("{\"protocol\":3,\"not_applicable\":\"gave up\"}\n");
  ASSERT_TRUE(r.not_applicable.has_value());
  EXPECT_EQ(*r.not_applicable, "gave up");
  EXPECT_FALSE(r.error.has_value());
  EXPECT_TRUE(r.trials.empty());
}

TEST(Protocol, RejectsGarbageTruncationAndWrongShapes) {
  EXPECT_THROW(parse_run("hello world\n"), ProtocolError);
  EXPECT_THROW(parse_run("{\"protocol\":3,\"trial\":1,\"ops\":10"), ProtocolError);  // no newline: truncated
  EXPECT_THROW(parse_run("{\"protocol\":1,\"trial\":1,\"ops\":1,\"ns\":1,\"done\":1,\"checksum\":1}\n"), ProtocolError);
  EXPECT_THROW(parse_run("{\"protocol\":3,\"trial\":1,\"ops\":-1,\"ns\":1,\"done\":1,\"checksum\":1}\n"), ProtocolError);
  EXPECT_THROW(parse_run("{\"protocol\":3,\"trial\":1,\"ops\":1,\"ns\":\"1\",\"done\":1,\"checksum\":1}\n"), ProtocolError);
  EXPECT_THROW(parse_run("[1,2]\n"), ProtocolError);
  EXPECT_THROW(parse_describe(""), ProtocolError);
  EXPECT_THROW(parse_describe("{\"protocol\":3,\"id\":\"x\",\"version\":\"1\"}\n"), ProtocolError);  // no cases
}

TEST(Protocol, EmptyOutputIsNoTrials) { EXPECT_TRUE(parse_run("").trials.empty()); }

TEST(Protocol, RunArguments) {
  const Point two = Point::of(AxisValue::of(2));
  auto a = run_arguments("/p", "switch", two, 1000, 5, 1, 1000);
  std::vector<std::string> expected{"/p", "run", "--case", "switch", "--axis", "2", "--ops", "1000", "--reps", "5", "--warmup", "1"};
  EXPECT_EQ(a, expected);
  // A shorter warm-up is said; without warm-up trials it is not.
  expected.insert(expected.end(), {"--warmup-ops", "250"});
  EXPECT_EQ(run_arguments("/p", "switch", two, 1000, 5, 1, 250), expected);
  EXPECT_EQ(run_arguments("/p", "switch", two, 1000, 5, 0, 250).size(), 12u);
  // A point of several axes: one --axis NAME=VALUE each, in the point's order.
  const Point both({{"algorithm", AxisValue::named("crc")}, {"size", AxisValue::of(64)}});
  const std::vector<std::string> named{"/p", "run", "--case", "keys", "--axis", "algorithm=crc", "--axis", "size=64",
                                       "--ops", "10", "--reps", "1", "--warmup", "0"};
  EXPECT_EQ(run_arguments("/p", "keys", both, 10, 1, 0, 10), named);
}

TEST(Protocol, TraitsMustBeStrings) {
  EXPECT_THROW(describe_cases(R"({"c":{"min_value":0,"traits":{"style":3}}})"), ProtocolError);
}

TEST(Protocol, ParsesCountsFiguresAndDetails) {
  auto r = parse_run(
      "{\"protocol\":3,\"trial\":1,\"ops\":1,\"ns\":5,\"done\":1,\"checksum\":0,\"counts\":{\"objects\":3},"
      "\"figures\":{\"bytes_per_element\":40.5},\"details\":[\"input 7 accepted\"]}\n");
  ASSERT_EQ(r.trials.size(), 1u);
  EXPECT_EQ(r.trials[0].counts.at("objects"), 3u);
  EXPECT_DOUBLE_EQ(r.trials[0].figures.at("bytes_per_element"), 40.5);
  EXPECT_EQ(r.trials[0].details, std::vector<std::string>{"input 7 accepted"});
  EXPECT_THROW(parse_run("{\"protocol\":3,\"trial\":1,\"ops\":1,\"ns\":5,\"done\":1,\"checksum\":0,\"counts\":{\"a\":-1}}\n"),
               ProtocolError);
  EXPECT_THROW(parse_run("{\"protocol\":3,\"trial\":1,\"ops\":1,\"ns\":5,\"done\":1,\"checksum\":0,\"figures\":{\"a\":\"x\"}}\n"),
               ProtocolError);
}

TEST(Protocol, NamedValuesALibraryCannotRun) {
  auto d = parse_describe(
      R"({"protocol":3,"id":"floor","version":"1","cases":{"count":{"min_value":0,"not_applicable_at":{"emails":"not a literal"}}}})"
      "\n");
  EXPECT_EQ(d.cases.at("count").traits.not_applicable_at.at("emails"), "not a literal");
  EXPECT_TRUE(d.cases.at("count").applicable);
  EXPECT_THROW(describe_cases(R"({"c":{"min_value":0,"not_applicable_at":{"a":1}}})"), ProtocolError);
}

// A variant may offer fewer of the first axis's values than the library's other rows (xxHash's
// dispatch row: XXH3 only).
TEST(Protocol, NamedValuesAVariantDoesNotOffer) {
  auto d = parse_describe(
      R"({"protocol":3,"id":"x","version":"1","variants":[{"id":"all"},{"id":"some","not_applicable_at":{"a":"not here"}}],)"
      R"("cases":{"c":{"min_value":0}}})"
      "\n");
  EXPECT_TRUE(d.find_variant("all")->not_applicable_at.empty());
  EXPECT_EQ(d.find_variant("some")->not_applicable_at.at("a"), "not here");
  EXPECT_THROW(parse_describe(R"({"protocol":3,"id":"x","version":"1","variants":[{"id":"v","not_applicable_at":{"a":1}}],"cases":{}})"
                              "\n"),
               ProtocolError);
}

// A variant run by name only (a codec's strongest level, outside the suite): "by_name", a boolean.
TEST(Protocol, AVariantRunByNameOnly) {
  auto d = parse_describe(
      R"({"protocol":3,"id":"x","version":"1","variants":[{"id":"suite"},{"id":"slow","by_name":true}],"cases":{}})"
      "\n");
  EXPECT_FALSE(d.find_variant("suite")->by_name);
  EXPECT_TRUE(d.find_variant("slow")->by_name);
  EXPECT_THROW(parse_describe(R"({"protocol":3,"id":"x","version":"1","variants":[{"id":"v","by_name":"yes"}],"cases":{}})"
                              "\n"),
               ProtocolError);
}
