// The serialization module's case ids and the names of what a trial reports, shared by the driver
// side (module.cpp) and every adapter (common/serialization_adapter.hpp): a misspelled case or
// count fails to compile instead of showing up at run time as an unknown case or a missing proof.
#pragma once

#include <benchbox/enum_names.hpp>

namespace benchbox::serialization {

enum class Case { serialize, deserialize, access, last = access };

inline constexpr auto case_id = enum_names<Case>("serialize", "deserialize", "access");

// The first axis: how many records the message holds (workload.hpp).
inline constexpr const char* kRecordsAxis = "records";

// The optional second axis: glibc's heap settings, as a program gets them (`default`), with its
// trimming off (`no-trim`), or with its trimming off and its blocks below 32 MiB never mmap'd
// (`no-trim-no-mmap`): tunables set in the adapter's environment (README, "Design choices that
// move a figure"). Setting the trim threshold alone also fixes the mmap threshold at 128 KiB
// (glibc stops raising it as large blocks are freed): the third value keeps those in the heap too.
inline constexpr const char* kHeapAxis = "heap";
inline constexpr const char* kDefaultHeap = "default";
inline constexpr const char* kNoTrimHeap = "no-trim";
inline constexpr const char* kNoTrimNoMmapHeap = "no-trim-no-mmap";
inline constexpr const char* kTrimTunable = "glibc.malloc.trim_threshold";
inline constexpr const char* kMmapTunable = "glibc.malloc.mmap_threshold";
inline constexpr unsigned long long kNoTrimThreshold = 1ull << 30;  // 1 GiB: no message's heap top reaches it
inline constexpr unsigned long long kNoMmapThreshold = 1ull << 25;  // 32 MiB: the largest glibc takes

// The counts a trial reports beside done and checksum (module.cpp's verify, and its figures).
namespace proof {
inline constexpr const char* kWireBytes = "wire_bytes";  // bytes written (serialize) or read (the others) by all calls
inline constexpr const char* kMessages = "messages";     // messages of all calls: the trial's done
inline constexpr const char* kSize = "size";             // bytes of one message, as the library encodes it
inline constexpr const char* kTouched = "touched";       // access: the light sum of every field, once (the timed calls' sum checked against it)
inline constexpr const char* kPageFaults = "page_faults";  // minor page faults of the process during the clock (heap grown again)
// glibc's trim and mmap threshold tunables as the adapter's process got them (0: not set), where
// the point names its heap: proof that the environment's settings took (glibc ignores a misspelled one).
inline constexpr const char* kTrimThreshold = "trim_threshold";
inline constexpr const char* kMmapThreshold = "mmap_threshold";
}  // namespace proof

}  // namespace benchbox::serialization
