// Counts the sync calls this process makes (fsync, fdatasync, msync with MS_SYNC,
// sync_file_range), its engine's among them: these definitions in the adapter program come before
// the C library's for every shared library it loads (the engine's calls go through the dynamic
// linker), count, then call the C library's own. A write case reports the syncs of its timed
// region, and at `commit` the driver fails a row with fewer syncs than durable commits.
// Included once per adapter program (each is one translation unit).
#pragma once

#include <dlfcn.h>
#include <fcntl.h>
#include <sys/mman.h>
#include <unistd.h>

#include <atomic>
#include <cstdint>

namespace benchbox::kvstore {

inline std::atomic<std::uint64_t> sync_calls{0};

template <class Fn>
Fn real_function(const char* name) {
  return reinterpret_cast<Fn>(dlsym(RTLD_NEXT, name));
}

}  // namespace benchbox::kvstore

extern "C" {

int fsync(int fd) {
  static const auto real = benchbox::kvstore::real_function<int (*)(int)>("fsync");
  benchbox::kvstore::sync_calls.fetch_add(1, std::memory_order_relaxed);
  return real(fd);
}

int fdatasync(int fd) {
  static const auto real = benchbox::kvstore::real_function<int (*)(int)>("fdatasync");
  benchbox::kvstore::sync_calls.fetch_add(1, std::memory_order_relaxed);
  return real(fd);
}

int msync(void* address, size_t length, int flags) {
  static const auto real = benchbox::kvstore::real_function<int (*)(void*, size_t, int)>("msync");
  if (flags & MS_SYNC) benchbox::kvstore::sync_calls.fetch_add(1, std::memory_order_relaxed);
  return real(address, length, flags);
}

int sync_file_range(int fd, off64_t offset, off64_t length, unsigned int flags) {
  static const auto real = benchbox::kvstore::real_function<int (*)(int, off64_t, off64_t, unsigned int)>("sync_file_range");
  benchbox::kvstore::sync_calls.fetch_add(1, std::memory_order_relaxed);
  return real(fd, offset, length, flags);
}

}  // extern "C"
