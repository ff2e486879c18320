// jemalloc's malloc and free, replacing glibc's in the whole process by being linked (no prefix in
// Debian's build), with its default options, read back from mallctl for the row's traits (the
// names library.json's "options" shows in braces).
#include <jemalloc/jemalloc.h>

#include <string>
#include <sys/types.h>

#include "../common/allocator_adapter.hpp"

namespace {

template <class T>
std::string option(const char* name) {
  T value{};
  std::size_t size = sizeof value;
  if (mallctl(name, &value, &size, nullptr, 0) != 0) return "?";
  if constexpr (std::is_same_v<T, bool>) return value ? "true" : "false";
  else return std::to_string(value);
}

std::string version() {
  const char* v = nullptr;
  std::size_t size = sizeof v;
  return mallctl("version", &v, &size, nullptr, 0) == 0 && v ? std::string(v).substr(0, std::string(v).find('-')) : "?";
}

}  // namespace

int main(int argc, char** argv) {
  benchbox::allocator::Library adapter("jemalloc", version());
  adapter.info("mallctl version", version());
  adapter.add<benchbox::allocator::MallocFree>([] {
    return benchbox::allocator::ReadBack{{"opt.tcache", option<bool>("opt.tcache")},
                                         {"opt.narenas", option<unsigned>("opt.narenas")},
                                         {"opt.dirty_decay_ms", option<ssize_t>("opt.dirty_decay_ms")},
                                         {"opt.muzzy_decay_ms", option<ssize_t>("opt.muzzy_decay_ms")},
                                         {"opt.background_thread", option<bool>("opt.background_thread")}};
  });
  return adapter.main(argc, argv);
}
