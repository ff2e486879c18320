// `benchbox site` from the command line, in process (report/site.hpp): the pages of a store of two
// machines, kept when nothing changed, rendered again when a run is added; bad input in one line.
#include <gtest/gtest.h>

#include <fstream>

#include "unit/command_line.hpp"

using namespace benchbox;
using namespace benchbox::testing;

namespace {

const std::vector<std::string> kRun = {"fake", "-n", "pass", "--lib", "steady,faulty", "--ops", "1000", "--reps", "2", "--no-pin"};

std::vector<std::string> with(std::vector<std::string> args, std::initializer_list<std::string> more) {
  args.insert(args.end(), more);
  return args;
}

std::string text_of(const std::string& file) {
  std::ifstream in(file);
  return {std::istreambuf_iterator<char>(in), {}};
}

TEST_F(CommandLine, ASiteShowsEachMachineAndKeepsPagesWhoseInputsDidNotChange) {
  for (const char* machine : {"alpha", "beta"}) ASSERT_EQ(run(with(kRun, {"--store", path("s.sqlite"), "--machine", machine})).status, 0);
  auto o = run({"site", "-o", path("site"), "--store", path("s.sqlite")});
  ASSERT_EQ(o.status, exit_status::ok) << o.err;
  EXPECT_TRUE(has(o.out, "1 module, 2 machines, 2 runs; 4 pages written, 0 unchanged")) << o.out;  // index, module, case, trend
  const std::string page = text_of(path("site/fake/fake-pass-0.html"));
  EXPECT_TRUE(has(page, "<h3>alpha</h3>") && has(page, "<h3>beta</h3>")) << page;
  EXPECT_TRUE(has(page, "<table class=\"matrix\">")) << page;
  EXPECT_TRUE(has(text_of(path("site/index.html")), "<a href=\"fake/index.html\">fake</a>"));
  o = run({"site", "-o", path("site"), "--store", path("s.sqlite")});
  EXPECT_TRUE(has(o.out, "0 pages written, 4 unchanged")) << o.out;
  ASSERT_EQ(run(with(kRun, {"--store", path("s.sqlite"), "--machine", "alpha"})).status, 0);
  o = run({"site", "-o", path("site"), "--store", path("s.sqlite")});
  EXPECT_TRUE(has(o.out, "3 runs; 4 pages written")) << o.out;  // the new run is on every page
  o = run({"site", "-o", path("site"), "--store", path("s.sqlite"), "--machine", "beta"});
  EXPECT_TRUE(has(o.out, "1 machine, 1 run;")) << o.out;
  EXPECT_FALSE(has(text_of(path("site/fake/fake-pass-0.html")), "<h3>alpha</h3>"));
}

TEST_F(CommandLine, ASiteOfNothingOrNowhereIsOneLineAndExitStatus2) {
  auto o = run({"site", "-o", path("site"), "--store", path("none.sqlite")});
  EXPECT_EQ(o.status, exit_status::usage);
  EXPECT_TRUE(has(o.err, "no store at")) << o.err;
  ASSERT_EQ(run(with(kRun, {"--store", path("s.sqlite")})).status, 0);
  o = run({"site", "-o", path("site"), "--store", path("s.sqlite"), "--module", "nosuch"});
  EXPECT_EQ(o.status, exit_status::usage);
  EXPECT_TRUE(has(o.err, "site: no stored runs of nosuch in ")) << o.err;
  std::ofstream(path("file")) << "not a folder";
  o = run({"site", "-o", path("file"), "--store", path("s.sqlite")});
  EXPECT_EQ(o.status, exit_status::usage);
  EXPECT_TRUE(has(o.err, "site: cannot make the folder " + path("file"))) << o.err;
  for (const auto& e : {o.err}) EXPECT_EQ(std::count(e.begin(), e.end(), '\n'), 1) << e;
  o = run({"site", "--store", path("s.sqlite")});
  EXPECT_EQ(o.status, exit_status::usage);
}

}  // namespace
