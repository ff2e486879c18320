// The floor's codec (floor/adapter.cpp): the message's fields laid out as packed structs, each
// record a fixed head of its numbers and string lengths, then its strings' bytes, then its items
// the same way. In a header of its own so that the module's test adapter (tests/) cheats with it.
#pragma once

#include <cstring>

#include "../common/serialization_adapter.hpp"

namespace benchbox::serialization::floor {

using workload::Field;

#pragma pack(push, 1)
struct RecordHead {
  std::uint64_t id;
  std::int64_t timestamp;
  std::int32_t delta;
  std::uint8_t kind;
  std::uint16_t flags;
  std::uint8_t active;
  float ratio;
  double score;
  std::uint16_t meta_version;
  std::int64_t meta_created;
  std::uint8_t has_parent;
  std::uint32_t parent;
  std::uint16_t name_size, note_size, source_size, items;
};
struct ItemHead {
  std::uint32_t sku;
  std::int32_t quantity;
  double price;
  std::uint16_t label_size;
};
#pragma pack(pop)

template <class T>
void put(std::vector<std::uint8_t>& out, const T& v) {
  const auto* p = reinterpret_cast<const std::uint8_t*>(&v);
  out.insert(out.end(), p, p + sizeof v);
}
inline void put(std::vector<std::uint8_t>& out, const std::string& s) { out.insert(out.end(), s.begin(), s.end()); }

template <class T>
T take(const std::uint8_t*& p) {
  T v;
  std::memcpy(&v, p, sizeof v);
  p += sizeof v;
  return v;
}
inline std::string_view take_string(const std::uint8_t*& p, std::size_t n) {
  std::string_view s(reinterpret_cast<const char*>(p), n);
  p += n;
  return s;
}

struct PackedStructs {
  // The image: the record count, then every record.
  using Model = std::vector<std::uint8_t>;
  struct View {
    const std::uint8_t* data;
  };

  Model model(const workload::Batch& batch) const {
    Model out;
    put(out, static_cast<std::uint32_t>(batch.records.size()));
    for (const auto& r : batch.records) {
      put(out, RecordHead{r.id, r.timestamp, r.delta, r.kind, r.flags, r.active, r.ratio, r.score, r.meta.version, r.meta.created,
                          r.parent.has_value(), r.parent.value_or(0), static_cast<std::uint16_t>(r.name.size()),
                          static_cast<std::uint16_t>(r.note.size()), static_cast<std::uint16_t>(r.meta.source.size()),
                          static_cast<std::uint16_t>(r.items.size())});
      put(out, r.name), put(out, r.note), put(out, r.meta.source);
      for (const auto& it : r.items) {
        put(out, ItemHead{it.sku, it.quantity, it.price, static_cast<std::uint16_t>(it.label.size())});
        put(out, it.label);
      }
    }
    return out;
  }

  Bytes encode(const Model& image) {
    out_.resize(image.size());
    std::memcpy(out_.data(), image.data(), image.size());
    return {out_.data(), out_.size()};
  }

  // In place, as a zero-copy reader does: nothing to make before the fields can be read. (A copy
  // here was beaten by Cap'n Proto's reader, which reads only the segment table and the root.)
  template <class Use>
  void decode(Bytes in, Use&& use) {
    use(View{in.data()});
  }

  template <class F>
  void read(const View& v, F& f) const {
    const std::uint8_t* p = v.data;
    const auto records = take<std::uint32_t>(p);
    f.n(Field::records, records);
    for (std::uint32_t k = 0; k < records; ++k) {
      const auto h = take<RecordHead>(p);
      f.u(Field::id, h.id);
      f.i(Field::timestamp, h.timestamp);
      f.i(Field::delta, h.delta);
      f.u(Field::kind, h.kind);
      f.u(Field::flags, h.flags);
      f.b(Field::active, h.active);
      f.f(Field::ratio, h.ratio);
      f.f(Field::score, h.score);
      f.s(Field::name, take_string(p, h.name_size));
      f.s(Field::note, take_string(p, h.note_size));
      f.s(Field::meta_source, take_string(p, h.source_size));
      f.u(Field::meta_version, h.meta_version);
      f.i(Field::meta_created, h.meta_created);
      f.n(Field::items, h.items);
      for (std::uint16_t i = 0; i < h.items; ++i) {
        const auto item = take<ItemHead>(p);
        f.u(Field::item_sku, item.sku);
        f.i(Field::item_quantity, item.quantity);
        f.f(Field::item_price, item.price);
        f.s(Field::item_label, take_string(p, item.label_size));
      }
      f.n(Field::parent, h.has_parent);
      if (h.has_parent) f.u(Field::parent, h.parent);
    }
  }

  std::vector<std::uint8_t> out_;  // reused: its capacity stays after the first call
};

}  // namespace benchbox::serialization::floor
