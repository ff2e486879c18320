// benchbox/adapter/glibc_tunables.hpp: glibc's tunables as this process got them. A row that sets
// one in its environment (GLIBC_TUNABLES: the allocator module's glibc@no-trim, the serialization
// module's heap axis) reads it back, because glibc ignores a name it does not know, or a value out
// of range, without a word. Not in the adapter.hpp umbrella: a header every adapter's one
// translation unit includes changes GCC's inlining in timed code when it grows.
//
// How: the dynamic loader this program was started with (its PT_INTERP) runs as
// `ld.so --list-tunables` (glibc 2.33 and later) with this process's environment, and prints each
// tunable's value as a program started with that environment gets it. Spawned with vfork and read
// into a buffer of the caller's: nothing is allocated, so the heap the trials use stays as it was.
#pragma once

#include <elf.h>
#include <fcntl.h>
#include <link.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <optional>
#include <string_view>

extern char** environ;

namespace benchbox {

namespace detail {

inline int program_interpreter_of(dl_phdr_info* info, std::size_t, void* out) {
  for (int i = 0; i < info->dlpi_phnum; ++i)
    if (info->dlpi_phdr[i].p_type == PT_INTERP)
      *static_cast<const char**>(out) = reinterpret_cast<const char*>(info->dlpi_addr + info->dlpi_phdr[i].p_vaddr);
  return 1;  // the first object is the program itself: stop there
}

}  // namespace detail

// The dynamic loader this program was started with ("/lib64/ld-linux-x86-64.so.2"), nullptr for
// a static program.
inline const char* program_interpreter() {
  const char* path = nullptr;
  dl_iterate_phdr(detail::program_interpreter_of, &path);
  return path;
}

// What `ld.so --list-tunables` prints with this process's environment, into `text` (NUL-terminated,
// cut at `size` - 1); false where it could not run or did not exit with status 0 (a glibc before 2.33).
inline bool list_glibc_tunables(char* text, std::size_t size) {
  const char* loader = program_interpreter();
  int out[2];
  if (!loader || size == 0 || pipe2(out, O_CLOEXEC) != 0) return false;
  char* const argv[] = {const_cast<char*>(loader), const_cast<char*>("--list-tunables"), nullptr};
  const pid_t child = vfork();
  if (child == 0) {
    if (dup2(out[1], STDOUT_FILENO) >= 0) execve(loader, argv, environ);
    _exit(127);
  }
  close(out[1]);
  std::size_t got = 0;
  for (ssize_t n; child > 0 && got + 1 < size && (n = read(out[0], text + got, size - 1 - got)) != 0;) {
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) break;
    got += static_cast<std::size_t>(n);
  }
  close(out[0]);  // a longer list than `size` ends the loader with SIGPIPE: what was read is kept
  text[got] = '\0';
  int status = 0;
  while (child > 0 && waitpid(child, &status, 0) < 0 && errno == EINTR) {
  }
  return child > 0 && got > 0;
}

// The value of tunable `name` ("glibc.malloc.trim_threshold") in `listing` (list_glibc_tunables'
// text: lines "NAME: VALUE (min: ..., max: ...)"); nothing where the listing has no such line.
inline std::optional<std::uint64_t> glibc_tunable_in(std::string_view listing, std::string_view name) {
  for (std::size_t at = 0; at < listing.size();) {
    const std::size_t end = std::min(listing.find('\n', at), listing.size());
    const std::string_view line = listing.substr(at, end - at);
    at = end + 1;
    if (line.size() <= name.size() + 2 || line.substr(0, name.size()) != name || line.substr(name.size(), 2) != ": ") continue;
    char digits[32] = {};
    const std::string_view value = line.substr(name.size() + 2, std::min<std::size_t>(sizeof digits - 1, line.size() - name.size() - 2));
    std::memcpy(digits, value.data(), value.size());
    char* stop = nullptr;
    const unsigned long long parsed = std::strtoull(digits, &stop, 0);  // "0x40000000" or "0"
    if (stop == digits) return std::nullopt;
    return static_cast<std::uint64_t>(parsed);
  }
  return std::nullopt;
}

// glibc's value of tunable `name` in this process: 0 where it was not set (glibc then applies its
// own default), nothing where the loader cannot list its tunables or does not know the name.
inline std::optional<std::uint64_t> glibc_tunable(std::string_view name) {
  char text[16384];
  if (!list_glibc_tunables(text, sizeof text)) return std::nullopt;
  return glibc_tunable_in(text, name);
}

}  // namespace benchbox
