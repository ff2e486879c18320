// The coroutine module's case ids and proof names, shared by the driver side (module.cpp) and
// every C/C++ adapter (common/coroutine_adapter.hpp): a misspelled case or count fails to compile
// instead of showing up at run time as an unknown case or a missing proof.
#pragma once

#include <cstdint>

#include <benchbox/enum_names.hpp>

namespace benchbox::coroutine {

enum class Case { switch_, channel, create, memory, last = memory };

inline constexpr auto case_id = enum_names<Case>("switch", "channel", "create", "memory");

// Laps booked before and after the timed switches (SwitchTally, verify_switch).
inline constexpr std::uint64_t kProofLaps = 2;

// The counts and figures a trial reports beside done and checksum.
namespace proof {
inline constexpr const char* kFinishedEarly = "finished_early";  // switch, asymmetric
inline constexpr const char* kProofEntries = "proof_entries";    // switch, scheduler and symmetric
inline constexpr const char* kSelfReturns = "self_returns";      // switch, scheduler and symmetric
inline constexpr const char* kEntries = "entries";               // create
inline constexpr const char* kCompleted = "completed";           // memory
inline constexpr const char* kBytesPerCoroutine = "bytes_per_coroutine";                    // memory
inline constexpr const char* kReservedBytesPerCoroutine = "reserved_bytes_per_coroutine";  // memory
}  // namespace proof

}  // namespace benchbox::coroutine
