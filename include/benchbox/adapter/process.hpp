// benchbox/adapter/process.hpp: what an adapter reads of its own process: peak memory, where the data sets are and their files.
#pragma once

#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <stdexcept>
#include <string>
#include <string_view>

#if defined(__linux__)
#include <fcntl.h>
#include <unistd.h>
#endif

namespace benchbox {

// This process's peak resident memory so far (VmHWM), 0 where unknown. Read by the adapter itself:
// the rusage a parent gets also counts the pages the child inherited from it before exec.
// Read without allocating (open/read into the stack, not fopen): an adapter's bookkeeping between
// trials must leave the allocator as the library left it (glibc consolidates its free lists on the
// first large request, which would otherwise move that work out of the next timed region).
inline std::uint64_t peak_resident_bytes() {
#if defined(__linux__)
  const int fd = open("/proc/self/status", O_RDONLY | O_CLOEXEC);
  if (fd < 0) return 0;
  char text[8192];
  std::size_t got = 0;
  for (ssize_t n; got + 1 < sizeof text && (n = read(fd, text + got, sizeof text - 1 - got)) > 0;) got += static_cast<std::size_t>(n);
  close(fd);
  text[got] = '\0';
  unsigned long long kib = 0;
  if (const char* line = std::strstr(text, "VmHWM:")) std::sscanf(line, "VmHWM: %llu kB", &kib);
  return kib * 1024;
#else
  return 0;
#endif
}

// Where the module's data sets are (the driver sets BENCHBOX_DATA_DIR for every adapter).
inline std::string data_dir() {
  const char* dir = std::getenv("BENCHBOX_DATA_DIR");
  return dir ? dir : "";
}

// Where a data set's file is: NAME is one of the module's names (the driver checks it; here it
// becomes a file name, so only [a-z0-9_-]) and the file data_dir()/NAME.EXTENSION, or NAME is the
// absolute path of the user's own file (the driver checked that it is readable and not empty).
inline std::string data_set_path(std::string_view name, std::string_view extension) {
  if (name.substr(0, 1) == "/") return std::string(name);
  if (name.empty() || name.find_first_not_of("abcdefghijklmnopqrstuvwxyz0123456789_-") != std::string_view::npos)
    throw std::runtime_error("not a data set name: '" + std::string(name) + "'");
  const std::string dir = data_dir();
  if (dir.empty()) throw std::runtime_error("BENCHBOX_DATA_DIR is not set (benchbox sets it for its adapters)");
  return dir + "/" + std::string(name) + "." + std::string(extension);
}

}  // namespace benchbox
