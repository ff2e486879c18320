// The serialization module's case ids and the names of what a trial reports, shared by the driver
// side (module.cpp) and every adapter (common/serialization_adapter.hpp): a misspelled case or
// count fails to compile instead of showing up at run time as an unknown case or a missing proof.
#pragma once

#include <benchbox/enum_names.hpp>

namespace benchbox::serialization {

enum class Case { serialize, deserialize, access, last = access };

inline constexpr auto case_id = enum_names<Case>("serialize", "deserialize", "access");

// The one axis: how many records the message holds (workload.hpp).
inline constexpr const char* kRecordsAxis = "records";

// The counts a trial reports beside done and checksum (module.cpp's verify, and its figures).
namespace proof {
inline constexpr const char* kWireBytes = "wire_bytes";  // bytes written (serialize) or read (the others) by all calls
inline constexpr const char* kMessages = "messages";     // messages of all calls: the trial's done
inline constexpr const char* kSize = "size";             // bytes of one message, as the library encodes it
inline constexpr const char* kTouched = "touched";       // access: the light sum of every field, once (the timed calls' sum checked against it)
inline constexpr const char* kPageFaults = "page_faults";  // minor page faults of the process during the clock (heap grown again)
}  // namespace proof

}  // namespace benchbox::serialization
