// nlohmann/json's binary formats: the workload as a json DOM (objects with the fields' names,
// unsigned integers as unsigned, signed as signed, floating point as double: the float ratio as
// double(float), read back as float, exact; a missing parent is a missing key), written with
// json::to_cbor / to_msgpack / to_bson / to_ubjson into a std::vector the codec keeps (cleared by
// every call) and read with json::from_cbor / ... into a fresh json, then its destruction; access:
// the DOM's accessors (at(), get<>(), get_ref<>(), find()). BSON's documents must be objects, so
// every format holds {"records": [...]}; BSON has no unsigned 64-bit integer (to_bson throws on
// one above INT64_MAX), so its DOM holds the id as the int64 of the same bits, which a user of
// BSON writes, and reads it back as such.
#include <nlohmann/json.hpp>

#include "../common/serialization_adapter.hpp"

namespace {

namespace ser = benchbox::serialization;
using nlohmann::json;
using ser::workload::Field;

enum class Format { cbor, msgpack, bson, ubjson };

template <Format kFormat>
struct Nlohmann {
  using Model = json;

  // BSON: the id as the int64 of its bits (BSON's integers are int32 and int64).
  static json id_of(std::uint64_t id) {
    if constexpr (kFormat == Format::bson) return json(static_cast<std::int64_t>(id));
    else return json(id);
  }
  static std::uint64_t id_of(const json& id) {
    if constexpr (kFormat == Format::bson) return static_cast<std::uint64_t>(id.get<std::int64_t>());
    else return id.get<std::uint64_t>();
  }

  Model model(const ser::workload::Batch& batch) const {
    json records = json::array();
    for (const auto& r : batch.records) {
      json o = json::object();
      o["id"] = id_of(r.id);
      o["timestamp"] = r.timestamp;
      o["delta"] = r.delta;
      o["kind"] = r.kind;
      o["flags"] = r.flags;
      o["active"] = r.active;
      o["ratio"] = static_cast<double>(r.ratio);
      o["score"] = r.score;
      o["name"] = r.name;
      o["note"] = r.note;
      o["meta"] = {{"source", r.meta.source}, {"version", r.meta.version}, {"created", r.meta.created}};
      json items = json::array();
      for (const auto& it : r.items) items.push_back({{"sku", it.sku}, {"quantity", it.quantity}, {"price", it.price}, {"label", it.label}});
      o["items"] = std::move(items);
      if (r.parent) o["parent"] = *r.parent;
      records.push_back(std::move(o));
    }
    return {{"records", std::move(records)}};
  }

  ser::Bytes encode(const Model& doc) {
    out_.clear();
    if constexpr (kFormat == Format::cbor) json::to_cbor(doc, out_);
    else if constexpr (kFormat == Format::msgpack) json::to_msgpack(doc, out_);
    else if constexpr (kFormat == Format::bson) json::to_bson(doc, out_);
    else json::to_ubjson(doc, out_);
    return {out_.data(), out_.size()};
  }

  static json parse(const std::uint8_t* first, const std::uint8_t* last) {
    if constexpr (kFormat == Format::cbor) return json::from_cbor(first, last);
    else if constexpr (kFormat == Format::msgpack) return json::from_msgpack(first, last);
    else if constexpr (kFormat == Format::bson) return json::from_bson(first, last);
    else return json::from_ubjson(first, last);
  }

  template <class Use>
  void decode(ser::Bytes in, Use&& use) {
    const json doc = parse(in.data(), in.data() + in.size());
    use(doc);
  }

  template <class F>
  void read(const json& doc, F& f) const {
    const json& records = doc.at("records");
    f.n(Field::records, records.size());
    for (const json& r : records) {
      f.u(Field::id, id_of(r.at("id")));
      f.i(Field::timestamp, r.at("timestamp").get<std::int64_t>());
      f.i(Field::delta, r.at("delta").get<std::int32_t>());
      f.u(Field::kind, r.at("kind").get<std::uint8_t>());
      f.u(Field::flags, r.at("flags").get<std::uint16_t>());
      f.b(Field::active, r.at("active").get<bool>());
      f.f(Field::ratio, r.at("ratio").get<float>());
      f.f(Field::score, r.at("score").get<double>());
      f.s(Field::name, r.at("name").get_ref<const std::string&>());
      f.s(Field::note, r.at("note").get_ref<const std::string&>());
      const json& meta = r.at("meta");
      f.s(Field::meta_source, meta.at("source").get_ref<const std::string&>());
      f.u(Field::meta_version, meta.at("version").get<std::uint16_t>());
      f.i(Field::meta_created, meta.at("created").get<std::int64_t>());
      const json& items = r.at("items");
      f.n(Field::items, items.size());
      for (const json& it : items) {
        f.u(Field::item_sku, it.at("sku").get<std::uint32_t>());
        f.i(Field::item_quantity, it.at("quantity").get<std::int32_t>());
        f.f(Field::item_price, it.at("price").get<double>());
        f.s(Field::item_label, it.at("label").get_ref<const std::string&>());
      }
      const auto parent = r.find("parent");
      f.n(Field::parent, parent != r.end());
      if (parent != r.end()) f.u(Field::parent, parent->get<std::uint32_t>());
    }
  }

  std::vector<std::uint8_t> out_;
};

}  // namespace

int main(int argc, char** argv) {
  const std::string version = std::to_string(NLOHMANN_JSON_VERSION_MAJOR) + "." + std::to_string(NLOHMANN_JSON_VERSION_MINOR) + "." +
                              std::to_string(NLOHMANN_JSON_VERSION_PATCH);
  return ser::Library("nlohmann", version)
      .add("cbor", Nlohmann<Format::cbor>{})
      .add("msgpack", Nlohmann<Format::msgpack>{})
      .add("bson", Nlohmann<Format::bson>{})
      .add("ubjson", Nlohmann<Format::ubjson>{})
      .main(argc, argv);
}
