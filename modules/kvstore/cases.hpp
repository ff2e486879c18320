// The kvstore module's case ids, axis names and proof names, shared by the driver side
// (module.cpp) and every adapter (common/kvstore_adapter.hpp).
#pragma once

#include <benchbox/enum_names.hpp>

namespace benchbox::kvstore {

enum class Case { fillseq, fillrandom, overwrite, readrandom, readmissing, readseq, deleterandom, last = deleterandom };

inline constexpr auto case_id =
    enum_names<Case>("fillseq", "fillrandom", "overwrite", "readrandom", "readmissing", "readseq", "deleterandom");

// The cases that write: their clock ends after the engine's close, and they have the durability
// and transaction axes.
constexpr bool writes(Case c) { return c == Case::fillseq || c == Case::fillrandom || c == Case::overwrite || c == Case::deleterandom; }

// The axes' names.
inline constexpr const char* kRecordsAxis = "records";
inline constexpr const char* kValueAxis = "value";
inline constexpr const char* kDurabilityAxis = "durability";
inline constexpr const char* kTransactionAxis = "transaction";

// The durability levels (docs: modules/kvstore/README.md): no sync at all, or each transaction
// durable when its commit returns.
inline constexpr const char* kNone = "none";
inline constexpr const char* kCommit = "commit";

// The counts a trial reports beside done and checksum.
namespace proof {
inline constexpr const char* kHits = "hits";            // reads that found their key
inline constexpr const char* kMisses = "misses";        // reads that did not
inline constexpr const char* kRecords = "records";      // the database's records after the writes (every round added)
inline constexpr const char* kUserRecords = "user_records";  // records the case wrote or deleted (every round)
inline constexpr const char* kUserBytes = "user_bytes";      // their keys' and values' bytes
inline constexpr const char* kDiskBytes = "disk_bytes";      // the database's files' allocated bytes after close
inline constexpr const char* kDeviceBytes = "device_write_bytes";  // /proc/self/io write_bytes over the timed region
inline constexpr const char* kSyncs = "syncs";      // fsync, fdatasync, msync(MS_SYNC), sync_file_range over the timed region
inline constexpr const char* kCommits = "commits";  // transactions the case committed (every round)
// Set only when the adapter's own check after the clock found a wrong record: the key's number
// plus one, and what was wrong (WrongKey).
inline constexpr const char* kWrongKey = "wrong_key";
inline constexpr const char* kWrongKind = "wrong_kind";
}  // namespace proof

enum class WrongKind : unsigned { missing = 1, stale_value = 2, out_of_order = 3, present = 4 };

}  // namespace benchbox::kvstore
