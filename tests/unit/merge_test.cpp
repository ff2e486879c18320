#include "report/merge.hpp"

#include <gtest/gtest.h>

#include "report_fixtures.hpp"

using namespace benchbox;
using namespace benchbox::testing;

TEST(Merge, ColumnPerMachineRowPerLibrary) {
  Results a = sample_results(), b = sample_results();
  b.context = {{"cpu_model", "Other CPU"}, {"os", "Arch"}};  // no host: CPU model and OS
  b.measurements.erase(b.measurements.begin() + 1);        // no tbox there
  const Merged m = merge_results({a, b}, {"mac.json", "arch.json"});
  EXPECT_EQ(m.machines, (std::vector<std::string>{"testhost", "Other CPU, Arch"}));
  ASSERT_EQ(m.cases.size(), 2u);
  const MergedCase& sw = m.cases[0];
  EXPECT_EQ(sw.libraries.size(), 6u);
  EXPECT_EQ(sw.libraries[1], "tbox");
  EXPECT_TRUE(sw.cells[1][0].present);
  EXPECT_DOUBLE_EQ(sw.cells[1][0].value, 10.1);
  EXPECT_FALSE(sw.cells[1][1].present);
  const std::string text = render_merged(m, "text");
  EXPECT_NE(text.find("== coroutine switch, 2 coroutines: ns/op (switches; lower is better) =="), std::string::npos) << text;
  EXPECT_NE(text.find("libmill on every machine: FAILED: killed by signal 11"), std::string::npos) << text;
}

TEST(Merge, DuplicateMachinesAreToldApart) {
  const Results a = sample_results();
  EXPECT_EQ(machine_columns({a, a}, {"x/r1.json", "y/r2.json"}), (std::vector<std::string>{"testhost (r1.json)", "testhost (r2.json)"}));
  EXPECT_EQ(machine_columns({a, a}, {"x/r.json", "y/r.json"}),
            (std::vector<std::string>{"testhost (r.json) #1", "testhost (r.json) #2"}));
}

TEST(Merge, MarkdownAndCsvShapes) {
  Results b = sample_results();
  b.context["host"] = "second";
  const Merged m = merge_results({sample_results(), b}, {"a.json", "b.json"});
  const std::string md = render_merged(m, "md");
  EXPECT_NE(md.find("| library | testhost | second |"), std::string::npos) << md;
  EXPECT_NE(md.find("|:--|--:|--:|"), std::string::npos);
  EXPECT_NE(md.find("| tbox | 10.1 | 10.1 |"), std::string::npos);
  const std::string csv = render_merged(m, "csv");
  EXPECT_EQ(csv.substr(0, csv.find('\n')), "module,case,param,param_label,unit,figure,figure_unit,library,testhost,second");
  EXPECT_NE(csv.find("coroutine,switch,2,2 coroutines,switches,ns_per_op,ns/op,libmill,failed,failed\n"), std::string::npos) << csv;
  std::size_t lines = 0;
  for (char ch : csv) lines += ch == '\n';
  EXPECT_EQ(lines, 1u + 8u);
  EXPECT_THROW(render_merged(m, "html"), std::invalid_argument);
}
