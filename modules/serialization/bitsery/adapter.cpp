// bitsery (fraillt/bitsery): the workload's own structs, described to bitsery by non-intrusive
// serialize functions (below, found by argument-dependent lookup, so in the structs' namespace).
// serialize: quickSerialization over an OutputBufferAdapter on a vector the codec keeps (it grows
// once, then is reused: the adapter writes from its start); deserialize: quickDeserialization over
// an InputBufferAdapter on the bytes into a fresh workload::Batch, its error and completion
// checked, then the Batch's destruction; access: the Batch's fields (workload::visit: the Batch IS
// what bitsery decodes into).
#include <bitsery/adapter/buffer.h>
#include <bitsery/bitsery.h>
#include <bitsery/ext/std_optional.h>
#include <bitsery/traits/string.h>
#include <bitsery/traits/vector.h>

#include "../common/serialization_adapter.hpp"

namespace benchbox::serialization::workload {

// bitsery's text and container sizes need a maximum, checked when reading (a larger size is
// ReaderError::InvalidData); the size itself goes on the wire in 1, 2 or 4 bytes whatever the
// maximum. Generous: the workload's strings have at most 80 bytes, its records at most 4 items.
constexpr std::size_t kMaxText = 64 * 1024;
constexpr std::size_t kMaxItems = 64 * 1024;
constexpr std::size_t kMaxRecords = 16 * 1024 * 1024;

template <typename S>
void serialize(S& s, Item& it) {
  s.value4b(it.sku);
  s.value4b(it.quantity);
  s.value8b(it.price);
  s.text1b(it.label, kMaxText);
}

template <typename S>
void serialize(S& s, Meta& m) {
  s.text1b(m.source, kMaxText);
  s.value2b(m.version);
  s.value8b(m.created);
}

template <typename S>
void serialize(S& s, Record& r) {
  s.value8b(r.id);
  s.value8b(r.timestamp);
  s.value4b(r.delta);
  s.value1b(r.kind);
  s.value2b(r.flags);
  s.boolValue(r.active);
  s.value4b(r.ratio);
  s.value8b(r.score);
  s.text1b(r.name, kMaxText);
  s.text1b(r.note, kMaxText);
  s.object(r.meta);
  s.container(r.items, kMaxItems);
  s.ext4b(r.parent, bitsery::ext::StdOptional{});
}

template <typename S>
void serialize(S& s, Batch& b) {
  s.container(b.records, kMaxRecords);
}

}  // namespace benchbox::serialization::workload

namespace {

namespace ser = benchbox::serialization;

struct Bitsery : ser::ReadsWorkload {
  using Buffer = std::vector<std::uint8_t>;
  using Model = ser::workload::Batch;
  Model model(const ser::workload::Batch& batch) const { return batch; }

  ser::Bytes encode(const Model& batch) {
    const std::size_t size = bitsery::quickSerialization(bitsery::OutputBufferAdapter<Buffer>{out_}, batch);
    return {out_.data(), size};
  }

  template <class Use>
  void decode(ser::Bytes in, Use&& use) {
    ser::workload::Batch batch;
    const auto [error, completed] =
        bitsery::quickDeserialization(bitsery::InputBufferAdapter<const std::uint8_t*>{in.data(), in.size()}, batch);
    if (error != bitsery::ReaderError::NoError || !completed)
      throw std::runtime_error("bitsery::quickDeserialization failed (ReaderError " + std::to_string(static_cast<int>(error)) +
                               (completed ? ")" : ", bytes left over)"));
    use(batch);
  }


  Buffer out_;  // reused: bitsery resizes it when a message is larger, never shrinks it
};

}  // namespace

int main(int argc, char** argv) { return ser::Library("bitsery", BITSERY_VERSION).add(Bitsery{}).main(argc, argv); }
