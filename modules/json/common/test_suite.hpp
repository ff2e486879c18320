// JSONTestSuite's parsing inputs (github.com/nst/JSONTestSuite), one file each in the data folder's
// jsontestsuite/ (written from the npm package by data/jsontestsuite.py). A file's name says what
// RFC 8259 asks of a parser: y_ must be accepted, n_ must be rejected, i_ either (implementation-
// defined). Shared by the adapters (which judge them) and the module (which checks that all were).
#pragma once

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

namespace benchbox::json {

// 'y', 'n' or 'i' for an input's file name; 0 for any other file.
inline char test_suite_kind(const std::string& file_name) {
  const bool input = file_name.size() > 7 && file_name[1] == '_' && file_name.ends_with(".json");
  return input && (file_name[0] == 'y' || file_name[0] == 'n' || file_name[0] == 'i') ? file_name[0] : 0;
}

struct TestSuiteInput {
  char kind;
  std::string name;  // the file's name: "n_array_extra_comma.json"
  std::string text;
};

// Every input in `dir`, by name; empty when there is none (the suite is not installed).
inline std::vector<TestSuiteInput> read_test_suite(const std::filesystem::path& dir) {
  std::vector<TestSuiteInput> inputs;
  std::error_code ec;
  for (const auto& entry : std::filesystem::directory_iterator(dir, ec)) {
    const std::string name = entry.path().filename().string();
    if (const char kind = test_suite_kind(name)) {
      std::ifstream in(entry.path(), std::ios::binary);
      inputs.push_back({kind, name, std::string(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>())});
    }
  }
  std::sort(inputs.begin(), inputs.end(), [](const auto& a, const auto& b) { return a.name < b.name; });
  return inputs;
}

}  // namespace benchbox::json
