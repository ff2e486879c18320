// benchbox/child_output.hpp: what a forked child wrote to a pipe, and how it ended. Used where a
// module or an adapter runs something apart from itself: a parser that may crash or hang on a
// conformance input (json), Python's re computing the expected matches (regex).
#pragma once

#include <cerrno>
#include <string>

#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

namespace benchbox {

struct ChildOutput {
  std::string text;  // all the child wrote before the pipe closed
  int status = -1;   // waitpid's status (WIFEXITED, WIFSIGNALED, ...); -1, neither, if the wait failed
};

// Reads FD (the pipe's read end, the child holding the write end) until it closes, closes it,
// then waits for the child PID. A signal caught meanwhile (the driver's Ctrl-C handler does not
// restart calls) neither cuts the text short nor passes for the child's end.
inline ChildOutput read_until_exit(int fd, pid_t pid) {
  ChildOutput out;
  char buffer[4096];
  for (;;) {
    const ssize_t n = read(fd, buffer, sizeof buffer);
    if (n > 0) out.text.append(buffer, static_cast<std::size_t>(n));
    else if (n == 0 || errno != EINTR) break;
  }
  close(fd);
  int status = 0;
  pid_t waited;
  do waited = waitpid(pid, &status, 0);
  while (waited < 0 && errno == EINTR);
  if (waited == pid) out.status = status;
  return out;
}

}  // namespace benchbox
