// The live output of a text run: each case's lines in the original tool's form come in the order
// of the case's table, whichever order the interleaved rounds finished the rows in.
#include <sstream>

#include "benchbox_process.hpp"

using namespace benchbox_test;

namespace {

// The libraries of a one-case run's original-form lines ("steady: 2000 steps in ...") and of its
// table's rows, in the order printed.
struct Printed {
  std::vector<std::string> lines, rows;
};

std::string second_word(const std::string& line) {
  std::istringstream words(line);
  std::string word;
  words >> word >> word;
  return word;
}

Printed printed(const std::string& out) {
  Printed p;
  std::istringstream in(out);
  enum { heading, lines, table, legend } part = heading;
  for (std::string line; std::getline(in, line);) {
    if (part == heading) part = lines;  // "== fake step, 2 lanes =="
    else if (line.rfind("rank  library ", 0) == 0) part = table;
    else if (part == table && line.find(':') < line.find(' ')) part = legend;  // "ns/op: nanoseconds..."
    else if (part == table) p.rows.push_back(second_word(line));  // "   1  steady  ...": the name after the rank
    else if (part == lines && !line.empty()) p.lines.push_back(line.substr(0, line.find(':')));
  }
  return p;
}

void expect_lines_in_table_order(const std::string& sort) {
  TempDir tmp;
  for (const std::string seed : {"1", "2", "3", "4", "5", "6"}) {
    Benchbox b({"fake", "-n", "step", "2", "--lib", "steady,faulty", "--ops", "2000", "--reps", "3", "--processes", "3",
                "--no-pin", "--seed", seed, "--sort", sort},
               "", tmp.path);
    ASSERT_EQ(b.wait(120s), 0) << b.out() << b.err();
    const Printed p = printed(b.out());
    EXPECT_EQ(p.rows.size(), 2u) << b.out();
    EXPECT_EQ(p.lines, p.rows) << "seed " << seed << "\n" << b.out();
  }
}

}  // namespace

TEST(LiveLines, FollowTheRankedTable) { expect_lines_in_table_order("median"); }
TEST(LiveLines, FollowTheDeclaredTable) { expect_lines_in_table_order("name"); }
