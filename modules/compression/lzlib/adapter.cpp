// lzlib: the lzip format through lzlib's streaming API driven buffer to buffer (as lzlib's own
// bbexample.c does), with lzip's parameters of the row's level: -0 a 64 KiB dictionary and match
// length limit 16, -6 8 MiB and 36; the dictionary reduced to the input's size when smaller, as
// the lzip tool does. Each call opens and closes its encoder or decoder.
#include <stdint.h>  // lzlib.h uses uint8_t without including it
#include <lzlib.h>

#include <algorithm>
#include <climits>

#include "../common/compression_adapter.hpp"

namespace {

struct Lzlib {
  int dictionary, match_len_limit;
  explicit Lzlib(int level) : dictionary(level == 0 ? 65536 : 8 << 20), match_len_limit(level == 0 ? 16 : 36) {
    if (level != 0 && level != 6) throw std::runtime_error("lzlib: levels 0 and 6 only");
  }
  std::size_t bound(std::size_t n) const { return n + n / 8 + 1024; }
  std::size_t compress(const std::uint8_t* in, std::size_t n, std::uint8_t* out, std::size_t capacity) {
    const int dict = std::max(LZ_min_dictionary_size(), static_cast<int>(std::min<std::size_t>(dictionary, n)));
    LZ_Encoder* e = LZ_compress_open(dict, match_len_limit, LLONG_MAX);
    if (!e || LZ_compress_errno(e) != LZ_ok) throw std::runtime_error("LZ_compress_open failed");
    std::size_t written = 0, size = 0;
    bool ok = true;
    while (ok && LZ_compress_finished(e) != 1) {
      const int room = LZ_compress_write_size(e);
      if (written < n && room > 0) {
        const int part = static_cast<int>(std::min<std::size_t>(n - written, static_cast<std::size_t>(room)));
        written += static_cast<std::size_t>(LZ_compress_write(e, in + written, part));
        if (written == n) LZ_compress_finish(e);
      }
      const int got = LZ_compress_read(e, out + size, static_cast<int>(std::min<std::size_t>(capacity - size, INT_MAX)));
      ok = got >= 0 && size < capacity;
      size += static_cast<std::size_t>(std::max(got, 0));
    }
    LZ_compress_close(e);
    if (!ok) throw std::runtime_error("lzlib: compression failed");
    return size;
  }
  std::size_t decompress(const std::uint8_t* in, std::size_t n, std::uint8_t* out, std::size_t original) {
    LZ_Decoder* d = LZ_decompress_open();
    if (!d || LZ_decompress_errno(d) != LZ_ok) throw std::runtime_error("LZ_decompress_open failed");
    std::size_t written = 0, size = 0;
    bool ok = true;
    while (ok && LZ_decompress_finished(d) != 1) {
      const int room = LZ_decompress_write_size(d);
      if (written < n && room > 0) {
        const int part = static_cast<int>(std::min<std::size_t>(n - written, static_cast<std::size_t>(room)));
        written += static_cast<std::size_t>(LZ_decompress_write(d, in + written, part));
        if (written == n) LZ_decompress_finish(d);
      }
      const int got = LZ_decompress_read(d, out + size, static_cast<int>(std::min<std::size_t>(original - size, INT_MAX)));
      ok = got >= 0 && (got > 0 || size < original || LZ_decompress_finished(d) == 1 || written < n);
      size += static_cast<std::size_t>(std::max(got, 0));
    }
    LZ_decompress_close(d);
    if (!ok) throw std::runtime_error("lzlib: decompression failed");
    return size;
  }
};

}  // namespace

int main(int argc, char** argv) {
  return benchbox::compression::Library("lzlib", LZ_version()).add<Lzlib>().main(argc, argv);
}
