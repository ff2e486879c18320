// A coroutine library as its adapter declares it: its facts from the folder's library.json (the
// keys: modules/coroutine/README.md, "A library's facts"), read at build time into constants
// (coroutine_facts.hpp; the generated coroutine_library_facts.hpp), its cases' run functions and
// what only code can know (a version from the library's headers, a limit found on this machine)
// from the adapter's main().
#pragma once

#include <benchbox/adapter.hpp>

#include <array>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "../cases.hpp"
#include "coroutine_facts.hpp"
// Generated from the adapter's library.json (modules/coroutine/CMakeLists.txt):
// benchbox::coroutine::library_json::kFacts.
#include "coroutine_library_facts.hpp"

namespace benchbox::coroutine {

// The largest value a library can run and why (shown with the n/a of a larger one); -1: none.
struct Limit {
  std::int64_t max = -1;
  std::string reason{};
};

// How many coroutines can be alive at once when each one's stack carries a guard page that the
// library mprotect()s inside a larger mapping (its heap, or one mmap per stack): that splits the
// mapping, two mappings per stack, and the kernel allows a process vm.max_map_count mappings
// (65530 by default). Half of what is left after the mappings this process has now, less a
// margin for the ones it makes later (allocator arenas, the library's own); -1 where unknown.
inline std::uint64_t max_map_count() {
  unsigned long long v = 0;
  if (std::FILE* f = std::fopen("/proc/sys/vm/max_map_count", "r")) {
    if (std::fscanf(f, "%llu", &v) != 1) v = 0;
    std::fclose(f);
  }
  return v;
}
// `cause` says how each coroutine comes to hold two mappings; the reason shown with the limit.
inline Limit guard_page_limit(const std::string& cause) {
  const std::uint64_t max_maps = max_map_count();
  if (max_maps == 0) return {-1, {}};
  std::uint64_t used = 0;
  if (std::FILE* f = std::fopen("/proc/self/maps", "r")) {
    for (int c; (c = std::fgetc(f)) != EOF;) used += c == '\n';
    std::fclose(f);
  }
  constexpr std::uint64_t kMargin = 256;
  const std::int64_t max = max_maps > used + kMargin ? static_cast<std::int64_t>((max_maps - used - kMargin) / 2) : 0;
  return {max, cause + ", two mappings per coroutine, and the kernel allows a process vm.max_map_count mappings (" +
                   std::to_string(max_maps) + " here)"};
}

// What one case of a library says beyond the library's traits, made from its CaseFact when the
// adapter adds the case.
struct CaseNotes {
  std::string notes;
  Limit limit{};
  std::optional<Style> style{};
  std::optional<std::int64_t> stack_bytes{};
};

// A coroutine library's adapter: the protocol's Adapter with the module's traits and each case's
// notes and limits from library.json's constants, the module's cases named by the shared ids
// (cases.hpp), and min_value and bytes_per_unit derived from the style and the stack. Every case
// is declared in library.json, run (add) or not applicable; a declaration the code does not match
// (a case declared but not run, a version given twice or not at all) makes the program end with
// the protocol's error line naming library.json, so `describe` fails.
//
// It allocates what the adapters' declarations in code allocated before the facts moved to
// library.json, in the same order (a case's notes as a temporary, then its CaseInfo), and its
// set-up is inlined into the adapter's main() as theirs was: the create and memory cases allocate
// from the heap the set-up leaves, and where a library ends a coroutine by an exception
// (Boost.Coroutine2) the unwinder searches a table of the program's functions; both showed in
// Callgrind's counts of those cases.
class Library : public Adapter {
 public:
  // The library's id (its folder's name), its version where the adapter computes it (from the
  // library's headers or API; without one, library.json's "version"), and the maximum the
  // adapter's code finds on this machine for library.json's "limit": "adapter" (-1: none).
  explicit Library(std::string id, std::optional<std::string> version = std::nullopt,
                   std::optional<std::int64_t> limit = std::nullopt)
      : Adapter(std::move(id), version ? std::move(*version) : std::string(facts_.version ? facts_.version : "")),
        library_limit_{limit.value_or(-1), limit ? facts_.limit_reason : ""},
        limit_note_(limit_note(facts_.limit_note, library_limit_.max)) {
    if (version && facts_.version)
      problems_.push_back("has a \"version\", which this adapter computes from the library (remove it here)");
    if (!version && !facts_.version)
      problems_.push_back("lacks \"version\" (a string), which this adapter does not compute");
    if ((facts_.limit == LimitKind::adapter) != limit.has_value())
      problems_.push_back(limit ? "has no \"limit\": \"adapter\" for the limit the adapter gives"
                                : "says \"limit\": \"adapter\", but the adapter gives no limit");
    for (const InfoFact& entry : facts_.info) Adapter::info(entry.key, entry.value);
    if (facts_.limit == LimitKind::guard_pages) {
      library_limit_ = guard_page_limit(facts_.limit_cause);
      if (*facts_.limit_reason) {  // one allocation, as one append makes
        library_limit_.reason.reserve(library_limit_.reason.size() + 2 + std::strlen(facts_.limit_reason));
        library_limit_.reason.append("; ").append(facts_.limit_reason);
      }
    }
  }

  // A fact about the build that code computes (a default stack size from the library's headers);
  // the ones that are not code are library.json's "info".
  Library& info(std::string key, std::string value) {
    for (const InfoFact& entry : facts_.info)
      if (key == entry.key) problems_.push_back("has an \"info\" \"" + key + "\", which the adapter computes");
    Adapter::info(std::move(key), std::move(value));
    return *this;
  }

  // The function that runs case c; library.json says how (its notes, its limit).
  Library& add(Case c, CaseFunction run) {
    const CaseFact& f = fact(c);
    if (f.not_applicable || added_[index(c)]) {
      problems_.push_back(std::string(f.not_applicable ? "says case \"" : "is given case \"") + case_id(c) +
                          (f.not_applicable ? "\" is not applicable, but the adapter runs it"
                                            : "\" twice by the adapter"));
      return *this;
    }
    added_[index(c)] = true;
    const CaseNotes notes{.notes = f.limited && !limit_note_.empty() ? f.notes + limit_note_ : std::string(f.notes),
                          .limit = f.limited ? library_limit_ : Limit{f.max_value, f.max_value_reason},
                          .style = f.style,
                          .stack_bytes = f.stack_bytes};
    Adapter::add(case_id(c), case_info(c, notes), std::move(run));
    return *this;
  }

 protected:
  // Every case library.json declares run or n/a, and library.json and the code agreeing, first.
  int serve(int argc, char** argv) override {
    for (const CaseFact& f : facts_.cases)
      if (!f.not_applicable && !added_[index(f.id)])
        problems_.push_back(std::string("has notes for case \"") + case_id(f.id) +
                            "\", which the adapter does not run");
    if (!problems_.empty()) fail();
    for (const CaseFact& f : facts_.cases)
      if (f.not_applicable) not_applicable(case_id(f.id), f.not_applicable);
    return Adapter::serve(argc, argv);
  }

 private:
  static constexpr const LibraryFactsData& facts_ = library_json::kFacts;

  static std::size_t index(Case c) { return static_cast<std::size_t>(c); }
  static const CaseFact& fact(Case c) {
    for (const CaseFact& f : facts_.cases)
      if (f.id == c) return f;
    std::abort();  // coroutine_facts checked that library.json declares every case
  }

  // "; " and the limit's note with {max} replaced by the limit, "" without a limit or a note.
  [[gnu::always_inline]] static std::string limit_note(const char* note, std::int64_t max) {
    if (max < 0 || !*note) return {};
    const std::string_view text(note);
    const auto at = text.find("{max}");
    std::string out = "; ";
    if (at == std::string_view::npos) return out += text;
    out += text.substr(0, at);
    out += std::to_string(max);
    out += text.substr(at + 5);
    return out;
  }

  benchbox::CaseInfo case_info(Case c, const CaseNotes& n) const {
    const Style style = n.style.value_or(facts_.style);
    const std::int64_t stack = n.stack_bytes.value_or(facts_.stack_bytes);
    return {.notes = n.notes,
            .min_value = min_value(c, style),
            .max_value = n.limit.max,
            .bytes_per_unit = bytes_per_unit(c, stack),
            .traits = {{"style", style_name(style)}, {"stack_bytes", std::to_string(stack)}},
            .max_value_reason = n.limit.reason};
  }
  // Switch: a scheduler or symmetric yield needs another coroutine to go to; an asymmetric one
  // goes back to the caller. Channel: 0 is the unbuffered channel. Create and memory: one.
  static std::int64_t min_value(Case c, Style style) {
    if (c == Case::switch_) return style == Style::asymmetric ? 1 : 2;
    return c == Case::channel ? 0 : 1;
  }
  // The switch case's value counts coroutines: each costs its stack (the driver refuses what
  // cannot fit); the channel case's counts buffer slots of one value. The create case's value
  // counts coroutines alive at once, the memory case's coroutines alive and suspended: each costs
  // its stack, as in the switch case. A library whose stacks are small or growable (0) still
  // costs something there: count one page so that absurd values are refused.
  static std::uint64_t bytes_per_unit(Case c, std::int64_t stack) {
    if (c == Case::channel) return sizeof(std::uint64_t);
    if (c == Case::switch_) return static_cast<std::uint64_t>(stack);
    return static_cast<std::uint64_t>(stack > 0 ? stack : 4096);
  }

  // The protocol's error line, as LibraryFacts::done() writes it, with every problem found.
  [[noreturn, gnu::always_inline]] void fail() const {
    std::string message = facts_.path;
    for (std::size_t i = 0; i < problems_.size(); ++i) message += (i ? "; " : " ") + problems_[i];
    std::printf("{\"protocol\":%d,\"error\":%s}\n", kProtocolVersion, json_string(message).c_str());
    std::fflush(stdout);
    std::fprintf(stderr, "%s\n", message.c_str());
    std::exit(2);
  }

  Limit library_limit_;     // of the cases marked "limited"
  std::string limit_note_;  // added to their notes
  std::array<bool, 4> added_{};
  std::vector<std::string> problems_;  // empty unless library.json and the code disagree
};

}  // namespace benchbox::coroutine
