// Zstandard: ZSTD_compressCCtx at the row's level and ZSTD_decompressDCtx, with a context made
// once per process and reused (as the library's documentation advises for repeated calls). The
// frame holds the content size and no checksum (the library's defaults).
#include <zstd.h>

#include "../common/compression_adapter.hpp"

namespace {

std::size_t checked(std::size_t rc, const char* call) {
  if (ZSTD_isError(rc)) throw std::runtime_error(std::string(call) + ": " + ZSTD_getErrorName(rc));
  return rc;
}

struct Zstd {
  int level;
  ZSTD_CCtx* cctx = ZSTD_createCCtx();
  ZSTD_DCtx* dctx = ZSTD_createDCtx();
  explicit Zstd(int l) : level(l) {}
  ~Zstd() {
    ZSTD_freeCCtx(cctx);
    ZSTD_freeDCtx(dctx);
  }
  Zstd(const Zstd&) = delete;
  Zstd& operator=(const Zstd&) = delete;
  std::size_t bound(std::size_t n) const { return ZSTD_compressBound(n); }
  std::size_t compress(const std::uint8_t* in, std::size_t n, std::uint8_t* out, std::size_t capacity) {
    return checked(ZSTD_compressCCtx(cctx, out, capacity, in, n, level), "ZSTD_compressCCtx");
  }
  std::size_t decompress(const std::uint8_t* in, std::size_t n, std::uint8_t* out, std::size_t original) {
    return checked(ZSTD_decompressDCtx(dctx, out, original, in, n), "ZSTD_decompressDCtx");
  }
};

}  // namespace

int main(int argc, char** argv) {
  return benchbox::compression::Library("zstd", ZSTD_versionString()).add<Zstd>().main(argc, argv);
}
