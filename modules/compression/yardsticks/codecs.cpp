// A yardstick for the compression module (docs/method.md, "Yardsticks"): a minimal program that
// compresses or decompresses a file with zlib, zstd or LZ4 the way a user's program does, and
// includes nothing of benchbox. scripts/accuracy.py runs it interleaved with the matching row.
//
//   compression_yardstick CODEC LEVEL CASE FILE OPS     CODEC: zlib | zstd | lz4   CASE: compress | decompress
//
// One untimed warm-up pass, then one timed pass of OPS calls on the whole file: prints
// `mb_per_s <uncompressed MB per second>`, `ratio <original / compressed size>` (the same
// expression as benchbox's, so equal sizes print equal ratios) and `check <1 if the round trip
// gave the file back>`.
#include <lz4.h>
#include <zlib.h>
#include <zstd.h>

#include <yardstick.hpp>  // the clock and the file, as in every yardstick

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

namespace {

using Bytes = std::vector<unsigned char>;

struct Codec {
  std::string name;
  int level;
  ZSTD_CCtx* cctx = ZSTD_createCCtx();
  ZSTD_DCtx* dctx = ZSTD_createDCtx();

  std::size_t bound(std::size_t n) const {
    if (name == "zlib") return compressBound(n);
    if (name == "zstd") return ZSTD_compressBound(n);
    return static_cast<std::size_t>(LZ4_compressBound(static_cast<int>(n)));
  }
  std::size_t compress(const Bytes& in, Bytes& out) {
    if (name == "zlib") {
      uLongf size = out.size();
      return compress2(out.data(), &size, in.data(), in.size(), level) == Z_OK ? size : 0;
    }
    if (name == "zstd") {
      const std::size_t size = ZSTD_compressCCtx(cctx, out.data(), out.size(), in.data(), in.size(), level);
      return ZSTD_isError(size) ? 0 : size;
    }
    const int size = LZ4_compress_fast(reinterpret_cast<const char*>(in.data()), reinterpret_cast<char*>(out.data()),
                                       static_cast<int>(in.size()), static_cast<int>(out.size()), level);
    return size > 0 ? static_cast<std::size_t>(size) : 0;
  }
  std::size_t decompress(const unsigned char* in, std::size_t n, Bytes& out) {
    if (name == "zlib") {
      uLongf size = out.size();
      return uncompress(out.data(), &size, in, n) == Z_OK ? size : 0;
    }
    if (name == "zstd") {
      const std::size_t size = ZSTD_decompressDCtx(dctx, out.data(), out.size(), in, n);
      return ZSTD_isError(size) ? 0 : size;
    }
    const int size = LZ4_decompress_safe(reinterpret_cast<const char*>(in), reinterpret_cast<char*>(out.data()),
                                         static_cast<int>(n), static_cast<int>(out.size()));
    return size > 0 ? static_cast<std::size_t>(size) : 0;
  }
};

}  // namespace

int main(int argc, char** argv) {
  if (argc != 6) {
    std::fprintf(stderr, "usage: compression_yardstick zlib|zstd|lz4 LEVEL compress|decompress FILE OPS\n");
    return 2;
  }
  Codec codec{argv[1], std::atoi(argv[2])};
  const std::string mode = argv[3];
  const std::string file = yardstick::read_file(argv[4]);
  const Bytes in(file.begin(), file.end());
  const long ops = std::atol(argv[5]);
  if (in.empty() || ops < 1 || (codec.name != "zlib" && codec.name != "zstd" && codec.name != "lz4")) {
    std::fprintf(stderr, "compression_yardstick: bad arguments or empty file\n");
    return 2;
  }
  Bytes packed(codec.bound(in.size())), back(in.size());
  const std::size_t size = codec.compress(in, packed);  // the warm-up pass, and the input of decompress
  if (size == 0) return 1;
  std::size_t total = 0;
  yardstick::counting = true;
  const std::uint64_t start = yardstick::start_clock();
  for (long i = 0; i < ops; ++i) total += mode == "compress" ? codec.compress(in, packed) : codec.decompress(packed.data(), size, back);
  const double seconds = static_cast<double>(yardstick::stop_clock() - start) * 1e-9;
  const bool same = codec.decompress(packed.data(), size, back) == in.size() && std::memcmp(back.data(), in.data(), in.size()) == 0;
  std::printf("mb_per_s %.6g\nratio %.17g\ncheck %d\n", static_cast<double>(in.size()) * static_cast<double>(ops) / seconds / 1e6,
              static_cast<double>(in.size() * static_cast<std::size_t>(ops)) / static_cast<double>(mode == "compress" ? total : size * static_cast<std::size_t>(ops)),
              same ? 1 : 0);
  return same && total > 0 ? 0 : 1;
}
