// Boost.Serialization: the workload's own structs (workload.hpp) serialized by non-intrusive
// serialize functions in namespace boost::serialization, as its tutorial shows for types one
// cannot change. Boost 1.81 has no serialization of std::optional (boost/serialization/optional.hpp
// is boost::optional's), so the optional parent gets the save/load pair a user writes: a bool, then
// the value when there is one. serialize: a binary_oarchive with the default flags (its header
// written, its codecvt facet imbued) over a std::ostringstream the codec keeps, whose string (and
// its capacity) is moved out after each call and back in before the next (C++20's str(string&&)
// and str() &&: no copy, no allocation once warm); deserialize: a fresh workload::Batch read by a
// binary_iarchive over a std::istream on the bytes (a std::streambuf over them: no copy), then its
// destruction; access: the struct's members.
#include <boost/archive/binary_iarchive.hpp>
#include <boost/archive/binary_oarchive.hpp>
#include <boost/serialization/split_free.hpp>
#include <boost/serialization/string.hpp>
#include <boost/serialization/vector.hpp>
#include <boost/version.hpp>

#include <optional>

#include "../common/streams.hpp"

namespace boost::serialization {

namespace wl = benchbox::serialization::workload;

template <class Archive>
void serialize(Archive& ar, wl::Item& it, const unsigned int /*version*/) {
  ar & it.sku & it.quantity & it.price & it.label;
}

template <class Archive>
void serialize(Archive& ar, wl::Meta& m, const unsigned int /*version*/) {
  ar & m.source & m.version & m.created;
}

template <class Archive>
void save(Archive& ar, const std::optional<std::uint32_t>& o, const unsigned int /*version*/) {
  const bool present = o.has_value();
  ar << present;
  if (present) ar << *o;
}

template <class Archive>
void load(Archive& ar, std::optional<std::uint32_t>& o, const unsigned int /*version*/) {
  bool present = false;
  ar >> present;
  if (present) {
    std::uint32_t v = 0;
    ar >> v;
    o = v;
  } else {
    o.reset();
  }
}

template <class Archive>
void serialize(Archive& ar, std::optional<std::uint32_t>& o, const unsigned int version) {
  split_free(ar, o, version);
}

template <class Archive>
void serialize(Archive& ar, wl::Record& r, const unsigned int /*version*/) {
  ar & r.id & r.timestamp & r.delta & r.kind & r.flags & r.active & r.ratio & r.score & r.name & r.note & r.meta & r.items &
      r.parent;
}

template <class Archive>
void serialize(Archive& ar, wl::Batch& b, const unsigned int /*version*/) {
  ar & b.records;
}

}  // namespace boost::serialization

namespace {

namespace ser = benchbox::serialization;

struct BoostSerialization : ser::ReadsWorkload {
  using Model = ser::workload::Batch;
  Model model(const ser::workload::Batch& batch) const { return batch; }

  ser::Bytes encode(const Model& batch) {
    return out_.message([&](std::ostream& out) {
      boost::archive::binary_oarchive archive(out);
      archive << batch;
    });
  }

  template <class Use>
  void decode(ser::Bytes in, Use&& use) {
    ser::BytesBuf buf(in);
    std::istream stream(&buf);
    ser::workload::Batch batch;
    {
      boost::archive::binary_iarchive archive(stream);
      archive >> batch;
    }
    use(batch);
  }


  ser::ReusedOutput out_;
};

}  // namespace

int main(int argc, char** argv) {
  const std::string version = std::to_string(BOOST_VERSION / 100000) + "." + std::to_string(BOOST_VERSION / 100 % 1000) + "." +
                              std::to_string(BOOST_VERSION % 100);
  return ser::Library("boost.serialization", version).add(BoostSerialization{}).main(argc, argv);
}
