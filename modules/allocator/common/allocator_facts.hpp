// The allocator module's facts of an allocator: what its library.json says (AllocatorInfo, read by
// describe), the constants a run checks instead (run_facts.hpp), and where `malloc` resolves.
#pragma once

#include <benchbox/adapter.hpp>
#include <benchbox/library_facts.hpp>

#include <dlfcn.h>

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <string_view>
#include <utility>
#include <vector>
#include <optional>

#include "../cases.hpp"
#include "run_facts.hpp"

namespace benchbox::allocator {

// What the cases and docs show about an allocator: in its folder's library.json, the keys of the
// same names (limits and not_applicable: arrays of objects naming a case by its id), read by
// allocator_info().
struct AllocatorInfo {
  std::string api;      // the calls the timed loop makes: "malloc/free (glibc)", "mi_malloc/mi_free"
  std::string options;  // the options it runs with (defaults, or what was set and why)
  std::string notes{};  // anything else about how it maps to the cases
  // Where `malloc` must resolve for the adapter to measure this allocator (a fragment of the
  // library file's name: "libjemalloc"); empty when the adapter calls the library's own API.
  std::string malloc_from{};
  // The largest value it can honestly run a case at, and why (the floor: where its fresh
  // memory is colder than what a real allocator reuses); cases not named have no limit.
  struct Limit {
    Case c;
    std::int64_t max_value;
    std::string reason;
  };
  std::vector<Limit> limits{};
  // Cases it cannot run, and why (the floor's fragmentation: it never frees).
  struct NotApplicable {
    Case c;
    std::string reason;
  };
  std::vector<NotApplicable> not_applicable{};
  std::string implementation{};  // shown as the adapter's "implementation" (the floor: what it is)
  // What the program case preloads (LD_PRELOAD) into the user's command: "none" (glibc's malloc,
  // the command as is), "malloc" (the shared library this adapter's malloc resolves to), or a
  // library's name as for -l ("tbbmalloc_proxy": the file configure found, run_facts.hpp). Empty:
  // none named, the case is n/a.
  std::string preload{};
};

// Values an adapter reads back from its library when it describes (jemalloc's mallctl), by name:
// the library.json's "options" shows each as {name} ("tcache {opt.tcache}").
using ReadBack = std::vector<std::pair<std::string, std::string>>;

namespace detail {

// `text` with each {name} replaced by the value read back under that name; a name with no value,
// or a value no {name} shows, is a problem of the facts (done() says it).
inline std::string fill_in(const LibraryFacts& facts, const char* key, const std::string& text, const ReadBack& values) {
  std::vector<bool> used(values.size(), false);
  std::string out;
  for (std::size_t at = 0; at < text.size();) {
    const std::size_t open = text.find('{', at);
    const std::size_t close = open == std::string::npos ? open : text.find('}', open);
    if (close == std::string::npos) {
      out += text.substr(at);
      break;
    }
    out += text.substr(at, open - at);
    const std::string name = text.substr(open + 1, close - open - 1);
    std::size_t i = 0;
    while (i < values.size() && values[i].first != name) ++i;
    if (i == values.size()) {
      facts.problem(std::string("\"") + key + "\" shows {" + name + "}, which the adapter does not read back");
    } else {
      out += values[i].second;
      used[i] = true;
    }
    at = close + 1;
  }
  for (std::size_t i = 0; i < values.size(); ++i)
    if (!used[i]) facts.problem(std::string("\"") + key + "\" does not show {" + values[i].first + "}, which the adapter reads back");
  return out;
}

// The case an object of "limits" or "not_applicable" names ("case": its id).
inline Case case_of(const LibraryFacts& o) {
  const std::string id = o.text("case");
  if (const auto c = case_named(id)) return *c;
  std::string known;
  for (Case c : kCases) known += std::string(known.empty() ? "" : ", ") + case_id(c);
  o.problem("\"case\" is \"" + id + "\", not a case of the allocator module (" + known + ")");
  return Case::small;
}

}  // namespace detail

// The allocator's facts from its library.json; `read_back`: the values its "options" shows in
// braces, read from the library.
inline AllocatorInfo allocator_info(const LibraryFacts& facts, const ReadBack& read_back = {}) {
  AllocatorInfo info{.api = facts.text("api"),
                     .options = detail::fill_in(facts, "options", facts.text("options"), read_back),
                     .notes = facts.text_or("notes", ""),
                     .malloc_from = facts.text_or("malloc_from", ""),
                     .preload = facts.text_or("preload", "")};
  for (const auto& l : facts.objects("limits")) {
    info.limits.push_back({detail::case_of(l), l.integer("max_value"), l.text("reason")});
    l.done();
  }
  for (const auto& n : facts.objects("not_applicable")) {
    info.not_applicable.push_back({detail::case_of(n), n.text("reason")});
    n.done();
  }
  info.implementation = facts.text_or("implementation", "");
  facts.done();
  return info;
}

// Where this process's `malloc` resolves: the file of the first definition in the global search
// order, which is the one every call binds to (a library linked before libc replaces glibc's).
inline std::string malloc_provider() {
  Dl_info info{};
  void* symbol = dlsym(RTLD_DEFAULT, "malloc");
  if (!symbol || !dladdr(symbol, &info) || !info.dli_fname) return "unknown";
  return info.dli_fname;
}

// Whether `malloc` is defined in the adapter program itself: linked in from a static archive (the
// harness defines none).
inline bool malloc_in_program() {
  Dl_info symbol{}, program{};
  void* found = dlsym(RTLD_DEFAULT, "malloc");
  return found && dladdr(found, &symbol) && dladdr(reinterpret_cast<void*>(&malloc_in_program), &program) &&
         symbol.dli_fbase == program.dli_fbase;
}

// The calls of a program that uses malloc: the allocator is whichever `malloc` the adapter's
// link resolved to (glibc's, or a library linked before libc that replaces it process-wide, as
// linking with -ljemalloc does for a user's program); AllocatorInfo::malloc_from checks which.
struct MallocFree {
  explicit MallocFree(std::size_t) {}
  void* allocate(std::size_t n) { return std::malloc(n); }
  void release(void* p, std::size_t) { std::free(p); }
};

// Why the adapter would measure the wrong allocator: `malloc` resolves to `provider`, not to the
// library `malloc_from` names (linking did not replace glibc's), or, where its static archive
// `archive` is linked in (run_facts::malloc_archive), not to the adapter itself; nothing when it
// does, or when there is no such fact.
inline std::optional<std::string> wrong_malloc(const std::string& provider, std::string_view malloc_from, std::string_view archive) {
  if (malloc_from.empty()) return std::nullopt;
  if (!archive.empty()) {
    if (malloc_in_program()) return std::nullopt;
    return "malloc resolves to " + provider + ", not to this adapter, which links " + std::string(archive) +
           ": the archive did not replace glibc's malloc, so this adapter would measure the wrong allocator";
  }
  if (provider.find(malloc_from) != std::string::npos) return std::nullopt;
  return "malloc resolves to " + provider + ", not to " + std::string(malloc_from) +
         ": linking did not replace glibc's malloc, so this adapter would measure the wrong allocator";
}

// A problem of the facts when the constants a run checks do not say what the file says (a fault of
// allocator_run_facts, modules/allocator/CMakeLists.txt, which wrote them from the same file).
inline void check_run_facts(const LibraryFacts& facts, const AllocatorInfo& info) {
  std::vector<std::pair<std::optional<Case>, std::int64_t>> limits, run_limits;
  std::vector<std::pair<std::optional<Case>, std::string>> not_applicable, run_not_applicable;
  for (const auto& l : info.limits) limits.emplace_back(l.c, l.max_value);
  for (const run_facts::Limit* l = run_facts::limits; l->case_id; ++l) run_limits.emplace_back(case_named(l->case_id), l->max_value);
  for (const auto& n : info.not_applicable) not_applicable.emplace_back(n.c, n.reason);
  for (const run_facts::NotApplicable* n = run_facts::not_applicable; n->case_id; ++n)
    run_not_applicable.emplace_back(case_named(n->case_id), n->reason);
  if (info.malloc_from != run_facts::malloc_from || info.preload != run_facts::preload || limits != run_limits ||
      not_applicable != run_not_applicable)
    facts.problem("the constants a run checks (allocator_run_facts, run_facts.hpp) say otherwise: configure again");
}

}  // namespace benchbox::allocator
