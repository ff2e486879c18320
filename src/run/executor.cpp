#include "run/executor.hpp"

#include <fcntl.h>
#include <poll.h>
#include <sched.h>
#include <signal.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <cstring>
#include <optional>
#include <thread>

namespace benchbox {
namespace {

std::atomic<int> g_signal{0};

void on_signal(int sig) { g_signal.store(sig); }

void close_fd(int& fd) {
  if (fd >= 0) close(fd);
  fd = -1;
}

// Whether the child has exited, without reaping it: until it is reaped its pid, and so its
// process group id, cannot be reused, and kill(-pid) reaches only what it left behind.
bool has_exited(pid_t pid) {
  siginfo_t info{};
  return waitid(P_PID, pid, &info, WEXITED | WNOHANG | WNOWAIT) == 0 && info.si_pid == pid;
}

// Ends the child's whole process group: politely, then for good.
void stop_group(pid_t pid) {
  kill(-pid, SIGTERM);
  for (int i = 0; i < 20; ++i) {
    if (has_exited(pid)) break;
    usleep(10'000);
  }
  kill(-pid, SIGKILL);
}

// The CPUs this process could use before keep_off_cpu() moved it, if it did.
std::optional<cpu_set_t> g_driver_cpus;

[[noreturn]] void exec_child(const ChildSpec& spec, int out_fd, int err_fd, int status_fd) {
  setpgid(0, 0);
  signal(SIGINT, SIG_DFL);
  signal(SIGTERM, SIG_DFL);
  signal(SIGPIPE, SIG_DFL);
  dup2(out_fd, STDOUT_FILENO);
  dup2(err_fd, STDERR_FILENO);
  int devnull = open("/dev/null", O_RDONLY);
  if (devnull >= 0) dup2(devnull, STDIN_FILENO);
  for (const auto& [k, v] : spec.env) setenv(k.c_str(), v.c_str(), 1);
  if (spec.cpu || g_driver_cpus) {  // pinned, or unpinned on every CPU the driver had before it moved
    cpu_set_t set;
    CPU_ZERO(&set);
    if (spec.cpu) CPU_SET(*spec.cpu, &set);
    else set = *g_driver_cpus;
    if (sched_setaffinity(0, sizeof set, &set) != 0) {
      int e = errno;
      [[maybe_unused]] auto n = write(status_fd, &e, sizeof e);
      _exit(126);
    }
  }
  std::vector<char*> argv;
  for (const auto& a : spec.argv) argv.push_back(const_cast<char*>(a.c_str()));
  argv.push_back(nullptr);
  execv(argv[0], argv.data());
  int e = errno;
  [[maybe_unused]] auto n = write(status_fd, &e, sizeof e);
  _exit(127);
}

}  // namespace

std::string ChildOutcome::failure_reason() const {
  if (!start_error.empty()) return start_error;
  if (interrupted) return "interrupted";
  if (timed_out) return "no result within the time limit; the process group was stopped (raise it with --timeout)";
  if (output_overflow) return "printed more output than a result can need; the process group was stopped";
  if (signal != 0) return "killed by signal " + std::to_string(signal) + " (" + strsignal(signal) + ")";
  if (exit_code != 0) return "exited with status " + std::to_string(exit_code);
  return "";
}

namespace {

// A started child: its process group's id and the read ends of its standard output and error.
struct Started {
  pid_t pid = -1;
  int fds[2] = {-1, -1};
};

// Forks and execs spec.argv in a group of its own; on failure, the reason in `result.start_error`.
std::optional<Started> start_child(const ChildSpec& spec, ChildOutcome& result) {
  int out_pipe[2], err_pipe[2], status_pipe[2];
  if (pipe2(out_pipe, O_CLOEXEC) != 0 || pipe2(err_pipe, O_CLOEXEC) != 0 || pipe2(status_pipe, O_CLOEXEC) != 0) {
    result.start_error = std::string("cannot create pipes: ") + strerror(errno);
    return std::nullopt;
  }
  pid_t pid = fork();
  if (pid < 0) {
    result.start_error = std::string("cannot fork: ") + strerror(errno);
    for (int fd : {out_pipe[0], out_pipe[1], err_pipe[0], err_pipe[1], status_pipe[0], status_pipe[1]}) close(fd);
    return std::nullopt;
  }
  if (pid == 0) exec_child(spec, out_pipe[1], err_pipe[1], status_pipe[1]);
  setpgid(pid, pid);  // also here, so that the group exists whichever side runs first
  close(out_pipe[1]);
  close(err_pipe[1]);
  close(status_pipe[1]);

  // The status pipe closes on a successful exec, or carries the errno of a failed one.
  int exec_errno = 0;
  ssize_t got;
  do got = read(status_pipe[0], &exec_errno, sizeof exec_errno);
  while (got < 0 && errno == EINTR);
  close(status_pipe[0]);
  if (got == static_cast<ssize_t>(sizeof exec_errno)) {
    waitpid(pid, nullptr, 0);
    close(out_pipe[0]);
    close(err_pipe[0]);
    result.start_error = "cannot start " + spec.argv[0] + ": " + strerror(exec_errno);
    return std::nullopt;
  }
  return Started{pid, {out_pipe[0], err_pipe[0]}};
}

// Reads what is ready on the open pipes for up to 100 ms (short slices, so that an interrupt or
// the deadline is noticed promptly), closing a pipe at its end; false on a failed poll.
bool read_ready(Started& child, std::chrono::steady_clock::time_point deadline, const ChildSpec& spec, ChildOutcome& result) {
  std::string* sinks[2] = {&result.out, &result.err};
  pollfd p[2];
  nfds_t count = 0;
  int which[2];
  for (int i = 0; i < 2; ++i)
    if (child.fds[i] >= 0) {
      p[count] = {child.fds[i], POLLIN, 0};
      which[count++] = i;
    }
  const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(deadline - std::chrono::steady_clock::now()).count();
  int ready = poll(p, count, static_cast<int>(std::clamp<long long>(left, 0, 100)));
  if (ready < 0 && errno != EINTR) return false;
  for (nfds_t k = 0; ready > 0 && k < count; ++k) {
    if (!(p[k].revents & (POLLIN | POLLHUP | POLLERR))) continue;
    char buf[65536];
    ssize_t n = read(p[k].fd, buf, sizeof buf);
    if (n > 0) {
      std::string& sink = *sinks[which[k]];
      sink.append(buf, static_cast<std::size_t>(n));
      if (sink.size() > spec.max_output_bytes) {
        sink.resize(spec.max_output_bytes);
        result.output_overflow = true;
      }
    } else if (n == 0 || (errno != EINTR && errno != EAGAIN)) {
      close_fd(child.fds[which[k]]);
    }
  }
  return true;
}

// The child's output until both pipes close, the deadline passes, an interrupt comes or the
// output overflows; then its exit, under the same limits (a child may close its pipes and go on).
void collect(Started& child, std::chrono::steady_clock::time_point deadline, const ChildSpec& spec, ChildOutcome& result) {
  bool leftovers_stopped = false;
  while (child.fds[0] >= 0 || child.fds[1] >= 0) {
    if (g_signal.load() != 0) {
      result.interrupted = true;
      break;
    }
    if (std::chrono::steady_clock::now() >= deadline) {
      result.timed_out = true;
      break;
    }
    if (!read_ready(child, deadline, spec, result)) break;
    if (result.output_overflow) break;
    // Once the child has exited, whatever it left in its group goes too: a forked process that
    // keeps the pipes open must not hold a finished result until the time limit.
    if (!leftovers_stopped && has_exited(child.pid)) {
      kill(-child.pid, SIGKILL);
      leftovers_stopped = true;
    }
  }
  while (!result.timed_out && !result.output_overflow && !result.interrupted && !has_exited(child.pid)) {
    if (g_signal.load() != 0) result.interrupted = true;
    else if (std::chrono::steady_clock::now() >= deadline) result.timed_out = true;
    else usleep(1'000);
  }
}

// Waits for the stopped or finished child: its exit status, resources and wall time.
void reap(pid_t pid, bool stopped, std::chrono::steady_clock::time_point begin, ChildOutcome& result) {
  int status = 0;
  struct rusage usage {};
  while (wait4(pid, &status, 0, &usage) < 0 && errno == EINTR) {
  }
  result.peak_rss_bytes = static_cast<std::uint64_t>(usage.ru_maxrss) * 1024;  // Linux reports KiB
  auto seconds = [](const timeval& t) { return static_cast<double>(t.tv_sec) + static_cast<double>(t.tv_usec) * 1e-6; };
  result.cpu_seconds = seconds(usage.ru_utime) + seconds(usage.ru_stime);
  result.wall_seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - begin).count();
  if (WIFEXITED(status)) result.exit_code = WEXITSTATUS(status);
  if (WIFSIGNALED(status) && !stopped) result.signal = WTERMSIG(status);
}

}  // namespace

ChildOutcome run_child(const ChildSpec& spec) {
  ChildOutcome result;
  const auto begin = std::chrono::steady_clock::now();
  auto child = start_child(spec, result);
  if (!child) return result;
  collect(*child, begin + spec.timeout, spec, result);
  const bool stopped = result.timed_out || result.output_overflow || result.interrupted;
  if (stopped) stop_group(child->pid);
  else kill(-child->pid, SIGKILL);  // anything the child left behind in its group
  close_fd(child->fds[0]);
  close_fd(child->fds[1]);
  reap(child->pid, stopped, begin, result);
  return result;
}

bool keep_off_cpu(int cpu) {
  cpu_set_t allowed;
  CPU_ZERO(&allowed);
  if (sched_getaffinity(0, sizeof allowed, &allowed) != 0) return false;
  const cpu_set_t before = allowed;
  CPU_CLR(cpu, &allowed);
  if (CPU_COUNT(&allowed) == 0 || sched_setaffinity(0, sizeof allowed, &allowed) != 0) return false;
  g_driver_cpus = before;  // what an unpinned child gets back
  return true;
}

unsigned cpus_for_children() {
  if (g_driver_cpus) return static_cast<unsigned>(CPU_COUNT(&*g_driver_cpus));
  cpu_set_t set;
  CPU_ZERO(&set);
  if (sched_getaffinity(0, sizeof set, &set) != 0) return std::max(1u, std::thread::hardware_concurrency());
  return static_cast<unsigned>(CPU_COUNT(&set));
}

void install_interrupt_handlers() {
  struct sigaction sa {};
  sa.sa_handler = on_signal;
  sigemptyset(&sa.sa_mask);
  sa.sa_flags = 0;  // no SA_RESTART: let poll() return early
  sigaction(SIGINT, &sa, nullptr);
  sigaction(SIGTERM, &sa, nullptr);
}

bool interrupted() { return g_signal.load() != 0; }
int interrupt_signal() { return g_signal.load(); }

}  // namespace benchbox
