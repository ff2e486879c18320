// A test adapter: the floor's packed structs through the module's shared case code, cheating on
// demand (BENCHBOX_SERIALIZATION_CHEAT), so that the tests see what a real library's fault would do:
//   none     honest: every row must be verified;
//   drop     encode leaves out every record's note (written as empty): the round trip differs at
//            record 0's note;
//   corrupt  encode flips one bit of record 0's id in its output: the round trip differs there;
//   size     every other encode writes one byte more (a stray padding byte at the end): not the
//            same size on every call;
//   lazy     access's timed walk skips the strings (the proof's walk reads them): not every field
//            was read in the clock.
#include <string>
#include <type_traits>

#include <benchbox/adapter/environment.hpp>

#include "../floor/packed_structs.hpp"

namespace {

namespace ser = benchbox::serialization;

const std::string kCheat = benchbox::env_or("BENCHBOX_SERIALIZATION_CHEAT", "none");

// Skips strings when walked by the timed Touch fold, as a reader that defers them would.
template <class F>
struct SkipStrings {
  F& inner;
  void u(ser::workload::Field f, std::uint64_t v) { inner.u(f, v); }
  void i(ser::workload::Field f, std::int64_t v) { inner.i(f, v); }
  void f(ser::workload::Field f, double v) { inner.f(f, v); }
  void b(ser::workload::Field f, bool v) { inner.b(f, v); }
  void n(ser::workload::Field f, std::uint64_t v) { inner.n(f, v); }
  void s(ser::workload::Field, std::string_view) {}
};

struct Cheater : ser::floor::PackedStructs {
  Model model(const ser::workload::Batch& batch) const {
    if (kCheat != "drop") return PackedStructs::model(batch);
    ser::workload::Batch dropped = batch;
    for (auto& r : dropped.records) r.note.clear();
    return PackedStructs::model(dropped);
  }

  ser::Bytes encode(const Model& image) {
    ser::Bytes out = PackedStructs::encode(image);
    if (kCheat == "corrupt") out_[4] ^= 1;  // after the record count: record 0's id, lowest byte
    if (kCheat == "size" && ++calls_ % 2 == 0) {
      out_.push_back(0);
      out = {out_.data(), out_.size()};
    }
    return out;
  }

  template <class F>
  void read(const View& v, F& f) const {
    if constexpr (std::is_same_v<F, ser::workload::Touch>) {
      if (kCheat == "lazy") {
        SkipStrings<F> skip{f};
        return PackedStructs::read(v, skip);
      }
    }
    PackedStructs::read(v, f);
  }

  std::uint64_t calls_ = 0;
};

}  // namespace

int main(int argc, char** argv) { return ser::Library("cheater", "1").add(Cheater{}).main(argc, argv); }
