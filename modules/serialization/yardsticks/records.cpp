// A yardstick for the serialization module (docs/method.md, "Yardsticks"): a minimal program that
// serializes or deserializes one message of RECORDS records with Protocol Buffers or msgpack-c++
// the way a user's program does, and includes nothing of benchbox (no adapter header, no
// workload.hpp: the records are generated again here from their definition,
// modules/serialization/README.md and workload.hpp's `generate`, with the one splitmix64 of
// include/yardstick). scripts/accuracy.py runs it interleaved with the matching row. One program per
// library (YARDSTICK_LIBRARY: 1 protobuf, 2 msgpack-cxx), as a user's program holds one:
//
//   serialization_yardstick_<library> serialize|deserialize RECORDS OPS REPS
//
// protobuf (records.proto of modules/serialization/protobuf, compiled by protoc here too): the
// message filled from the records before the clock; serialize: SerializeToString into a string
// reused by every call; deserialize: ParseFromArray into a fresh Batch on the stack, then its
// destruction (benchbox's row "protobuf", the heap variant).
// msgpack-cxx (MSGPACK_NO_BOOST): the records' own structs through non-intrusive adaptors, each
// struct an array of its fields (make_define_array, what MSGPACK_DEFINE expands to); serialize:
// msgpack::pack into an sbuffer clear()ed before every call; deserialize: msgpack::unpack into an
// object_handle, convert() into fresh structs, then their end and the handle's.
// Before its clock, each pass makes its graph from the records (serialize), or its message from
// such a graph, which is then gone, as a receiver has the bytes alone (deserialize). One untimed
// warm-up pass, then REPS timed passes of OPS calls: a line `ns_per_op <value>` per pass, then
// `size <bytes of the message>` (which benchbox's bytes/message must equal exactly) and
// `check <1 if every call gave that size and the message decodes to the records generated>`.
#if YARDSTICK_LIBRARY == 1
#include <google/protobuf/util/message_differencer.h>

#include "records.pb.h"
#elif YARDSTICK_LIBRARY == 2
#include <msgpack.hpp>
#endif

#include <splitmix.hpp>   // the records' pseudo-random sequence
#include <yardstick.hpp>  // the clock and the passes, as in every yardstick

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace {

using yardstick::start_clock;
using yardstick::stop_clock;

// A program's records (modules/serialization/README.md: the workload's fields).
struct Item {
  std::uint32_t sku = 0;
  std::int32_t quantity = 0;
  double price = 0;
  std::string label;
  bool operator==(const Item&) const = default;
};
struct Meta {
  std::string source;
  std::uint16_t version = 0;
  std::int64_t created = 0;
  bool operator==(const Meta&) const = default;
};
struct Record {
  std::uint64_t id = 0;
  std::int64_t timestamp = 0;
  std::int32_t delta = 0;
  std::uint8_t kind = 0;
  std::uint16_t flags = 0;
  bool active = false;
  float ratio = 0;
  double score = 0;
  std::string name, note;
  Meta meta;
  std::vector<Item> items;
  std::optional<std::uint32_t> parent;
  bool operator==(const Record&) const = default;
};
struct Batch {
  std::vector<Record> records;
  bool operator==(const Batch&) const = default;
};

// The records, drawn from splitmix64 (seed 0x5e71a1153) field by field in declaration order.
constexpr std::string_view kWords[] = {"alpha", "bravo", "cargo", "delta", "ember", "fjord", "gauge", "harbor",
                                       "index", "jetty", "kayak", "lumen", "metro", "north", "orbit", "pilot",
                                       "quartz", "relay", "sigma", "tango", "umber", "vector", "willow", "xenon",
                                       "yield", "zephyr", "anchor", "beacon", "copper", "dynamo", "engine", "falcon"};
constexpr std::string_view kHosts[] = {"db-1", "db-2", "edge-eu-3", "edge-us-1", "api", "batch-worker-07"};

struct Draw {
  yardstick::SplitMix rng{0x5e71a1153ull};
  std::uint64_t operator()() { return rng.next(); }
  std::uint64_t below(std::uint64_t n) { return rng.next() % n; }
  std::string letters(std::size_t n) {
    std::string s(n, 'a');
    for (char& c : s) c = static_cast<char>('a' + below(26));
    return s;
  }
  std::string words(std::size_t n) {
    std::string s;
    for (std::size_t i = 0; i < n; ++i) {
      if (i) s += ' ';
      s += kWords[below(std::size(kWords))];
    }
    return s;
  }
};

Batch records(std::size_t n) {
  Draw draw;
  Batch b;
  b.records.reserve(n);
  for (std::size_t i = 0; i < n; ++i) {
    Record r;
    const std::uint64_t bits = draw();
    r.id = bits >> draw.below(64);
    r.timestamp = 1'700'000'000'000 + static_cast<std::int64_t>(draw.below(100'000'000));
    r.delta = static_cast<std::int32_t>(draw.below(2001)) - 1000;
    r.kind = static_cast<std::uint8_t>(draw.below(16));
    r.flags = static_cast<std::uint16_t>(draw());
    r.active = draw.below(2) == 1;
    r.ratio = static_cast<float>(draw.below(1000)) / 1000.0f;
    r.score = static_cast<double>(draw() >> 11) * 0x1.0p-53 * 1000.0;
    r.name = draw.letters(3 + draw.below(10));
    r.note = draw.words(draw.below(11));
    r.meta.source = std::string(kHosts[draw.below(std::size(kHosts))]);
    r.meta.version = static_cast<std::uint16_t>(1 + draw.below(9));
    r.meta.created = r.timestamp - static_cast<std::int64_t>(draw.below(86'400'000));
    for (std::uint64_t k = draw.below(5); k > 0; --k) {
      Item it;
      it.sku = static_cast<std::uint32_t>(draw.below(1'000'000));
      it.quantity = static_cast<std::int32_t>(draw.below(21)) - 5;
      it.price = static_cast<double>(draw.below(100'000)) / 100.0;
      it.label = draw.words(1 + draw.below(2));
      r.items.push_back(std::move(it));
    }
    if (draw.below(2)) r.parent = static_cast<std::uint32_t>(draw.below(100'000));
    b.records.push_back(std::move(r));
  }
  return b;
}

// After every call: its result is used (the call cannot be dropped) and memory may have changed.
inline void keep(const void* p) { asm volatile("" : : "r"(p) : "memory"); }

}  // namespace

#if YARDSTICK_LIBRARY == 1
namespace {

namespace pb = benchbox::records;  // records.proto's package

pb::Batch message_of(const Batch& batch) {
  pb::Batch m;
  for (const Record& r : batch.records) {
    pb::Record* out = m.add_records();
    out->set_id(r.id);
    out->set_timestamp(r.timestamp);
    out->set_delta(r.delta);
    out->set_kind(r.kind);
    out->set_flags(r.flags);
    out->set_active(r.active);
    out->set_ratio(r.ratio);
    out->set_score(r.score);
    out->set_name(r.name);
    out->set_note(r.note);
    out->mutable_meta()->set_source(r.meta.source);
    out->mutable_meta()->set_version(r.meta.version);
    out->mutable_meta()->set_created(r.meta.created);
    for (const Item& it : r.items) {
      pb::Item* item = out->add_items();
      item->set_sku(it.sku);
      item->set_quantity(it.quantity);
      item->set_price(it.price);
      item->set_label(it.label);
    }
    if (r.parent) out->set_parent(*r.parent);
  }
  return m;
}

struct Library {
  using Model = pb::Batch;
  static Model model_of(const Batch& b) { return message_of(b); }
  std::string out;
  bool failed = false;

  std::size_t serialize(const Model& m) {
    if (!m.SerializeToString(&out)) failed = true;
    keep(out.data());
    return out.size();
  }
  void deserialize(const std::string& in) {
    pb::Batch m;
    if (!m.ParseFromArray(in.data(), static_cast<int>(in.size()))) failed = true;
    keep(&m);
  }
  bool same(const std::string& in, const Batch& original) const {
    pb::Batch m;
    return m.ParseFromArray(in.data(), static_cast<int>(in.size())) &&
           google::protobuf::util::MessageDifferencer::Equals(m, message_of(original));
  }
};

}  // namespace
#elif YARDSTICK_LIBRARY == 2
// The adaptors a program writes for its structs: msgpack-c++'s non-intrusive form, each struct
// an array of its fields (MSGPACK_DEFINE's helper, make_define_array).
namespace msgpack {
MSGPACK_API_VERSION_NAMESPACE(MSGPACK_DEFAULT_API_NS) {
namespace adaptor {
#define YARDSTICK_AS_ARRAY(Type, ...)                                                    \
  template <>                                                                            \
  struct pack<Type> {                                                                    \
    template <class Stream>                                                              \
    packer<Stream>& operator()(packer<Stream>& o, const Type& v) const {                \
      type::make_define_array(__VA_ARGS__).msgpack_pack(o);                              \
      return o;                                                                          \
    }                                                                                    \
  };                                                                                     \
  template <>                                                                            \
  struct convert<Type> {                                                                 \
    const msgpack::object& operator()(const msgpack::object& o, Type& v) const {        \
      type::make_define_array(__VA_ARGS__).msgpack_unpack(o);                            \
      return o;                                                                          \
    }                                                                                    \
  };
YARDSTICK_AS_ARRAY(Item, v.sku, v.quantity, v.price, v.label)
YARDSTICK_AS_ARRAY(Meta, v.source, v.version, v.created)
YARDSTICK_AS_ARRAY(Record, v.id, v.timestamp, v.delta, v.kind, v.flags, v.active, v.ratio, v.score, v.name, v.note, v.meta,
                   v.items, v.parent)
YARDSTICK_AS_ARRAY(Batch, v.records)
#undef YARDSTICK_AS_ARRAY
}  // namespace adaptor
}  // MSGPACK_API_VERSION_NAMESPACE(MSGPACK_DEFAULT_API_NS)
}  // namespace msgpack

namespace {

struct Library {
  using Model = Batch;  // the program's own structs
  static Model model_of(const Batch& b) { return b; }
  msgpack::sbuffer out;
  bool failed = false;

  std::size_t serialize(const Model& m) {
    out.clear();
    msgpack::pack(out, m);
    keep(out.data());
    return out.size();
  }
  void deserialize(const std::string& in) {
    const msgpack::object_handle handle = msgpack::unpack(in.data(), in.size());
    Batch b;
    handle.get().convert(b);
    keep(&b);
  }
  bool same(const std::string& in, const Batch& original) const {
    const msgpack::object_handle handle = msgpack::unpack(in.data(), in.size());
    Batch b;
    handle.get().convert(b);
    return b == original;
  }
};

}  // namespace
#endif

int main(int argc, char** argv) {
  if (argc != 5) {
    std::fprintf(stderr, "usage: %s serialize|deserialize RECORDS OPS REPS\n", argv[0]);
    return 2;
  }
  const std::string what = argv[1];
  const std::uint64_t n = std::strtoull(argv[2], nullptr, 10), ops = std::strtoull(argv[3], nullptr, 10);
  const int reps = std::atoi(argv[4]);
  if ((what != "serialize" && what != "deserialize") || n == 0 || ops == 0 || reps < 1) {
    std::fprintf(stderr, "serialization_yardstick: bad arguments\n");
    return 2;
  }
  const Batch original = records(n);  // the program's records, kept for the check
  Library library;
  std::size_t size = 0;
  std::uint64_t total = 0;
  if (what == "serialize") {
    yardstick::warm_up_then_time(reps, [&] {
      const Library::Model model = Library::model_of(original);  // each pass its graph, made before the clock
      total = 0;
      const std::uint64_t begin = start_clock();
      for (std::uint64_t i = 0; i < ops; ++i) total += library.serialize(model);
      const std::uint64_t end = stop_clock();
      size = library.out.size();
      return double(end - begin) / double(ops);
    });
  } else {
    yardstick::warm_up_then_time(reps, [&] {
      // Each pass a message received: its bytes as a receiver has them, the graph they were made
      // from gone.
      const std::string bytes = [&] {
        const Library::Model model = Library::model_of(original);
        size = library.serialize(model);
        return std::string(library.out.data(), size);
      }();
      const std::uint64_t begin = start_clock();
      for (std::uint64_t i = 0; i < ops; ++i) library.deserialize(bytes);
      const std::uint64_t end = stop_clock();
      return double(end - begin) / double(ops);
    });
  }
  const bool same = !library.failed && (what != "serialize" || total == size * ops) && library.out.size() == size &&
                    library.same(std::string(library.out.data(), library.out.size()), original);
  std::printf("size %zu\ncheck %d\n", size, same ? 1 : 0);
  return same ? 0 : 1;
}
