// The command line in process (cli.hpp, CliHost): the fixture of the command-line tests. argv in;
// out come the exit status, what was printed and the files written. The fake module's libraries
// (the manifests tests/fake writes) are answered by a FakeExecutor: no process is started, and
// the simulated clock makes every figure exact.
#pragma once

#include <gtest/gtest.h>
#include <stdlib.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "cli/cli.hpp"
#include "unit/fake_executor.hpp"

namespace benchbox::testing {

namespace fs = std::filesystem;

// What a stream received, once it is closed.
class Captured {
 public:
  Captured() : file_(open_memstream(&data_, &size_)) {}
  ~Captured() {
    close();
    std::free(data_);
  }
  Captured(const Captured&) = delete;
  Captured& operator=(const Captured&) = delete;
  std::FILE* file() const { return file_; }
  std::string text() {
    close();
    return std::string(data_, size_);
  }

 private:
  void close() {
    if (file_) std::fclose(file_);
    file_ = nullptr;
  }
  char* data_ = nullptr;
  std::size_t size_ = 0;
  std::FILE* file_;
};

struct Outcome {
  int status = -1;
  std::string out, err;
};

// Writes `text` and a newline to `file`, making its folders: a manifest or a results file a test
// lays out.
inline void write(const fs::path& file, const std::string& text) {
  fs::create_directories(file.parent_path());
  std::ofstream(file) << text << "\n";
}

class CommandLine : public ::testing::Test {
 protected:
  CommandLine() {
    std::string folder = (fs::temp_directory_path() / "benchbox-cli-test-XXXXXX").string();
    dir_ = mkdtemp(folder.data());
    fake.describe_line.clear();  // each library described as the fake adapter describes itself
  }
  ~CommandLine() override { fs::remove_all(dir_); }

  // `benchbox ARGS...` with the fake module's libexec folder and a lock file of the test's own.
  Outcome run(std::vector<std::string> args, const fs::path& libexec = BENCHBOX_FAKE_LIBEXEC) {
    args.insert(args.begin(), "benchbox");
    Captured out, err;
    CliHost host{fake, out.file(), err.file(), libexec, {}, dir_ / "lock", store_, false, machine_};
    Outcome o;
    o.status = run_cli(args, host);
    o.out = out.text();
    o.err = err.text();
    return o;
  }
  std::string path(const std::string& name) const { return (dir_ / name).string(); }
  // A libexec folder of the test's own, for manifests it writes (give it to run()).
  fs::path libexec() const { return dir_ / "libexec"; }
  // The fake module's `steady` library in that folder: the base row other rows are built from.
  void write_steady_manifest() const {
    write(libexec() / "fake" / "steady.json",
          R"({"id": "steady", "title": "steady", "order": 0, "available": true, "program": "bin/fake", "env": {"BENCHBOX_FAKE_ID": "steady"}})");
  }
  std::string read(const std::string& name) const {
    std::ifstream in(dir_ / name);
    return {std::istreambuf_iterator<char>(in), {}};
  }
  // The adapter processes a real run would have started (describe aside), each as its argv.
  std::vector<std::string> runs() const {
    std::vector<std::string> out;
    for (const auto& c : fake.calls) {
      if (c.argv.back() == "describe") continue;
      std::string line;
      for (std::size_t i = 1; i < c.argv.size(); ++i) line += (i > 1 ? " " : "") + c.argv[i];
      out.push_back(line);
    }
    return out;
  }

  FakeExecutor fake;
  fs::path dir_;
  std::string store_;  // the host's default store: none unless a test sets one
  std::string machine_;  // the host's BENCHBOX_MACHINE: none unless a test sets one
};

inline bool has(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

}  // namespace benchbox::testing
