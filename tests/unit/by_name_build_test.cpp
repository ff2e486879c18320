// A library row outside the suite: a build its folder makes in every build of benchbox
// (benchbox_library's BUILDS), whose manifest says "by_name": true. A run leaves it out unless
// --lib names it; `list` says how to run it. (Variants run by name only: cli_test.cpp.)
#include <gtest/gtest.h>
#include <nlohmann/json.hpp>
#include <unistd.h>

#include <fstream>
#include <set>

#include "run/catalog.hpp"
#include "unit/command_line.hpp"

using namespace benchbox;
using namespace benchbox::testing;
namespace fs = std::filesystem;

namespace {

// The fake module's libexec folder with `steady` and `steady@unity`, a build of it by name only.
class ByNameBuild : public CommandLine {
 protected:
  ByNameBuild() {
    write_steady_manifest();
    write(libexec() / "fake" / "steady@unity.json",
          R"({"id": "steady@unity", "title": "steady, built unity", "order": 0, "available": true, "program": "bin/fake",)"
          R"( "base": "steady", "build": "units.cpp and the harness compiled as one translation unit", "by_name": true,)"
          R"( "env": {"BENCHBOX_FAKE_ID": "steady"}})");
    write(libexec() / "modules.json", R"({"not_built": []})");
  }

  // The libraries whose rows a run of `pass` recorded, with these arguments added.
  std::set<std::string> libraries(std::vector<std::string> args) {
    std::vector<std::string> argv{"fake", "-n", "pass", "--ops", "1000", "--reps", "1", "--processes", "1", "--no-pin",
                                  "--json", path("r.json")};
    argv.insert(argv.end(), args.begin(), args.end());
    const auto o = run(argv, libexec());
    EXPECT_EQ(o.status, exit_status::ok) << o.err;
    std::set<std::string> ids;
    const auto results = nlohmann::json::parse(std::ifstream(path("r.json")));
    for (const auto& r : results.at("results")) ids.insert(r.at("library").get<std::string>());
    return ids;
  }
};

}  // namespace

TEST(ByNameCatalog, TheManifestSaysWhetherALibraryRunsByNameOnly) {
  const fs::path dir = fs::temp_directory_path() / ("benchbox-by-name-" + std::to_string(::getpid()));
  write(dir / "m" / "a.json", R"({"id": "a", "available": true, "program": "bin/a"})");
  write(dir / "m" / "a@unity.json", R"({"id": "a@unity", "available": true, "program": "bin/a@unity", "base": "a", "by_name": true})");
  const auto catalog = load_catalog(dir, "m");
  ASSERT_EQ(catalog.size(), 2u);
  EXPECT_FALSE(catalog[0].by_name);
  EXPECT_EQ(catalog[1].id, "a@unity");
  EXPECT_TRUE(catalog[1].by_name);
  fs::remove_all(dir);
}

TEST_F(ByNameBuild, ARunWithoutLibLeavesItOut) { EXPECT_EQ(libraries({}), (std::set<std::string>{"steady"})); }

TEST_F(ByNameBuild, LibNamingItRunsIt) {
  EXPECT_EQ(libraries({"--lib", "steady@unity"}), (std::set<std::string>{"steady@unity"}));
  EXPECT_EQ(libraries({"--lib", "steady,steady@unity"}), (std::set<std::string>{"steady", "steady@unity"}));
  EXPECT_EQ(libraries({"--lib", "steady"}), (std::set<std::string>{"steady"}));
}

TEST_F(ByNameBuild, VerifyWithoutLibLeavesItOutToo) {
  const auto o = run({"fake", "-n", "pass", "--verify", "--no-pin"}, libexec());
  EXPECT_EQ(o.status, exit_status::ok) << o.err;
  EXPECT_TRUE(has(o.out, "steady ")) << o.out;
  EXPECT_FALSE(has(o.out, "steady@unity")) << o.out;
}

TEST_F(ByNameBuild, ListSaysHowToRunIt) {
  const auto o = run({"list", "fake"}, libexec());
  ASSERT_EQ(o.status, exit_status::ok) << o.err;
  EXPECT_TRUE(has(o.out, "available, version 0.0-test; outside the suite, by name only: --lib steady@unity\n")) << o.out;
  EXPECT_EQ(o.out.find("by name only"), o.out.rfind("by name only")) << o.out;  // steady's own heading says nothing
}
