// The user's own file as a parameter value (AxisSpec::user_file), with a spec of the test's own:
// checked before anything runs, passed by its absolute path, labelled by its name, recorded by its
// size and SHA-256.
#include "module_api/user_file.hpp"

#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>

#include "results/results.hpp"
#include "results/results_file.hpp"

using namespace benchbox;
namespace fs = std::filesystem;

namespace {

class UserFile : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = fs::temp_directory_path() / ("benchbox-user-file-" + std::to_string(getpid()));
    fs::create_directories(dir_ / "a folder");
    spec_.id = "count";
    spec_.axes = {{.name = "input", .choices = {"builtin"}, .default_value = "builtin"}};
    // The content check of this test: a file holding "bad" is refused.
    spec_.axes.front().user_file = [](const fs::path& p) -> std::optional<std::string> {
      std::ifstream in(p);
      std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
      if (text == "bad") return "not what this case reads";
      return std::nullopt;
    };
  }
  void TearDown() override { fs::remove_all(dir_); }
  fs::path write(const std::string& name, const std::string& content) {
    std::ofstream(dir_ / name, std::ios::binary) << content;
    return dir_ / name;
  }
  // The one-line message parse_param throws for `text`, or "" when it accepts it.
  std::string refusal(const std::string& text) {
    try {
      spec_.parse_first(text);
    } catch (const std::invalid_argument& e) {
      return e.what();
    }
    return "";
  }

  fs::path dir_;
  CaseSpec spec_;
};

TEST_F(UserFile, ANamedValueWinsAndStaysAName) {
  const AxisValue p = spec_.parse_first("builtin");
  EXPECT_EQ(p.text, "builtin");
  EXPECT_FALSE(p.file);
}

TEST_F(UserFile, AReadableFileIsTakenByItsAbsolutePathSizeAndSha256) {
  write("my input.txt", "abc");
  const fs::path cwd = fs::current_path();
  fs::current_path(dir_);
  const AxisValue p = spec_.parse_first("./a folder/../my input.txt");
  fs::current_path(cwd);
  EXPECT_EQ(p.text, (dir_ / "my input.txt").string());  // absolute and normal: what the adapter opens
  ASSERT_TRUE(p.file);
  EXPECT_EQ(p.file->bytes, 3u);
  EXPECT_EQ(p.file->sha256, "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");  // FIPS 180-2's "abc"
  EXPECT_EQ(spec_.label(Point::of(p)), "my input.txt");
  EXPECT_FALSE(p.number);
}

TEST_F(UserFile, WhatCannotServeIsRefusedInOneLineNamingTheFile) {
  write("empty", "");
  write("bad", "bad");
  const std::string missing = (dir_ / "missing").string();
  EXPECT_EQ(refusal(missing), "input for count: '" + missing + "': no such file, and not one of builtin");
  EXPECT_NE(refusal((dir_ / "a folder").string()).find("a directory, not a file"), std::string::npos);
  EXPECT_NE(refusal((dir_ / "empty").string()).find("': empty"), std::string::npos);
  EXPECT_NE(refusal((dir_ / "bad").string()).find("': not what this case reads"), std::string::npos);
  EXPECT_NE(refusal("/dev/null").find("not a regular file"), std::string::npos);
  for (const char* name : {"missing", "a folder", "empty", "bad"})
    EXPECT_EQ(refusal((dir_ / name).string()).find('\n'), std::string::npos) << name;
}

TEST_F(UserFile, AnUnreadableFileIsRefused) {
  const fs::path p = write("secret", "abc");
  fs::permissions(p, fs::perms::none);
  if (std::ifstream(p)) GTEST_SKIP() << "running as root: every file is readable";
  EXPECT_NE(refusal(p.string()).find("cannot be read (Permission denied)"), std::string::npos);
}

TEST_F(UserFile, WithoutTheFlagAPathIsNotAValue) {
  write("my input.txt", "abc");
  spec_.axes.front().user_file = nullptr;
  EXPECT_NE(refusal((dir_ / "my input.txt").string()).find("must be one of builtin"), std::string::npos);
}

TEST_F(UserFile, ResultsKeepThePathSizeAndSha256) {
  write("my input.txt", "abc");
  Results r;
  Measurement m;
  m.module = "m";
  m.case_id = "count";
  m.library = "lib";
  m.status = Status::not_applicable;
  m.point = Point::of(spec_.parse_first((dir_ / "my input.txt").string()));
  m.param_label = spec_.label(m.point);
  r.measurements.push_back(m);
  const auto j = to_json(r);
  EXPECT_EQ(j["results"][0]["point"][0]["value"], (dir_ / "my input.txt").string());
  EXPECT_EQ(j["results"][0]["point"][0]["file"]["bytes"], 3);
  const Results back = results_from_json(j);
  const AxisValue& p = back.measurements[0].point.first();
  EXPECT_EQ(p.text, (dir_ / "my input.txt").string());
  ASSERT_TRUE(p.file);
  EXPECT_EQ(p.file->sha256, m.point.first().file->sha256);
  EXPECT_EQ(p.file->bytes, 3u);
  EXPECT_EQ(back.measurements[0].param_label, "my input.txt");
}

TEST_F(UserFile, OnOneAxisOfSeveralTheFileShowsByItsNameAndIsKeptPerAxis) {
  write("my input.txt", "abc");
  CaseSpec two;
  two.id = "count";
  two.axes = {{.name = "threads", .min = 1, .max = 8, .default_value = "1"}, spec_.axes.front()};
  const Point p = two.parse_point({"2", (dir_ / "my input.txt").string()});
  EXPECT_EQ(two.label(p), "threads 2, input my input.txt");
  ASSERT_TRUE(p.find("input") && p.find("input")->file);
  EXPECT_EQ(p.find("input")->file->bytes, 3u);
  EXPECT_FALSE(p.first().file);  // the first axis is a number
}

}  // namespace
