// Rows that must agree (CaseSpec::same_checksum): the checksum most libraries give at a point
// stands, whatever order the rows ran in; a library's variants count once; with no majority every
// row of the point fails; the reference row is left out.
#include "results/agreement.hpp"

#include <gtest/gtest.h>

#include <benchbox/module.hpp>

using namespace benchbox;

namespace {

const Module& hashing_like() {
  static const Module m{.id = "t",
                        .description = "",
                        .cases = {{.id = "bulk",
                                   .unit = "hashes",
                                   .axes = {{.name = "algorithm", .choices = {"crc"}, .default_value = "crc", .suite = {"crc"}}},
                                   .same_checksum = true}}};
  return m;
}

Measurement row(const std::string& library, std::uint64_t checksum, const std::string& variant = "") {
  Measurement m;
  m.module = "t";
  m.case_id = "bulk";
  m.library = library;
  m.variant = variant;
  m.point = Point::of(AxisValue::named("crc"));
  m.status = Status::ok;
  m.verified = true;
  m.proof = TrialProof{1, 1, checksum, {}};
  return m;
}

}  // namespace

TEST(Agreement, TheChecksumMostLibrariesGiveStandsInAnyOrder) {
  for (int wrong_first = 0; wrong_first < 2; ++wrong_first) {
    Results r;
    if (wrong_first) r.measurements.push_back(row("cheater", 7));
    r.measurements.push_back(row("zlib", 1));
    r.measurements.push_back(row("libdeflate", 1));
    if (!wrong_first) r.measurements.push_back(row("cheater", 7));
    check_agreement(hashing_like(), r);
    for (const auto& m : r.measurements) {
      EXPECT_EQ(m.ok(), m.library != "cheater") << m.library;
      if (m.library == "cheater") {
        EXPECT_NE(m.reason.find("differs from what more libraries give (libdeflate, zlib gives"), std::string::npos) << m.reason;
      }
    }
  }
}

TEST(Agreement, WithoutAMajorityEveryRowFailsAndVariantsAreOneLibrary) {
  Results r;
  r.measurements = {row("openssl", 1, "one-shot"), row("openssl", 1, "stream"), row("zlib", 2)};
  check_agreement(hashing_like(), r);
  for (const auto& m : r.measurements) {
    EXPECT_FALSE(m.ok());
    EXPECT_NE(m.reason.find("the libraries disagree"), std::string::npos) << m.reason;
  }
}

TEST(Agreement, TheFloorAndRowsWithoutAProofAreLeftOut) {
  Results r;
  r.measurements = {row("floor", 9), row("zlib", 1), row("libdeflate", 1), row("broken", 0)};
  r.measurements[0].reference = true;
  r.measurements[3].status = Status::failed;
  check_agreement(hashing_like(), r);
  EXPECT_TRUE(r.measurements[0].ok());
  EXPECT_TRUE(r.measurements[1].ok());
  EXPECT_TRUE(r.measurements[2].ok());
}
