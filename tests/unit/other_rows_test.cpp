// Another version or build of a library as a row of its own (BENCHBOX_VERSIONS, BENCHBOX_BUILDS;
// docs/building-libraries.md, "Versions and builds side by side"): a manifest with an id
// LIBRARY@NAME, "base" and "build", run through the command line beside the library itself; '@'
// in --lib, the tables, the results file, the store and compare.
#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <fstream>

#include "run/catalog.hpp"
#include "unit/command_line.hpp"

using namespace benchbox;
using namespace benchbox::testing;
namespace fs = std::filesystem;

namespace {

LibraryEntry other(const std::string& id, const std::string& base) {
  LibraryEntry e;
  e.id = id;
  e.base = base;
  return e;
}

// The fake module's libexec folder with `steady`, and `steady@2` another version of it.
class OtherRows : public CommandLine {
 protected:
  OtherRows() {
    write_steady_manifest();
    write(libexec() / "fake" / "steady@2.json",
          R"({"id": "steady@2", "title": "steady 2 at /opt/steady-2", "order": 0, "available": true, "program": "bin/fake",)"
          R"( "base": "steady", "build": "installed at /opt/steady-2: include/steady.h, lib/libsteady.a",)"
          R"( "env": {"BENCHBOX_FAKE_ID": "steady"}})");
    write(libexec() / "modules.json", R"({"not_built": []})");
    fake.variants["steady"] = R"([{"id":"fast","label":"steady, fast"},{"id":"slow"}])";
  }
};

}  // namespace

TEST(OtherRowLabel, TheNameFollowsTheLibrarysIdOrTheLabelsFirstWord) {
  EXPECT_EQ(other_row_label("zstd -3", other("zstd@1.5.6", "zstd")), "zstd@1.5.6 -3");
  EXPECT_EQ(other_row_label("lz4 fast 8", other("lz4@1.10.0", "lz4")), "lz4@1.10.0 fast 8");
  EXPECT_EQ(other_row_label("lzip -6", other("lzlib@1.14", "lzlib")), "lzip@1.14 -6");
  EXPECT_EQ(other_row_label("lzo1x-1", other("lzo@2.10", "lzo")), "lzo1x-1@2.10");
  EXPECT_EQ(other_row_label("zstd -3", other("zstd", "")), "zstd -3");  // the library itself
  EXPECT_EQ(other_row_label("", other("zstd@1.5.6", "zstd")), "");      // no label: the row's id names it
}

TEST(OtherRowCatalog, AManifestWhoseIdIsNotItsBaseAtANameIsRefused) {
  const fs::path dir = fs::temp_directory_path() / ("benchbox-other-rows-" + std::to_string(::getpid()));
  write(dir / "m" / "zstd@1.5.6.json",
        R"({"id": "zstd@1.5.6", "available": true, "program": "bin/zstd@1.5.6", "base": "zstd", "build": "installed at /p: lib/libzstd.a"})");
  auto catalog = load_catalog(dir, "m");
  ASSERT_EQ(catalog.size(), 1u);
  EXPECT_EQ(catalog[0].base, "zstd");
  EXPECT_EQ(catalog[0].build, "installed at /p: lib/libzstd.a");
  EXPECT_EQ(catalog[0].program, dir / "m" / "bin/zstd@1.5.6");
  write(dir / "m" / "lz4@1.json", R"({"id": "zstd@1", "available": true, "base": "lz4"})");
  EXPECT_THROW(load_catalog(dir, "m"), std::runtime_error);
  fs::remove_all(dir);
}

TEST_F(OtherRows, BothRowsInOneTableNamedAfterTheirIds) {
  const auto o = run({"fake", "-n", "pass", "--lib", "steady,steady@2:fast", "--ops", "1000", "--reps", "1", "--no-pin", "--json",
                      path("r.json")},
                     libexec());
  ASSERT_EQ(o.status, exit_status::ok) << o.err;
  EXPECT_TRUE(has(o.out, "  steady, fast ")) << o.out;
  EXPECT_TRUE(has(o.out, "  steady@2, fast ")) << o.out;
  EXPECT_TRUE(has(o.out, "  steady:slow ")) << o.out;
  EXPECT_FALSE(has(o.out, "steady@2:slow")) << o.out;  // --lib asked for one variant of steady@2
  const auto j = nlohmann::json::parse(std::ifstream(path("r.json")));
  ASSERT_EQ(j.at("results").size(), 3u);
  bool seen = false;
  for (const auto& r : j.at("results")) {
    if (r.at("library") != "steady@2") {
      EXPECT_FALSE(r.at("traits").contains("build")) << r;  // the library itself: as it always was
      continue;
    }
    seen = true;
    EXPECT_EQ(r.at("variant_label"), "steady@2, fast");
    EXPECT_EQ(r.at("traits").at("build"), "installed at /opt/steady-2: include/steady.h, lib/libsteady.a");
    EXPECT_TRUE(r.at("verified").get<bool>());
  }
  EXPECT_TRUE(seen);
}

TEST_F(OtherRows, TheRowIsStoredComparedAndFilteredByItsId) {
  store_ = path("s.sqlite");
  for (const char* name : {"a.json", "b.json"})
    ASSERT_EQ(run({"fake", "-n", "pass", "--lib", "steady@2", "--ops", "1000", "--reps", "1", "--no-pin", "--json", path(name)}, libexec())
                  .status,
              exit_status::ok);
  auto o = run({"compare", path("a.json"), path("b.json")}, libexec());
  EXPECT_EQ(o.status, exit_status::ok) << o.err;
  EXPECT_TRUE(has(o.out, "steady@2, fast ")) << o.out;
  o = run({"trend", "fake", "-n", "pass", "--lib", "steady@2:slow"}, libexec());
  EXPECT_EQ(o.status, exit_status::ok) << o.err;
  EXPECT_TRUE(has(o.out, "steady@2:slow")) << o.out;
  EXPECT_FALSE(has(o.out, "steady@2, fast")) << o.out;
  o = run({"fake", "-n", "pass", "--lib", "steady@3", "--ops", "1000", "--reps", "1", "--no-pin"}, libexec());
  EXPECT_EQ(o.status, exit_status::usage);
  EXPECT_TRUE(has(o.err, "unknown library 'steady@3'")) << o.err;
}
