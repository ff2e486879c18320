// What every command runs with besides its arguments (the bottom of src/cli/): the exit statuses,
// the host (streams, folders, the executor) and the program's own host.
#pragma once

#include <cstdio>
#include <filesystem>
#include <string>

#include "run/executor.hpp"

namespace benchbox {

namespace exit_status {
inline constexpr int ok = 0;  // every row verified (n/a and not-available rows are fine)
inline constexpr int failed_rows = 1;
inline constexpr int usage = 2;  // bad usage or input
inline constexpr int busy = 3;   // another run was measuring on this machine and --no-wait was given
inline constexpr int interrupted = 130;
}  // namespace exit_status

// What a command runs with besides its arguments: the program's own (program_host), or a test's,
// which runs the command line in its own process with a fake executor, streams and folders.
struct CliHost {
  Executor& executor;                 // starts the adapters
  std::FILE* out = stdout;            // tables, reports, listings
  std::FILE* err = stderr;            // errors and warnings
  std::filesystem::path libexec_dir;  // the adapters and their manifests (catalog.hpp)
  std::filesystem::path data_root;    // RunSettings::data_root
  std::filesystem::path lock_file;    // one measuring run per machine (run_lock.hpp)
  // Where runs are kept without --store (store.hpp); empty: nowhere (a test's host, unless it says).
  std::string store;
  // The process is benchbox's own: Ctrl-C winds a run down, keeping what it measured, and the
  // driver moves off the CPU it measures on. A test's process is left as it is.
  bool owns_process = true;
};

// The program's: adapters as processes, the standard streams, the folders and lock file found
// from the environment and the executable's place.
CliHost program_host(Executor& executor);

}  // namespace benchbox
