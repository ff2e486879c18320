// `benchbox list` for the fake module: each library described through the executor, as a run
// describes it; shared traits once, differing ones with their cases; --verbose in full.
#include "cli/listing.hpp"

#include <gtest/gtest.h>

#include <map>

using namespace benchbox;

namespace {

// Answers `describe` per program; anything else is a failure.
class DescribeExecutor : public Executor {
 public:
  std::map<std::string, std::string> answers;  // program -> describe line ("" : the program crashes)
  std::vector<ChildSpec> calls;
  ChildOutcome run(const ChildSpec& spec) override {
    calls.push_back(spec);
    ChildOutcome out;
    const auto it = answers.find(spec.argv.front());
    if (spec.argv.back() != "describe" || it == answers.end() || it->second.empty()) {
      out.signal = 11;
      return out;
    }
    out.exit_code = 0;
    out.out = it->second + "\n";
    return out;
  }
};

LibraryEntry library(const std::string& id, bool available = true) {
  LibraryEntry e;
  e.id = id;
  e.module = "fake";
  e.available = available;
  e.program = "/bin/" + id;
  if (!available) {
    e.reason = id + " not found";
    e.enable = "configure with -D" + id + "_ROOT=PREFIX";
  }
  return e;
}

struct Listed {
  DescribeExecutor executor;
  std::vector<LibraryEntry> catalog;
  RunSettings settings;
  Listed() {
    settings.module = "fake";
    settings.libexec_dir = "/libexec";
    catalog = {library("steady"), library("a-library-with-a-long-id"), library("absent", false), library("broken")};
    catalog[0].reference = true;
    catalog[0].env = {{"ONLY_FOR_STEADY", "1"}};
    executor.answers["/bin/steady"] =
        R"({"protocol":3,"id":"steady","version":"1.0","cases":{"step":{"min_value":0,"bytes_per_unit":0,"notes":"","traits":{"style":"plain loop","lane_bytes":"4096"}},)"
        R"("pass":{"min_value":0,"bytes_per_unit":0,"notes":"","traits":{"style":"plain loop"}},"size":{"min_value":0,"bytes_per_unit":0,"notes":"","traits":{"style":"plain loop"}}}})";
    executor.answers["/bin/a-library-with-a-long-id"] =
        R"({"protocol":3,"id":"long","version":"2.0","cases":{"step":{"min_value":0,"bytes_per_unit":0,"notes":"","traits":{"order":"fixed"}},)"
        R"("size":{"min_value":0,"bytes_per_unit":0,"notes":"","traits":{"order":"any"}},"pass":{"not_applicable":"it has no buffer"}}})";
    executor.answers["/bin/broken"] = "";
  }
  std::string text(bool verbose) { return list_module(*find_module("fake"), catalog, settings, executor, verbose); }
};

// The listing has `text` somewhere; the whole listing is shown when not.
void expect_listed(const std::string& out, const std::string& text) {
  EXPECT_NE(out.find(text), std::string::npos) << out;
}

}  // namespace

TEST(Listing, ATraitSharedByEveryCaseIsPrintedOnce) {
  Listed l;
  const std::string out = l.text(false);
  expect_listed(out, "    steady                   available, version 1.0 (reference)\n"
                     "                             cases: step, pass, size\n"
                     "                             lane_bytes: 4096 in step\n"
                     "                             style: plain loop\n");
  expect_listed(out, "    a-library-with-a-long-id available, version 2.0\n"
                     "                             cases: step, size; n/a: pass\n"
                     "                             order: fixed in step; any in size\n");
  expect_listed(out, "    absent                   not available: absent not found\n"
                     "                             to enable: configure with -Dabsent_ROOT=PREFIX\n");
  expect_listed(out, "    broken                   BROKEN: describe: killed by signal 11");
}

TEST(Listing, VerboseShowsEveryCaseInFull) {
  Listed l;
  const std::string out = l.text(true);
  expect_listed(out, "steady                   available, version 1.0 (reference): step (lane_bytes 4096, style plain loop); "
                     "pass (style plain loop); size (style plain loop)\n");
  expect_listed(out, "step (order fixed); pass: n/a (it has no buffer); size (order any)");
}

TEST(Listing, LibrariesAreDescribedAsARunDescribesThem) {
  Listed l;
  l.text(false);
  ASSERT_EQ(l.executor.calls.size(), 3u);  // every available library, nothing else started
  const ChildSpec& steady = l.executor.calls[0];
  EXPECT_EQ(steady.argv, (std::vector<std::string>{"/bin/steady", "describe"}));
  const auto& env = steady.env;
  EXPECT_NE(std::find(env.begin(), env.end(), std::pair<std::string, std::string>{"ONLY_FOR_STEADY", "1"}), env.end());
  EXPECT_NE(std::find(env.begin(), env.end(), std::pair<std::string, std::string>{"BENCHBOX_DATA_DIR", "/libexec/fake/data"}),
            env.end());
  EXPECT_EQ(steady.timeout, std::chrono::seconds(30));
  EXPECT_FALSE(steady.cpu);
}

// A version row (BENCHBOX_VERSIONS) says what it is, and that the traits listed are its folder's.
TEST(Listing, AVersionRowSaysItsBuildAndWhoseTraitsItShows) {
  Listed l;
  l.catalog.push_back(library("steady@2.0"));
  l.catalog.back().base = "steady";
  l.catalog.back().build = "installed at /opt/steady-2.0: include/steady.h, lib/libsteady.a";
  l.executor.answers["/bin/steady@2.0"] = l.executor.answers["/bin/steady"];
  const std::string text = l.text(false);
  EXPECT_NE(text.find("another row of steady: installed at /opt/steady-2.0: include/steady.h, lib/libsteady.a; the "
                      "traits below are steady's folder's"),
            std::string::npos)
      << text;
  EXPECT_EQ(text.find("another row of"), text.rfind("another row of")) << text;  // once: the version row's, not steady's
}

// A variant run by name only is named with how to ask for it; the others are not listed.
TEST(Listing, AVariantByNameSaysHowToRunIt) {
  Listed l;
  std::string& steady = l.executor.answers["/bin/steady"];
  steady.insert(steady.find(R"("cases")"), R"("variants":[{"id":"1","label":"steady -1"},{"id":"9","label":"steady -9","by_name":true}],)");
  const std::string text = l.text(false);
  expect_listed(text, "                             style: plain loop\n"
                      "                             outside the suite, by name only: --lib steady:9 (steady -9)\n");
  EXPECT_EQ(text.find("steady:1"), std::string::npos) << text;
}
