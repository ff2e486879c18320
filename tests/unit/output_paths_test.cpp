#include "cli/output_paths.hpp"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

#include <unistd.h>

using namespace benchbox;
namespace fs = std::filesystem;

namespace {
fs::path scratch() {
  // A folder of this process and test: ctest runs each test as a process of its own, side by side.
  const auto dir = fs::temp_directory_path() / ("benchbox_output_paths_" + std::to_string(getpid()) + "_" +
                                                ::testing::UnitTest::GetInstance()->current_test_info()->name());
  fs::remove_all(dir);
  fs::create_directories(dir);
  return dir;
}
}  // namespace

TEST(OutputPaths, AnEmptyValueGivenIsAnErrorNotGivenIsNoFile) {
  EXPECT_THROW(check_output_file("", "--json", true), std::invalid_argument);
  EXPECT_NO_THROW(check_output_file("", "--json", false));
}

TEST(OutputPaths, ADirectoryOrAMissingParentIsRefused) {
  const auto dir = scratch();
  EXPECT_THROW(check_output_file(dir.string(), "--json", true), std::invalid_argument);
  EXPECT_NO_THROW(check_output_file(dir.string() + "/", "--output", true, true));  // svg's DIR/
  EXPECT_THROW(check_output_file((dir / "no" / "x.json").string(), "--json", true), std::invalid_argument);
  EXPECT_NO_THROW(check_output_file((dir / "x.json").string(), "--json", true));
  fs::remove_all(dir);
}

TEST(OutputPaths, OneFileUnderTwoNamesIsRefused) {
  const auto dir = scratch();
  const auto file = dir / "results.json";
  // Not yet written: the same path spelt two ways.
  EXPECT_THROW(check_distinct_files(file.string(), "--output", (dir / "." / "results.json").string(), "--json"), std::invalid_argument);
  std::ofstream(file) << "{}";
  fs::create_symlink(file, dir / "link.json");
  // Reading the link reads the file: writing the file would replace what is read.
  EXPECT_THROW(check_distinct_files(file.string(), "--output", (dir / "link.json").string(), "the results file"), std::invalid_argument);
  // Writing the link replaces the link (the file is written beside it and renamed over it): the file stays.
  EXPECT_NO_THROW(check_distinct_files((dir / "link.json").string(), "--output", file.string(), "the results file"));
  EXPECT_NO_THROW(check_distinct_files((dir / "other.json").string(), "--output", file.string(), "the results file"));
  EXPECT_NO_THROW(check_distinct_files("", "--output", file.string(), "the results file"));
  fs::remove_all(dir);
}
