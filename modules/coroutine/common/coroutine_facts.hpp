// A coroutine library's facts as constants: what its folder's library.json says (the keys:
// modules/coroutine/README.md, "A library's facts"), read at build time through
// benchbox::LibraryFacts by facts_tool.cpp, which writes them as a LibraryFactsData into a header
// the adapter includes (coroutine_library.hpp). No parse at run time: the create and memory cases
// allocate from the heap the adapter's set-up leaves, and a parse there would change it.
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string_view>

#include "../cases.hpp"

namespace benchbox::coroutine {

// How control moves between a library's coroutines (the trait "style").
enum class Style {
  asymmetric,  // resume/yield through a caller
  symmetric,   // a coroutine transfers straight to another
  scheduler,   // a yield goes back to the library's scheduler, which picks the next one
  last = scheduler,
};

inline constexpr auto style_name = enum_names<Style>("asymmetric", "symmetric", "scheduler");

constexpr std::optional<Style> style_named(std::string_view name) { return style_name.named(name); }

// What bounds the coroutines alive at once in the cases marked "limited" (library.json's "limit").
enum class LimitKind {
  none,
  guard_pages,  // each coroutine's guarded stack costs two mappings: computed from vm.max_map_count
  adapter,      // found by the adapter's code on this machine (coroutine::Library::limit)
};

// One entry of "info".
struct InfoFact {
  const char* key;
  const char* value;
};

// One entry of "cases": notes (the case is run) or not_applicable (why it cannot be).
struct CaseFact {
  Case id;
  const char* notes = nullptr;
  const char* not_applicable = nullptr;
  std::optional<Style> style{};                 // the library's, unless the case has its own
  std::optional<std::int64_t> stack_bytes{};    // the same
  std::int64_t max_value = -1;                  // a fixed limit, -1: none
  const char* max_value_reason = "";
  bool limited = false;                         // the library's "limit" applies
};

struct LibraryFactsData {
  const char* path;              // modules/coroutine/<id>/library.json
  const char* version;           // nullptr: the adapter computes it from the library
  Style style;
  std::int64_t stack_bytes;
  std::span<const InfoFact> info;
  LimitKind limit;
  const char* limit_cause;       // guard_pages: how each coroutine comes to hold two mappings
  const char* limit_reason;      // adapter: the reason; guard_pages: added after the computed one
  const char* limit_note;        // added to each limited case's notes, {max} replaced by the limit
  std::span<const CaseFact> cases;  // the module's four cases, each once, in the file's order
};

}  // namespace benchbox::coroutine
