#include "report/text.hpp"

#include <gtest/gtest.h>

using namespace benchbox;

TEST(TextReport, OriginalLineForm) {
  Measurement m;
  m.library = "tbox";
  m.unit = "switches";
  m.ops = 10000000;
  m.status = Status::ok;
  m.ns_per_op = {20.5};
  m.summary = summarize(m.ns_per_op);
  // 10,000,000 x 20.5 ns = 205 ms; 1e9 / 20.5 = 48,780,487.8 -> 48780487 (truncated, as the original).
  EXPECT_EQ(text::original_line(m), "tbox: 10000000 switches in 205 ms, 48780487 switches per second");
}

TEST(TextReport, NonOkRowsSayWhy) {
  Measurement m;
  m.library = "libmill";
  m.status = Status::unavailable;
  m.reason = "not found";
  EXPECT_EQ(text::original_line(m), "libmill: not available: not found");
  m.status = Status::failed;
  m.reason = "killed by signal 11";
  EXPECT_EQ(text::original_line(m), "libmill: FAILED: killed by signal 11");
}

TEST(TextReport, TableShowsRelativeToFastest) {
  Measurement a, b;
  for (auto* m : {&a, &b}) {
    m->module = "coroutine";
    m->case_id = "switch";
    m->unit = "switches";
    m->status = Status::ok;
    m->ops = 100;
  }
  a.library = "fast";
  a.ns_per_op = {2};
  b.library = "slow";
  b.ns_per_op = {5};
  a.summary = summarize(a.ns_per_op);
  b.summary = summarize(b.ns_per_op);
  Results r;
  r.measurements = {a, b};
  auto groups = group_by_case(r);
  ASSERT_EQ(groups.size(), 1u);
  const std::string table = text::case_table(groups[0]);
  EXPECT_NE(table.find("1.00x"), std::string::npos);
  EXPECT_NE(table.find("2.50x"), std::string::npos);
}
