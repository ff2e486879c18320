// The serialization module's heap axis (module.cpp, heap_axis): optional, so the suite's points
// are those of before; `no-trim` sets glibc's trim threshold in the adapter's environment,
// `no-trim-no-mmap` its mmap threshold too, and their rows are verified only with proof that glibc
// took exactly those (the trim_threshold and mmap_threshold counts).
#include <gtest/gtest.h>

#include "serialization/cases.hpp"
#include "serialization/workload.hpp"
#include <benchbox/module.hpp>

using namespace benchbox;
namespace ser = benchbox::serialization;

namespace {

using Env = std::vector<std::pair<std::string, std::string>>;

const CaseSpec& deserialize() { return *find_module("serialization")->find_case(ser::case_id(ser::Case::deserialize)); }

// A correct proof of `ops` messages of 64 records, with `counts` added.
std::optional<std::string> verify(const Point& point, std::map<std::string, std::uint64_t> counts) {
  constexpr std::uint64_t kOps = 3, kSize = 100;
  const auto batch = ser::workload::generate(64);
  counts.insert({{ser::proof::kMessages, kOps}, {ser::proof::kSize, kSize}, {ser::proof::kWireBytes, kOps * kSize}});
  const CaseContext context{point, {}, {}};
  return deserialize().verify(context, TrialProof{kOps, kOps, ser::workload::folded<ser::workload::Checksum>(batch).h, counts});
}

}  // namespace

TEST(SerializationHeapAxis, TheSuiteKeepsItsPointsAndNoTrimSetsTheTunable) {
  const CaseSpec& c = deserialize();
  std::vector<std::string> suite;
  for (const Point& p : c.suite()) suite.push_back(p.key());
  EXPECT_EQ(suite, (std::vector<std::string>{"1", "64", "6400"}));
  const Point plain = c.point_of({"6400"}), no_trim = c.parse_point({"6400", "no-trim"});
  EXPECT_EQ(c.parse_point({"6400", "default"}).key(), "6400");
  EXPECT_EQ(no_trim.key(), "records=6400,heap=no-trim");
  EXPECT_EQ(c.label(plain), "6400 records");
  EXPECT_EQ(c.label(no_trim), "6400 records, trimming off");
  EXPECT_EQ(c.environment(plain), Env{});
  EXPECT_EQ(c.environment(no_trim), (Env{{"GLIBC_TUNABLES", "glibc.malloc.trim_threshold=1073741824"}}));
  const Point no_mmap = c.parse_point({"6400", "no-trim-no-mmap"});
  EXPECT_EQ(c.label(no_mmap), "6400 records, trimming and mmap off");
  EXPECT_EQ(c.environment(no_mmap),
            (Env{{"GLIBC_TUNABLES", "glibc.malloc.trim_threshold=1073741824:glibc.malloc.mmap_threshold=33554432"}}));
  EXPECT_THROW(c.parse_point({"6400", "no_trim"}), std::invalid_argument);
}

TEST(SerializationHeapAxis, ANoTrimRowNeedsGlibcsOwnWordThatItsTunablesTook) {
  const CaseSpec& c = deserialize();
  const Point plain = c.point_of({"64"}), no_trim = c.parse_point({"64", "no-trim"}),
              no_mmap = c.parse_point({"64", "no-trim-no-mmap"});
  const std::uint64_t gib = ser::kNoTrimThreshold, mmap = ser::kNoMmapThreshold;
  EXPECT_EQ(verify(plain, {}), std::nullopt);
  EXPECT_EQ(verify(no_trim, {{ser::proof::kTrimThreshold, gib}, {ser::proof::kMmapThreshold, 0}}), std::nullopt);
  EXPECT_EQ(verify(no_mmap, {{ser::proof::kTrimThreshold, gib}, {ser::proof::kMmapThreshold, mmap}}), std::nullopt);
  EXPECT_EQ(verify(no_trim, {}), "the adapter reported no 'trim_threshold' count");
  EXPECT_EQ(verify(no_trim, {{ser::proof::kTrimThreshold, 0}, {ser::proof::kMmapThreshold, 0}}),  // glibc ignored the setting
            "glibc's glibc.malloc.trim_threshold in the adapter's process (heap no-trim sets it): 0, expected 1073741824");
  EXPECT_EQ(verify(no_trim, {{ser::proof::kTrimThreshold, gib}, {ser::proof::kMmapThreshold, mmap}}),  // more than it names
            "glibc's glibc.malloc.mmap_threshold in the adapter's process (heap no-trim leaves it unset): 33554432, expected 0");
  EXPECT_EQ(verify(no_mmap, {{ser::proof::kTrimThreshold, gib}, {ser::proof::kMmapThreshold, 0}}),
            "glibc's glibc.malloc.mmap_threshold in the adapter's process (heap no-trim-no-mmap sets it): 0, expected 33554432");
}
