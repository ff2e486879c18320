// The allocator module's case ids and the names of what a trial reports, shared by the driver side
// (module.cpp, through common/schedule.hpp) and every adapter (common/allocator_adapter.hpp): a
// misspelled case or count fails to compile instead of showing up at run time as an unknown case
// or a missing proof. A library.json names a case by its id (the floor's "limits"); the adapter
// side reads it back with case_named().
#pragma once

#include <benchbox/enum_names.hpp>

#include <optional>
#include <string_view>

namespace benchbox::allocator {

enum class Case { small, churn, cross_thread, threads, fragmentation, program, last = program };

inline constexpr auto case_id = enum_names<Case>("small", "churn", "cross-thread", "threads", "fragmentation", "program");
inline constexpr auto kCases = case_id.values();

// cross-thread's optional second axis: how the producer hands blocks to the consumer, up to 64 at a
// time (`batches`, its points those of before the axis) or each as soon as it is made (`single`).
inline constexpr const char* kHandoverAxis = "handover";
inline constexpr const char* kBatches = "batches";
inline constexpr const char* kSingle = "single";

// small's and churn's optional second axis: the thread a trial runs on, one started for it (`own`,
// its points those of before the axis) or the process's main thread (`main`), as a single-threaded
// program's work runs (common/allocator_adapter.hpp, main_thread).
inline constexpr const char* kThreadAxis = "thread";
inline constexpr const char* kOwnThread = "own";
inline constexpr const char* kMainThread = "main";

// The case of an id, or none: an id a library.json names.
constexpr std::optional<Case> case_named(std::string_view id) { return case_id.named(id); }

// The counts a trial reports beside done and checksum (module.cpp checks them against the schedule).
namespace proof {
inline constexpr const char* kAllocations = "allocations";
inline constexpr const char* kFrees = "frees";
inline constexpr const char* kBytes = "bytes";          // the bytes requested
inline constexpr const char* kOverlaps = "overlaps";    // blocks live together that overlap (all but cross-thread)
inline constexpr const char* kCpusAllowed = "cpus_allowed";  // cross-thread and threads
inline constexpr const char* kPinnedCpus = "pinned_cpus";    // the distinct CPUs their two threads were pinned to
inline constexpr const char* kOnMainThread = "main_thread";  // small, churn: 1 when the trial ran on the process's main thread
// program: the command's exit status (its signal's number + 128 when a signal ended it), its
// standard output's size in bytes and lines (the checksum: its FNV-1a hash), and 1 when the
// library preloaded was found mapped in the command's process at its exit (absent: none preloaded).
inline constexpr const char* kExitStatus = "exit_status";
inline constexpr const char* kOutputBytes = "stdout_bytes";
inline constexpr const char* kOutputLines = "stdout_lines";
inline constexpr const char* kPreloadMapped = "preload_mapped";
}  // namespace proof

// The traits of the program case: the library file preloaded ("none": the program runs as is).
namespace trait {
inline constexpr const char* kPreload = "preload";
}  // namespace trait

// The figures fragmentation reports (FigureSpec ids in module.cpp).
namespace figure {
inline constexpr const char* kResidentAfterFreeMib = "resident_after_free_mib";
inline constexpr const char* kResidentFullMib = "resident_full_mib";
inline constexpr const char* kResidentEndMib = "resident_end_mib";
inline constexpr const char* kPeakGrowthMib = "peak_growth_mib";
inline constexpr const char* kNsPerAllocation = "ns_per_allocation";
inline constexpr const char* kMaxRssMib = "max_rss_mib";  // program: the command's peak resident memory
}  // namespace figure

}  // namespace benchbox::allocator
