// ISA-L's igzip: isal_deflate_stateless at the row's level (0 to 3, with the level's default
// buffer made once) and isal_inflate_stateless, in the zlib format like the zlib rows.
#include <isa-l.h>

#include <vector>

#include "../common/compression_adapter.hpp"

namespace {

std::size_t level_buffer(int level) {
  switch (level) {
    case 1: return ISAL_DEF_LVL1_DEFAULT;
    case 2: return ISAL_DEF_LVL2_DEFAULT;
    case 3: return ISAL_DEF_LVL3_DEFAULT;
    default: return ISAL_DEF_LVL0_DEFAULT;
  }
}

struct Isal {
  int level;
  std::vector<std::uint8_t> buffer;
  explicit Isal(int l) : level(l), buffer(level_buffer(l)) {}
  std::size_t bound(std::size_t n) const { return n + n / 8 + 1024; }
  std::size_t compress(const std::uint8_t* in, std::size_t n, std::uint8_t* out, std::size_t capacity) {
    isal_zstream s;
    isal_deflate_stateless_init(&s);
    s.level = static_cast<std::uint32_t>(level);
    s.level_buf = buffer.data();
    s.level_buf_size = static_cast<std::uint32_t>(buffer.size());
    s.gzip_flag = IGZIP_ZLIB;
    s.end_of_stream = 1;
    s.flush = NO_FLUSH;
    s.next_in = const_cast<std::uint8_t*>(in);
    s.avail_in = static_cast<std::uint32_t>(n);
    s.next_out = out;
    s.avail_out = static_cast<std::uint32_t>(capacity);
    if (int rc = isal_deflate_stateless(&s); rc != COMP_OK) throw std::runtime_error("isal_deflate_stateless: error " + std::to_string(rc));
    return s.total_out;
  }
  std::size_t decompress(const std::uint8_t* in, std::size_t n, std::uint8_t* out, std::size_t original) {
    inflate_state s;
    isal_inflate_init(&s);
    s.crc_flag = ISAL_ZLIB;
    s.next_in = const_cast<std::uint8_t*>(in);
    s.avail_in = static_cast<std::uint32_t>(n);
    s.next_out = out;
    s.avail_out = static_cast<std::uint32_t>(original);
    if (int rc = isal_inflate_stateless(&s); rc != ISAL_DECOMP_OK)
      throw std::runtime_error("isal_inflate_stateless: error " + std::to_string(rc));
    return s.total_out;
  }
};

}  // namespace

int main(int argc, char** argv) {
  const std::string version = std::to_string(ISAL_MAJOR_VERSION) + "." + std::to_string(ISAL_MINOR_VERSION) + "." + std::to_string(ISAL_PATCH_VERSION);
  return benchbox::compression::Library("isal", version).add<Isal>().main(argc, argv);
}
