// cereal: the workload's own structs (workload.hpp) serialized by non-intrusive serialize
// functions, as cereal's docs show for types one cannot change. serialize: an output archive over
// a std::ostringstream the codec keeps, whose string (and its capacity) is moved out after each
// call and back in before the next (C++20's str(string&&) and str() &&: no copy, no allocation
// once warm); deserialize: a fresh workload::Batch read by an input archive over a std::istream on
// the bytes (a std::streambuf over them: no copy), then its destruction; access: the struct's
// members. Variants: BinaryOutputArchive ("binary", the host's byte order) and
// PortableBinaryOutputArchive ("portable": a first byte saying the writer's byte order, the
// numbers in that order, swapped by a reader of the other order).
#include <cereal/archives/binary.hpp>
#include <cereal/archives/portable_binary.hpp>
#include <cereal/types/optional.hpp>
#include <cereal/types/string.hpp>
#include <cereal/types/vector.hpp>
#include <cereal/version.hpp>


#include "../common/streams.hpp"

// The serialize functions, found by argument-dependent lookup in the structs' namespace.
namespace benchbox::serialization::workload {

template <class Archive>
void serialize(Archive& ar, Item& it) {
  ar(it.sku, it.quantity, it.price, it.label);
}

template <class Archive>
void serialize(Archive& ar, Meta& m) {
  ar(m.source, m.version, m.created);
}

template <class Archive>
void serialize(Archive& ar, Record& r) {
  ar(r.id, r.timestamp, r.delta, r.kind, r.flags, r.active, r.ratio, r.score, r.name, r.note, r.meta, r.items, r.parent);
}

template <class Archive>
void serialize(Archive& ar, Batch& b) {
  ar(b.records);
}

}  // namespace benchbox::serialization::workload

namespace {

namespace ser = benchbox::serialization;

template <class OutputArchive, class InputArchive>
struct Cereal : ser::ReadsWorkload {
  using Model = ser::workload::Batch;
  Model model(const ser::workload::Batch& batch) const { return batch; }

  ser::Bytes encode(const Model& batch) {
    return out_.message([&](std::ostream& out) {
      OutputArchive archive(out);
      archive(batch);
    });
  }

  template <class Use>
  void decode(ser::Bytes in, Use&& use) {
    ser::BytesBuf buf(in);
    std::istream stream(&buf);
    ser::workload::Batch batch;
    {
      InputArchive archive(stream);
      archive(batch);
    }
    use(batch);
  }


  ser::ReusedOutput out_;
};

}  // namespace

int main(int argc, char** argv) {
  const std::string version = std::to_string(CEREAL_VERSION_MAJOR) + "." + std::to_string(CEREAL_VERSION_MINOR) + "." +
                              std::to_string(CEREAL_VERSION_PATCH);
  return ser::Library("cereal", version)
      .add("binary", Cereal<cereal::BinaryOutputArchive, cereal::BinaryInputArchive>{})
      .add("portable", Cereal<cereal::PortableBinaryOutputArchive, cereal::PortableBinaryInputArchive>{})
      .main(argc, argv);
}
