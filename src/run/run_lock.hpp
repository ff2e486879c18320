// One measuring run per machine. Two runs at once share the CPUs, caches and memory bandwidth and
// would both report disturbed numbers without a word; a run therefore holds an flock(2) on a
// machine-wide lock file while it measures, and a second run waits for it (or, with --no-wait,
// refuses). The holder writes who it is into the file so that a waiting run can say what it waits
// for. The lock goes with the process: a run that crashes or is killed releases it.
#pragma once

#include <filesystem>
#include <optional>
#include <stdexcept>
#include <string>

namespace benchbox {

// Another run holds the lock and the user asked not to wait.
struct MachineBusy : std::runtime_error {
  using std::runtime_error::runtime_error;
};

// The lock file: $BENCHBOX_LOCK_FILE if set (the tests use their own), else benchbox.lock in the
// first writable directory of /run/lock and /var/lock (the system's place for lock files, shared
// by every user, emptied at boot), else in /tmp.
std::filesystem::path default_lock_file();

class RunLock {
 public:
  // Opens the lock file, creating it (readable and writable by every user) when it is missing;
  // throws std::runtime_error when it can be neither opened nor created.
  explicit RunLock(std::filesystem::path file);
  ~RunLock();
  RunLock(const RunLock&) = delete;
  RunLock& operator=(const RunLock&) = delete;

  // Takes the lock if it is free and records `command` as the holder's; false if another run holds it.
  bool try_acquire(const std::string& command);
  // Who holds the lock ("pid 1234, user ann, since 10:02:03: benchbox coroutine -n switch"), or
  // nothing when the holder has not said (yet) or is gone.
  std::optional<std::string> holder() const;
  const std::filesystem::path& file() const { return file_; }

 private:
  std::filesystem::path file_;
  int fd_ = -1;
  bool writable_ = false;
  bool held_ = false;
};

// Takes the lock for a run. When another run holds it: with `wait`, says so on standard error
// and waits until it is free (false if the user interrupts the wait); without, throws MachineBusy.
bool acquire_for_run(RunLock& lock, const std::string& command, bool wait);

}  // namespace benchbox
