// benchbox/child_output.hpp: what a forked child wrote to a pipe, and how it ended. Used where a
// module or an adapter runs something apart from itself: a parser that may crash or hang on a
// conformance input (json), Python's re computing the expected matches (regex).
#pragma once

#include <string>

#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

namespace benchbox {

struct ChildOutput {
  std::string text;  // all the child wrote before the pipe closed
  int status = 0;    // waitpid's status: WIFSIGNALED, WEXITSTATUS, ...
};

// Reads FD (the pipe's read end, the child holding the write end) until it closes, closes it,
// then waits for the child PID.
inline ChildOutput read_until_exit(int fd, pid_t pid) {
  ChildOutput out;
  char buffer[4096];
  for (ssize_t n; (n = read(fd, buffer, sizeof buffer)) > 0;) out.text.append(buffer, static_cast<std::size_t>(n));
  close(fd);
  waitpid(pid, &out.status, 0);
  return out;
}

}  // namespace benchbox
