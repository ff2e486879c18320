// zpp_bits (eyalz800/zpp_bits): the workload's own structs, described to zpp_bits by explicit
// serialize functions found by argument-dependent lookup (below, in the structs' namespace: its
// README's "Explicit Serialization"), so that the wire order is the declared one and nothing is
// left to its aggregate detection. serialize: a zpp::bits::out on a vector the codec keeps (grown
// once to the message's size, then reused: each call's archive writes from its start);
// deserialize: a zpp::bits::in on the bytes into a fresh workload::Batch, its errc checked, then
// the Batch's destruction; access: the Batch's fields (workload::visit: the Batch IS what
// zpp_bits decodes into).
#include <zpp_bits.h>

#include <concepts>
#include <system_error>
#include <type_traits>

#include "../common/serialization_adapter.hpp"

namespace benchbox::serialization::workload {

// One function for both archives: Self is T when reading, const T when writing (the README's
// pair of overloads in one).
template <class Self>
  requires std::same_as<std::remove_const_t<Self>, Item>
constexpr auto serialize(auto& archive, Self& it) {
  return archive(it.sku, it.quantity, it.price, it.label);
}

template <class Self>
  requires std::same_as<std::remove_const_t<Self>, Meta>
constexpr auto serialize(auto& archive, Self& m) {
  return archive(m.source, m.version, m.created);
}

template <class Self>
  requires std::same_as<std::remove_const_t<Self>, Record>
constexpr auto serialize(auto& archive, Self& r) {
  return archive(r.id, r.timestamp, r.delta, r.kind, r.flags, r.active, r.ratio, r.score, r.name, r.note, r.meta, r.items,
                 r.parent);
}

template <class Self>
  requires std::same_as<std::remove_const_t<Self>, Batch>
constexpr auto serialize(auto& archive, Self& b) {
  return archive(b.records);
}

}  // namespace benchbox::serialization::workload

namespace {

namespace ser = benchbox::serialization;

void check(std::errc result, const char* call) {
  if (result != std::errc{}) throw std::runtime_error(std::string(call) + " failed: " + std::make_error_code(result).message());
}

struct ZppBits : ser::ReadsWorkload {
  using Model = ser::workload::Batch;
  Model model(const ser::workload::Batch& batch) const { return batch; }

  ser::Bytes encode(const Model& batch) {
    zpp::bits::out out(out_);
    check(out(batch), "zpp::bits::out");
    return {out_.data(), out.position()};
  }

  template <class Use>
  void decode(ser::Bytes bytes, Use&& use) {
    ser::workload::Batch batch;
    zpp::bits::in in(bytes);
    check(in(batch), "zpp::bits::in");
    use(batch);
  }


  std::vector<std::uint8_t> out_;  // reused: zpp::bits::out grows it when a message is larger
};

}  // namespace

int main(int argc, char** argv) { return ser::Library("zpp_bits", BB_LIBRARY_VERSION).add(ZppBits{}).main(argc, argv); }
