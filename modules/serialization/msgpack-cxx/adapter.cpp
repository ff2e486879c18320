// msgpack-c++ (msgpack-cxx 4.x, header-only, compiled with MSGPACK_NO_BOOST): the workload's own
// structs serialized through msgpack-c++'s non-intrusive adaptors (below: what MSGPACK_DEFINE
// would generate inside the structs, each struct an array of its fields in declaration order,
// std::optional nil when absent). serialize: msgpack::pack into an sbuffer kept by the codec and
// clear()ed on every call; deserialize: msgpack::unpack of the bytes into an object_handle (a
// zone holding the msgpack::object tree, strings copied into it), then convert() into a fresh
// workload::Batch, which is what a user does to get structs to work with; then the Batch's and
// the zone's end. access: the converted Batch's fields (workload::visit: the Batch is
// msgpack-c++'s output type here, so its walk is the library's accessors).
#include <msgpack.hpp>

#include "../common/serialization_adapter.hpp"

namespace wl = benchbox::serialization::workload;

// The adaptors a user writes for structs they cannot (or would not) change: msgpack-c++'s
// non-intrusive form, with make_define_array, the helper MSGPACK_DEFINE expands to.
namespace msgpack {
MSGPACK_API_VERSION_NAMESPACE(MSGPACK_DEFAULT_API_NS) {
namespace adaptor {

#define BB_MSGPACK_AS_ARRAY(Type, ...)                                                             \
  template <>                                                                                      \
  struct pack<Type> {                                                                              \
    template <class Stream>                                                                        \
    packer<Stream>& operator()(packer<Stream>& o, const Type& v) const {                          \
      type::make_define_array(__VA_ARGS__).msgpack_pack(o);                                        \
      return o;                                                                                    \
    }                                                                                              \
  };                                                                                               \
  template <>                                                                                      \
  struct convert<Type> {                                                                           \
    const msgpack::object& operator()(const msgpack::object& o, Type& v) const {                  \
      type::make_define_array(__VA_ARGS__).msgpack_unpack(o);                                      \
      return o;                                                                                    \
    }                                                                                              \
  };

BB_MSGPACK_AS_ARRAY(wl::Item, v.sku, v.quantity, v.price, v.label)
BB_MSGPACK_AS_ARRAY(wl::Meta, v.source, v.version, v.created)
BB_MSGPACK_AS_ARRAY(wl::Record, v.id, v.timestamp, v.delta, v.kind, v.flags, v.active, v.ratio, v.score, v.name, v.note,
                    v.meta, v.items, v.parent)
BB_MSGPACK_AS_ARRAY(wl::Batch, v.records)
#undef BB_MSGPACK_AS_ARRAY

}  // namespace adaptor
}  // MSGPACK_API_VERSION_NAMESPACE(MSGPACK_DEFAULT_API_NS)
}  // namespace msgpack

namespace {

namespace ser = benchbox::serialization;

struct MsgpackCxx : ser::ReadsWorkload {
  using Model = wl::Batch;
  Model model(const wl::Batch& batch) const { return batch; }

  ser::Bytes encode(const Model& m) {
    out_.clear();
    msgpack::pack(out_, m);
    return ser::bytes_of(out_.data(), out_.size());
  }

  template <class Use>
  void decode(ser::Bytes in, Use&& use) {
    const msgpack::object_handle handle = msgpack::unpack(reinterpret_cast<const char*>(in.data()), in.size());
    wl::Batch batch;
    handle.get().convert(batch);
    use(batch);
  }

  msgpack::sbuffer out_;
};

}  // namespace

int main(int argc, char** argv) { return ser::Library("msgpack-cxx", MSGPACK_VERSION).add(MsgpackCxx{}).main(argc, argv); }
