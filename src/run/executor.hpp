// Runs one adapter program as a child process, isolated: its own process group, optional CPU
// pinning, a wall-clock limit, a cap on its output. A crash, hang or flood in the child becomes a
// ChildOutcome to report, never a problem of the driver's.
#pragma once

#include <chrono>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace benchbox {

struct ChildSpec {
  std::vector<std::string> argv;                            // argv[0] is the program path
  std::vector<std::pair<std::string, std::string>> env;     // added to the driver's environment
  std::optional<int> cpu;                                   // pin the child (and its threads) to this CPU
  std::chrono::milliseconds timeout{std::chrono::seconds(120)};
  std::size_t max_output_bytes = 8u << 20;                  // per stream; beyond it the child is stopped
};

struct ChildOutcome {
  std::string start_error;  // non-empty: the program could not be started at all
  int exit_code = -1;       // valid when it exited normally
  int signal = 0;           // non-zero when a signal ended it (and not our timeout)
  bool timed_out = false;
  bool output_overflow = false;
  bool interrupted = false;  // the user pressed Ctrl-C / sent SIGTERM to benchbox
  std::string out, err;
  double wall_seconds = 0;
  std::uint64_t peak_rss_bytes = 0;  // the child's peak resident memory (getrusage via wait4)
  double cpu_seconds = 0;            // the child's own CPU time, user and system (wait4)

  bool succeeded() const {
    return start_error.empty() && !timed_out && !output_overflow && !interrupted && signal == 0 && exit_code == 0;
  }
  // One line saying why it did not succeed ("killed by signal 11 (Segmentation fault)", ...).
  std::string failure_reason() const;
};

ChildOutcome run_child(const ChildSpec& spec);

// Moves this process (the driver) off `cpu`, onto every other CPU it may use, so that its own
// wake-ups (polling a child's pipes, writing results) never preempt the adapter measured there.
// Returns false, changing nothing, when no other CPU is allowed (a one-CPU machine).
bool keep_off_cpu(int cpu);
// How many CPUs an unpinned child gets: the driver's mask before keep_off_cpu() moved it.
unsigned cpus_for_children();

// What the runner uses to start adapter processes: the real thing, or a fake in unit tests.
class Executor {
 public:
  virtual ~Executor() = default;
  virtual ChildOutcome run(const ChildSpec& spec) = 0;
  // Seconds on the clock a run's budget is spent on (steady, from any origin): the fake's is
  // simulated, advanced by the processes it pretends to run.
  virtual double seconds() const {
    return std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch()).count();
  }
};

class ProcessExecutor final : public Executor {
 public:
  ChildOutcome run(const ChildSpec& spec) override { return run_child(spec); }
};

// Ctrl-C and SIGTERM set a flag that stops the current child and makes the runner wind down,
// keeping every result obtained so far.
void install_interrupt_handlers();
bool interrupted();
int interrupt_signal();  // the signal received, 0 if none

}  // namespace benchbox
