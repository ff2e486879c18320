// Runs a command of the user's once (the `program` case): its words as argv (no shell), its
// standard output and error into memory files, stdin from /dev/null, LD_PRELOAD set to the library
// preloaded or removed. The adapter times it and, tracing it, reads its memory map at its exit:
// the proof that the preloaded library was loaded. The driver (module.cpp) runs it untraced, as
// is, for the output every row must reproduce.
#pragma once

#include <fcntl.h>
#include <sys/mman.h>
#include <sys/ptrace.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <csignal>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <vector>

extern char** environ;

namespace benchbox::allocator::program {

// The variables the driver sets for its adapters only: removed, so that the command sees the
// environment the driver's own run of it saw.
inline constexpr std::string_view kAdapterOnly[] = {"BENCHBOX_DATA_DIR=", "BENCHBOX_COUNTERS="};

// The standard output as the proof sees it: FNV-1a over its bytes, its size and lines, and (when
// asked for) its text.
struct Output {
  std::uint64_t checksum = 0xcbf29ce484222325ull, bytes = 0, lines = 0;
  std::string text{};
};

struct Outcome {
  std::string error{};  // non-empty: the command did not start (not found, not executable)
  int exit_status = 0;  // its exit status, or 128 + the signal that ended it
  Output output{};
  std::string error_tail{};          // the last line of its standard error
  std::uint64_t max_rss_bytes = 0;   // wait4's ru_maxrss: its largest resident memory (or a descendant's)
  bool exit_seen = false;            // traced: its exit was stopped and its memory map read
  std::set<std::string> mapped{};    // traced: the files mapped in its process at its exit
};

struct Request {
  std::vector<std::string> argv;
  std::string preload{};     // the library for LD_PRELOAD; empty: none (LD_PRELOAD removed)
  bool trace = false;        // stop it at its exit and read its memory map (ptrace)
  std::size_t keep_text = 0;  // keep up to this many bytes of its standard output's text (Output::text)
};

// A clock that times nothing: the driver's runs.
struct NoClock {
  void start() {}
  void stop() {}
  void pause() {}
  void resume() {}
};

// "exited with status 3", "was ended by signal 11 (Segmentation fault)": Outcome::exit_status.
inline std::string exit_text(int status) {
  if (status <= 128) return "exited with status " + std::to_string(status);
  return "was ended by signal " + std::to_string(status - 128) + " (" + strsignal(status - 128) + ")";
}

// The file a command names: as given when it holds a '/', else the first executable one of that
// name on PATH, as a shell finds it; nothing when there is none.
inline std::optional<std::string> find_command(const std::string& name) {
  auto runnable = [](const std::string& path) {
    struct stat st{};
    return stat(path.c_str(), &st) == 0 && S_ISREG(st.st_mode) && access(path.c_str(), X_OK) == 0;
  };
  if (name.empty()) return std::nullopt;
  if (name.find('/') != std::string::npos) return runnable(name) ? std::optional<std::string>(name) : std::nullopt;
  const char* path = std::getenv("PATH");
  std::string_view dirs = path ? path : "/usr/local/bin:/usr/bin:/bin";
  for (std::size_t start = 0; start <= dirs.size();) {
    std::size_t end = dirs.find(':', start);
    if (end == std::string_view::npos) end = dirs.size();
    const std::string dir(dirs.substr(start, end - start));
    if (const std::string file = (dir.empty() ? "." : dir) + "/" + name; runnable(file)) return file;
    start = end + 1;
  }
  return std::nullopt;
}

namespace detail {

inline Output read_output(int fd, std::size_t keep_text) {
  Output out;
  char buffer[65536];
  char last = '\n';
  lseek(fd, 0, SEEK_SET);
  for (ssize_t n; (n = read(fd, buffer, sizeof buffer)) > 0;) {
    for (ssize_t i = 0; i < n; ++i) {
      out.checksum = (out.checksum ^ static_cast<unsigned char>(buffer[i])) * 0x100000001b3ull;
      out.lines += buffer[i] == '\n';
    }
    out.bytes += static_cast<std::uint64_t>(n);
    last = buffer[n - 1];
    out.text.append(buffer, std::min(static_cast<std::size_t>(n), keep_text - std::min(keep_text, out.text.size())));
  }
  out.lines += last != '\n';  // a last line without its newline
  return out;
}

inline std::string last_line(int fd) {
  const off_t size = lseek(fd, 0, SEEK_END);
  const off_t from = size > 4096 ? size - 4096 : 0;
  std::string tail(static_cast<std::size_t>(size - from), '\0');
  if (pread(fd, tail.data(), tail.size(), from) != static_cast<ssize_t>(tail.size())) return "";
  while (!tail.empty() && (tail.back() == '\n' || tail.back() == ' ')) tail.pop_back();
  const auto nl = tail.rfind('\n');
  return nl == std::string::npos ? tail : tail.substr(nl + 1);
}

// The files mapped in a process (the paths of /proc/PID/maps).
inline std::set<std::string> mapped_files(pid_t pid) {
  std::set<std::string> files;
  std::ifstream maps("/proc/" + std::to_string(pid) + "/maps");
  for (std::string line; std::getline(maps, line);)
    if (const auto slash = line.find(" /"); slash != std::string::npos) files.insert(line.substr(slash + 1));
  return files;
}

// The environment the command gets: this process's, without LD_PRELOAD and the adapters' own
// variables, with LD_PRELOAD=preload when there is one.
inline std::vector<std::string> environment(const std::string& preload) {
  std::vector<std::string> env;
  for (char** e = environ; *e; ++e) {
    const std::string_view v(*e);
    bool dropped = v.rfind("LD_PRELOAD=", 0) == 0;
    for (auto prefix : kAdapterOnly) dropped = dropped || v.rfind(prefix, 0) == 0;
    if (!dropped) env.emplace_back(v);
  }
  if (!preload.empty()) env.push_back("LD_PRELOAD=" + preload);
  return env;
}

inline std::vector<char*> pointers(std::vector<std::string>& texts) {
  std::vector<char*> out;
  for (auto& t : texts) out.push_back(t.data());
  out.push_back(nullptr);
  return out;
}

// The child's side: everything prepared before fork (nothing allocated here).
[[noreturn]] inline void start_child(const char* path, char** argv, char** envp, int out, int err, int status, bool trace) {
  if (trace) ptrace(PTRACE_TRACEME, 0, nullptr, nullptr);
  const int in = open("/dev/null", O_RDONLY | O_CLOEXEC);
  if (in >= 0) dup2(in, STDIN_FILENO);
  dup2(out, STDOUT_FILENO);
  dup2(err, STDERR_FILENO);
  execve(path, argv, envp);
  const int e = errno;
  [[maybe_unused]] auto n = write(status, &e, sizeof e);
  _exit(127);
}

// Waits for the child to end; traced, lets it run through its stops (the first after exec sets
// the options, an exec, its exit: the memory map is read there, the clock paused), passing on
// any signal it was sent.
template <class Clock>
void wait_for(pid_t pid, bool trace, Clock& clock, Outcome& o) {
  bool options_set = false;
  for (;;) {
    int st = 0;
    rusage usage{};
    if (wait4(pid, &st, 0, &usage) < 0) {
      if (errno == EINTR) continue;
      clock.stop();
      o.error = std::string("waiting for the command: ") + std::strerror(errno);
      return;
    }
    if (WIFEXITED(st) || WIFSIGNALED(st)) {
      clock.stop();
      o.exit_status = WIFEXITED(st) ? WEXITSTATUS(st) : 128 + WTERMSIG(st);
      o.max_rss_bytes = static_cast<std::uint64_t>(usage.ru_maxrss) * 1024;  // Linux counts KiB
      return;
    }
    if (!trace || !WIFSTOPPED(st)) continue;
    const int event = st >> 16;
    int signal = WSTOPSIG(st);
    if (event == PTRACE_EVENT_EXIT) {
      clock.pause();
      o.mapped = mapped_files(pid);
      o.exit_seen = true;
      clock.resume();
      signal = 0;
    } else if (event != 0 || (!options_set && signal == SIGTRAP)) {
      if (!options_set)
        ptrace(PTRACE_SETOPTIONS, pid, nullptr, PTRACE_O_TRACEEXIT | PTRACE_O_TRACEEXEC | PTRACE_O_EXITKILL);
      options_set = true;
      signal = 0;
    }
    ptrace(PTRACE_CONT, pid, nullptr, signal);
  }
}

}  // namespace detail

// Runs the command once; `clock` is started right before the fork and stopped when its exit is
// reaped (Trial, or NoClock).
template <class Clock>
Outcome run(const Request& r, Clock& clock) {
  Outcome o;
  const auto path = r.argv.empty() ? std::nullopt : find_command(r.argv.front());
  if (!path) return o.error = "command not found: " + (r.argv.empty() ? std::string() : r.argv.front()), o;
  std::vector<std::string> args = r.argv, env = detail::environment(r.preload);
  std::vector<char*> argv = detail::pointers(args), envp = detail::pointers(env);
  const int out = memfd_create("benchbox-program-stdout", MFD_CLOEXEC);
  const int err = memfd_create("benchbox-program-stderr", MFD_CLOEXEC);
  int status[2] = {-1, -1};
  if (out < 0 || err < 0 || pipe2(status, O_CLOEXEC) != 0) return o.error = std::string("no memory file or pipe: ") + std::strerror(errno), o;
  clock.start();
  const pid_t pid = fork();
  if (pid == 0) detail::start_child(path->c_str(), argv.data(), envp.data(), out, err, status[1], r.trace);
  close(status[1]);
  int exec_errno = 0;
  const bool exec_failed = pid > 0 && read(status[0], &exec_errno, sizeof exec_errno) == sizeof exec_errno;
  close(status[0]);
  if (pid < 0) o.error = std::string("fork: ") + std::strerror(errno), clock.stop();
  else detail::wait_for(pid, r.trace, clock, o);
  if (exec_failed) o.error = "cannot run " + *path + ": " + std::strerror(exec_errno);
  if (o.error.empty()) {
    o.output = detail::read_output(out, r.keep_text);
    o.error_tail = detail::last_line(err);
  }
  close(out);
  close(err);
  return o;
}

}  // namespace benchbox::allocator::program
