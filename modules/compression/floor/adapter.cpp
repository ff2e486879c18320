// The compression module's floor: memcpy of the input (compress) and back (decompress), ratio 1,
// in pieces of 128 KiB. No codec writes its output faster than a copy of its input, so no row may
// beat this one. Why pieces: one glibc memcpy of a whole 1 MiB buffer ran at about half the speed
// of the same bytes copied 64-512 KiB at a time on this machine (rep movsb over the whole size),
// and zstd's stored blocks (128 KiB memcpys) beat a whole-buffer floor on random data.
#include <algorithm>
#include <cstring>

#include "../common/compression_adapter.hpp"

namespace {

constexpr std::size_t kPiece = 128 * 1024;

std::size_t copy(const std::uint8_t* in, std::size_t n, std::uint8_t* out) {
  for (std::size_t at = 0; at < n; at += kPiece) std::memcpy(out + at, in + at, std::min(kPiece, n - at));
  return n;
}

struct Copy {
  explicit Copy(int) {}
  std::size_t bound(std::size_t n) const { return n; }
  std::size_t compress(const std::uint8_t* in, std::size_t n, std::uint8_t* out, std::size_t) { return copy(in, n, out); }
  std::size_t decompress(const std::uint8_t* in, std::size_t n, std::uint8_t* out, std::size_t) { return copy(in, n, out); }
};

}  // namespace

int main(int argc, char** argv) {
  return benchbox::compression::Library("floor", BENCHBOX_VERSION).add<Copy>().main(argc, argv);
}
