// The command line: argv built from the input (one argument per line) goes through run_cli, which
// must answer 0, 1 or 2 (never crash, never throw). Runs cannot start: BENCHBOX_LIBEXEC is an empty
// directory, and arguments naming paths ('/') are skipped so that only the empty working
// directory can be read or written.
#include <unistd.h>

#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <filesystem>
#include <string>
#include <vector>

#include "cli/cli.hpp"

namespace {
std::string g_dir;
}

extern "C" int LLVMFuzzerInitialize(int*, char***) {
  // In TMPDIR (fuzz.sh points it into the fuzzer's work folder), /tmp only without it.
  const char* tmp = std::getenv("TMPDIR");
  std::string dir = std::string(tmp && *tmp ? tmp : "/tmp") + "/benchbox-fuzz-cli-XXXXXX";
  if (!mkdtemp(dir.data())) std::abort();
  g_dir = dir;
  setenv("BENCHBOX_LIBEXEC", dir.c_str(), 1);
  if (chdir(dir.c_str()) != 0) std::abort();
  std::atexit([] { std::filesystem::remove_all(g_dir); });
  return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  std::vector<std::string> args{"benchbox"};
  std::string current;
  for (std::size_t i = 0; i <= size; ++i) {
    if (i == size || data[i] == '\n') {
      args.push_back(current);
      current.clear();
      if (args.size() > 24) break;
      continue;
    }
    current.push_back(static_cast<char>(data[i]));
  }
  for (const auto& a : args)
    if (a.find('/') != std::string::npos || a.find('\0') != std::string::npos) return 0;
  std::vector<char*> argv;
  for (auto& a : args) argv.push_back(a.data());
  argv.push_back(nullptr);
  const int rc = benchbox::run_cli(static_cast<int>(args.size()), argv.data());
  if (rc != 0 && rc != 1 && rc != 2) __builtin_trap();
  // Nothing may have been written in the working directory.
  if (!std::filesystem::is_empty(g_dir)) __builtin_trap();
  return 0;
}
