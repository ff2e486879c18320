// The tests' handle on one benchbox process: the driver built with the fake module
// (benchbox_test_driver), started with the tests' libexec folder, its output kept in files.
#pragma once

#include <fcntl.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <gtest/gtest.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <optional>
#include <string>
#include <thread>
#include <vector>

namespace benchbox_test {

namespace fs = std::filesystem;
using namespace std::chrono_literals;

inline std::string slurp(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

// A fresh directory per test, removed afterwards.
struct TempDir {
  fs::path path;
  TempDir() {
    const auto* info = testing::UnitTest::GetInstance()->current_test_info();
    path = fs::temp_directory_path() /
           ("benchbox-test-" + std::to_string(getpid()) + "-" + info->test_suite_name() + "-" + info->name());
    fs::remove_all(path);
    fs::create_directories(path);
  }
  ~TempDir() {
    std::error_code ec;
    fs::remove_all(path, ec);
  }
};

// One benchbox process (the driver with the fake module) with the test libexec directory and a
// fault, its output in `dir`. Runs that take the machine-wide lock take `lock` instead (by
// default one of the test's own): a test neither waits for nor disturbs a real run.
class Benchbox {
 public:
  Benchbox(const std::vector<std::string>& args, const std::string& fault, const fs::path& dir, fs::path lock = {})
      : dir_(dir) {
    if (lock.empty()) lock = dir / "lock";
    pid_ = fork();
    if (pid_ == 0) {
      setenv("BENCHBOX_LIBEXEC", FAULT_LIBEXEC, 1);
      setenv("BENCHBOX_LOCK_FILE", lock.c_str(), 1);
      setenv("BENCHBOX_FAULT", fault.c_str(), 1);
      setenv("BENCHBOX_FAULT_PIDFILE", (dir / "pids").c_str(), 1);
      int out = open((dir / "stdout").c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
      int err = open((dir / "stderr").c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
      dup2(out, 1);
      dup2(err, 2);
      std::vector<char*> argv{const_cast<char*>(BENCHBOX_EXE)};
      for (const auto& a : args) argv.push_back(const_cast<char*>(a.c_str()));
      argv.push_back(nullptr);
      execv(BENCHBOX_EXE, argv.data());
      _exit(127);
    }
  }
  ~Benchbox() {
    if (pid_ > 0 && !status_) {
      kill(pid_, SIGKILL);
      waitpid(pid_, nullptr, 0);
    }
  }
  pid_t pid() const { return pid_; }
  bool running() {
    poll_exit();
    return !status_;
  }
  // The exit status (128 + signal if killed), or nullopt if it did not end within `limit`.
  std::optional<int> wait(std::chrono::seconds limit) {
    const auto end = std::chrono::steady_clock::now() + limit;
    while (!poll_exit() && std::chrono::steady_clock::now() < end) std::this_thread::sleep_for(20ms);
    return status_;
  }
  std::string out() const { return slurp(dir_ / "stdout"); }
  std::string err() const { return slurp(dir_ / "stderr"); }

 private:
  bool poll_exit() {
    if (status_) return true;
    int st = 0;
    if (waitpid(pid_, &st, WNOHANG) != pid_) return false;
    status_ = WIFEXITED(st) ? WEXITSTATUS(st) : 128 + WTERMSIG(st);
    return true;
  }
  pid_t pid_ = -1;
  fs::path dir_;
  std::optional<int> status_;
};

// The pids the faulty adapter recorded (itself and the children it forked).
inline std::vector<pid_t> recorded_pids(const fs::path& dir) {
  std::vector<pid_t> pids;
  std::ifstream in(dir / "pids");
  for (pid_t p; in >> p;) pids.push_back(p);
  return pids;
}

// A run of the fake module's step case with small counts, writing its results to `json_file`.
inline std::vector<std::string> step_args(const fs::path& json_file, const std::string& libs = "steady,faulty",
                                          const std::string& param = "2", const std::string& timeout = "60") {
  return {"fake",   "-n",     "step",     param, "--lib",       libs, "--ops",    "2000",
          "--reps", "2",      "--warmup", "1",   "--processes", "1",  "--no-pin", "--timeout",
          timeout,  "--json", json_file.string(), "--seed", "1"};  // seed 1: steady's process runs first
}

}  // namespace benchbox_test
