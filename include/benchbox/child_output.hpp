// benchbox/child_output.hpp: what a forked child wrote into a pipe, and how it ended; for the
// driver side (a module running a helper program) and adapters (a proof run in a child) alike.
#pragma once

#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstddef>
#include <string>

namespace benchbox {

struct ChildOutput {
  std::string text;  // all the child wrote
  int status = 0;    // as waitpid gives it
};

// Reads the pipe's read end `fd` to its end and closes it, then waits for the child `pid`.
inline ChildOutput child_output(pid_t pid, int fd) {
  ChildOutput out;
  char buffer[4096];
  for (ssize_t n; (n = read(fd, buffer, sizeof buffer)) > 0;) out.text.append(buffer, static_cast<std::size_t>(n));
  close(fd);
  waitpid(pid, &out.status, 0);
  return out;
}

}  // namespace benchbox
