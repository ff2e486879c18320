// A test adapter: a copy "codec" that cheats on demand (BENCHBOX_COMPRESSION_CHEAT), through the
// module's shared case code, so that the tests see what a real codec's fault would do:
//   none       honest: every row must be verified;
//   byte       decompress flips one byte of its output: the round trip fails the row;
//   size       every other compress call writes one byte more: the ratio is not exact, the row fails;
//   checksum   the case's proof carries the checksum of a copy with one byte changed (a proof that
//              lies past the adapter's own comparison): benchbox's check of the file fails the row.
#include <cstring>
#include <string>

#include <benchbox/adapter/environment.hpp>

#include "../common/compression_adapter.hpp"

namespace {

std::string cheat() { return benchbox::env_or("BENCHBOX_COMPRESSION_CHEAT", "none"); }

struct Cheater {
  std::string mode = cheat();
  std::uint64_t calls = 0;
  explicit Cheater(int) {}
  std::size_t bound(std::size_t n) const { return n + 1; }
  std::size_t compress(const std::uint8_t* in, std::size_t n, std::uint8_t* out, std::size_t) {
    std::memcpy(out, in, n);
    if (mode == "size" && ++calls % 2 == 0) {
      out[n] = 0;
      return n + 1;
    }
    return n;
  }
  std::size_t decompress(const std::uint8_t* in, std::size_t n, std::uint8_t* out, std::size_t original) {
    const std::size_t size = std::min(n, original);
    std::memcpy(out, in, size);
    if (mode == "byte") out[size / 2] ^= 1;
    return size;
  }
};

// The honest case, then its proof's checksum replaced by that of a copy with one byte changed.
void lying_compress(benchbox::Trial& trial) {
  using namespace benchbox::compression;
  static const Bytes in = load_input(trial.axis_text());
  Bytes out(in.size());
  const std::uint64_t sum = timed_calls(
      trial, [&] { return static_cast<std::uint64_t>(Cheater(0).compress(in.data(), in.size(), out.data(), out.size())); },
      [&] { std::memset(out.data(), kPoison, out.size()); });
  out[out.size() / 2] ^= 1;
  finish_trial(trial, in.size(), in.size(), sum, out.data());
}

}  // namespace

int main(int argc, char** argv) {
  using benchbox::compression::Case;
  using benchbox::compression::case_id;
  benchbox::Adapter adapter("corrupter", "test");
  if (cheat() == "checksum") {
    adapter.add(case_id(Case::compress), {.notes = "memcpy, a lying checksum", .traits = {}}, lying_compress);
    adapter.not_applicable(case_id(Case::decompress), "the checksum test runs compress only");
  } else {
    benchbox::compression::add_codec<Cheater>(adapter, {.format = "none", .state = "none", .notes = "memcpy that cheats on demand"}, {});
  }
  return adapter.main(argc, argv);
}
