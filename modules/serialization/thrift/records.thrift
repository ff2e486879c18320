// The serialization module's workload (../workload.hpp) as a Thrift schema. Thrift has signed
// integers only (i8, i16, i32, i64) and no float: each unsigned field is the signed type of its
// width holding the same bits (id i64, sku and parent i32, flags and meta.version i16, kind i8;
// the adapter casts both ways, so every value round-trips exactly), ratio is a double holding the
// float (exact). The compact protocol writes every i16/i32/i64 as a zigzag varint, the binary
// protocol at its fixed width (big-endian): Thrift has no per-field choice of encoding.
namespace cpp benchbox.records_thrift

struct Item {
  1: i32 sku
  2: i32 quantity
  3: double price
  4: string label
}

struct Meta {
  1: string source
  2: i16 version
  3: i64 created
}

struct Record {
  1: i64 id
  2: i64 timestamp
  3: i32 delta
  4: i8 kind
  5: i16 flags
  6: bool active
  7: double ratio
  8: double score
  9: string name
  10: string note
  11: Meta meta
  12: list<Item> items
  13: optional i32 parent
}

struct Batch {
  1: list<Record> records
}
