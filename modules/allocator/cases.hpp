// The allocator module's case ids and the names of what a trial reports, shared by the driver side
// (module.cpp, through common/schedule.hpp) and every adapter (common/allocator_adapter.hpp): a
// misspelled case or count fails to compile instead of showing up at run time as an unknown case
// or a missing proof. A library.json names a case by its id (the floor's "limits"); the adapter
// side reads it back with case_named().
#pragma once

#include <optional>
#include <string_view>

namespace benchbox::allocator {

enum class Case { small, churn, cross_thread, threads, fragmentation };

inline constexpr Case kCases[] = {Case::small, Case::churn, Case::cross_thread, Case::threads, Case::fragmentation};

constexpr const char* case_id(Case c) {
  switch (c) {
    case Case::small: return "small";
    case Case::churn: return "churn";
    case Case::cross_thread: return "cross-thread";
    case Case::threads: return "threads";
    case Case::fragmentation: return "fragmentation";
  }
  return "";
}

// The case of an id, or none: an id a library.json names.
constexpr std::optional<Case> case_named(std::string_view id) {
  for (Case c : kCases)
    if (id == case_id(c)) return c;
  return std::nullopt;
}

// The counts a trial reports beside done and checksum (module.cpp checks them against the schedule).
namespace proof {
inline constexpr const char* kAllocations = "allocations";
inline constexpr const char* kFrees = "frees";
inline constexpr const char* kBytes = "bytes";          // the bytes requested
inline constexpr const char* kOverlaps = "overlaps";    // blocks live together that overlap (all but cross-thread)
inline constexpr const char* kCpusAllowed = "cpus_allowed";  // cross-thread and threads
}  // namespace proof

// The figures fragmentation reports (FigureSpec ids in module.cpp).
namespace figure {
inline constexpr const char* kResidentAfterFreeMib = "resident_after_free_mib";
inline constexpr const char* kResidentFullMib = "resident_full_mib";
inline constexpr const char* kResidentEndMib = "resident_end_mib";
inline constexpr const char* kPeakGrowthMib = "peak_growth_mib";
inline constexpr const char* kNsPerAllocation = "ns_per_allocation";
}  // namespace figure

}  // namespace benchbox::allocator
