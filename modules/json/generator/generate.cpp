// The json module's generated data sets: deterministic documents (a fixed seed per document, no
// clock, no library under test) and, computed while writing them, their expected statistics.
//
//   json_generate OUTPUT_DIR        writes OUTPUT_DIR/<name>.json and <name>.stats.json
//
// Every value is written by one function that also counts it, so the statistics follow from the
// text by construction (definitions in modules/json/data/stats.py and modules/json/README.md); a test checks
// them again with Python's json module.
#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <set>
#include <string>

#include "../../../include/yardstick/splitmix.hpp"
#include "../common/utf8.hpp"

namespace {

struct Stats {
  std::uint64_t objects = 0, arrays = 0, strings = 0, numbers = 0, trues = 0, falses = 0, nulls = 0, members = 0,
                elements = 0, string_bytes = 0, key_bytes = 0, checksum = 0;
};

class Rng {  // splitmix64: the same sequence on every machine
 public:
  explicit Rng(std::uint64_t seed) : mix_{seed} {}
  std::uint64_t next() { return mix_.next(); }
  std::uint64_t below(std::uint64_t n) { return next() % n; }
  bool chance(unsigned percent) { return below(100) < percent; }

 private:
  yardstick::SplitMix mix_;
};

class Writer {
 public:
  explicit Writer(std::uint64_t seed) : rng(seed) {}
  Rng rng;
  std::string out;
  Stats st;
  // Characters beyond the BMP escaped as surrogate pairs (\ud83d\ude00): in the escape-heavy
  // `strings` document only. Real documents carry them raw (twitter.json has none escaped), and
  // two measured libraries decode some pairs wrongly: conformance names them; `mixed`, the
  // suite's document, measures speed on everyday escapes.
  bool astral_escapes = true;

  void hex4(std::uint32_t v) {
    char buf[8];
    std::snprintf(buf, sizeof buf, "\\u%04x", v);
    if (rng.chance(30)) std::snprintf(buf, sizeof buf, "\\u%04X", v);  // both cases of hex digits
    out += buf;
  }
  // A BMP code point that is not a surrogate, and not below 0x20 unless `control`.
  std::uint32_t bmp() {
    for (;;) {
      std::uint32_t cp = static_cast<std::uint32_t>(0x20 + rng.below(0xFFFE - 0x20));
      if (cp < 0xD800 || cp > 0xDFFF) return cp;
    }
  }
  // Writes a string literal; returns its unescaped bytes. `escapes` in percent per character.
  std::string string_text(std::size_t length, unsigned escapes, unsigned non_ascii) {
    static const char* kPlain = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789 _-.:,;!?#@$%&*()[]{}<>=+~^|'";
    static const std::size_t kPlainLen = std::char_traits<char>::length(kPlain);
    std::string bytes;
    out += '"';
    for (std::size_t i = 0; i < length; ++i) {
      if (rng.chance(escapes)) {
        switch (rng.below(6)) {
          case 0: {
            static const char kEsc[] = "\"\\/bfnrt";
            static const char kVal[] = "\"\\/\b\f\n\r\t";
            const auto k = rng.below(8);
            out += '\\';
            out += kEsc[k];
            bytes += kVal[k];
            break;
          }
          case 1: {  // a control character, which must be escaped (never \u0000: see modules/json/README.md)
            const auto cp = static_cast<std::uint32_t>(1 + rng.below(0x1F));
            hex4(cp);
            benchbox::json::append_utf8(cp, bytes);
            break;
          }
          case 2: case 3: {  // a BMP character written as \uXXXX
            const auto cp = rng.chance(50) ? static_cast<std::uint32_t>(0x20 + rng.below(0x60)) : bmp();
            hex4(cp);
            benchbox::json::append_utf8(cp, bytes);
            break;
          }
          default: {  // a character beyond the BMP as a surrogate pair
            if (!astral_escapes) {
              const auto bmp_cp = bmp();
              hex4(bmp_cp);
              benchbox::json::append_utf8(bmp_cp, bytes);
              break;
            }
            const auto cp = static_cast<std::uint32_t>(0x10000 + rng.below(0x100000));
            hex4(0xD800 + ((cp - 0x10000) >> 10));
            hex4(0xDC00 + ((cp - 0x10000) & 0x3FF));
            benchbox::json::append_utf8(cp, bytes);
          }
        }
      } else if (rng.chance(non_ascii)) {  // raw UTF-8, 2, 3 or 4 bytes
        std::uint32_t cp;
        switch (rng.below(3)) {
          case 0: cp = static_cast<std::uint32_t>(0x80 + rng.below(0x780)); break;
          case 1: cp = bmp(); if (cp < 0x800) cp += 0x800; if (cp >= 0xD800 && cp <= 0xDFFF) cp = 0x4E2D; break;
          default: cp = static_cast<std::uint32_t>(0x10000 + rng.below(0x100000));
        }
        std::string b;
        benchbox::json::append_utf8(cp, b);
        out += b;
        bytes += b;
      } else {
        const char c = kPlain[rng.below(kPlainLen)];
        out += c;
        bytes += c;
      }
    }
    out += '"';
    return bytes;
  }
  static std::uint64_t byte_sum(const std::string& s) {
    std::uint64_t sum = 0;
    for (unsigned char c : s) sum += c;
    return sum;
  }
  void string_value(std::size_t length, unsigned escapes, unsigned non_ascii) {
    const std::string b = string_text(length, escapes, non_ascii);
    ++st.strings;
    st.string_bytes += b.size();
    st.checksum += byte_sum(b);
  }
  // A member's key, never one the object already has (duplicate names are left to each library's
  // choice by RFC 8259: keep one, keep both; the data sets have none).
  void key(std::size_t length, unsigned escapes, unsigned non_ascii, std::set<std::string>& seen) {
    std::string b;
    for (;;) {
      const std::size_t mark = out.size();
      b = string_text(length, escapes, non_ascii);
      if (seen.insert(b).second) break;
      out.resize(mark);
      ++length;  // short keys run out of fresh names
    }
    out += ':';
    ++st.members;
    st.key_bytes += b.size();
    st.checksum += byte_sum(b);
  }
  void digits(std::size_t n, bool leading_nonzero) {
    for (std::size_t i = 0; i < n; ++i)
      out += static_cast<char>('0' + (i == 0 && leading_nonzero ? 1 + rng.below(9) : rng.below(10)));
  }
  // Integers within +-2^53 and decimals with up to 17 significant digits and exponents within
  // +-300: every library under test can hold them (the edges are the conformance case's job).
  void number() {
    ++st.numbers;
    if (rng.chance(40)) out += '-';
    switch (rng.below(5)) {
      case 0: out += rng.chance(10) ? "0" : std::to_string(1 + rng.below(1000)); break;
      case 1: out += std::to_string(1 + rng.below(9007199254740992ull)); break;
      case 2:  // decimal
        if (rng.chance(20)) out += '0'; else digits(1 + rng.below(6), true);
        out += '.';
        digits(1 + rng.below(11), false);
        break;
      default:  // exponent
        digits(1, true);
        if (rng.chance(70)) {
          out += '.';
          digits(1 + rng.below(16), false);
        }
        out += rng.chance(50) ? 'e' : 'E';
        if (rng.chance(50)) out += rng.chance(50) ? '-' : '+';
        out += std::to_string(rng.below(300));
    }
  }
  void literal() {
    switch (rng.below(3)) {
      case 0: out += "true"; ++st.trues; break;
      case 1: out += "false"; ++st.falses; break;
      default: out += "null"; ++st.nulls;
    }
  }
  void ws() {  // a little whitespace of every kind, sometimes
    if (rng.chance(8)) out += " \t\n\r"[rng.below(4)];
  }
  // An object of `n` members, counted; `member(seen)` writes each one's key (through key()) and value.
  template <class Member>
  void object(std::uint64_t n, Member member) {
    out += '{';
    ++st.objects;
    std::set<std::string> seen;
    for (std::uint64_t i = 0; i < n; ++i) {
      if (i) out += ',';
      member(seen);
    }
    out += '}';
  }
  // An array of `n` elements, counted; `element()` writes each one.
  template <class Element>
  void array(std::uint64_t n, Element element) {
    out += '[';
    ++st.arrays;
    for (std::uint64_t i = 0; i < n; ++i) {
      if (i) out += ',';
      ++st.elements;
      element();
    }
    out += ']';
  }
};

using Generate = void (*)(Writer&);

// A mix of everything: records with keys, numbers, escaped and non-ASCII strings, literals and
// nesting; the suite's generated document.
void record(Writer& w, int depth, int max_depth) {
  w.object(1 + w.rng.below(8), [&](std::set<std::string>& seen) {
    w.ws();
    w.key(1 + w.rng.below(12), 4, 4, seen);
    w.ws();
    const auto kind = w.rng.below(10);
    if (kind < 3) w.number();
    else if (kind < 6) w.string_value(w.rng.below(40), 8, 8);
    else if (kind < 7) w.literal();
    else if (depth < max_depth && kind < 8) record(w, depth + 1, max_depth);
    else if (depth < max_depth) {
      w.array(w.rng.below(6), [&] {
        if (w.rng.chance(30)) record(w, depth + 1, max_depth);
        else if (w.rng.chance(50)) w.number();
        else w.string_value(w.rng.below(12), 5, 5);
      });
    } else {
      w.literal();
    }
    w.ws();
  });
}

void top_array(Writer& w, std::size_t size, void (*item)(Writer&)) {
  w.out += '[';
  ++w.st.arrays;
  for (bool first = true; w.out.size() < size; first = false) {
    if (!first) w.out += ',';
    w.ws();
    ++w.st.elements;
    item(w);
  }
  w.out += "]\n";
}

void mixed(Writer& w) {
  w.astral_escapes = false;
  top_array(w, 64 * 1024, [](Writer& x) { record(x, 0, 8); });
}

void numbers(Writer& w) {
  top_array(w, 512 * 1024, [](Writer& x) { x.array(2 + x.rng.below(3), [&] { x.number(); }); });
}

void strings(Writer& w) {
  top_array(w, 512 * 1024, [](Writer& x) {
    if (x.rng.chance(80)) {
      x.string_value(x.rng.below(80), 15, 20);
      return;
    }
    x.object(1, [&](std::set<std::string>& seen) {
      x.key(1 + x.rng.below(20), 15, 20, seen);
      x.string_value(x.rng.below(80), 15, 20);
    });
  });
}

void objects(Writer& w) {
  top_array(w, 512 * 1024, [](Writer& x) {
    x.object(1 + x.rng.below(16), [&](std::set<std::string>& seen) {
      x.key(3 + x.rng.below(10), 0, 0, seen);
      if (x.rng.chance(20)) {
        x.out += "{}";
        ++x.st.objects;
      } else if (x.rng.chance(50)) {
        x.number();
      } else if (x.rng.chance(50)) {
        x.literal();
      } else {
        x.string_value(x.rng.below(10), 0, 0);
      }
    });
  });
}

// Deep nesting, up to 500 levels of arrays and objects (within every measured library's default
// or configured limit; the conformance case tests what lies beyond).
void nest(Writer& w, int depth, int max_depth) {
  if (depth == max_depth) {
    w.number();
    return;
  }
  if (w.rng.chance(50)) {
    w.out += '[';
    ++w.st.arrays;
    ++w.st.elements;
    nest(w, depth + 1, max_depth);
    if (w.rng.chance(30)) {
      w.out += ',';
      ++w.st.elements;
      w.literal();
    }
    w.out += ']';
  } else {
    w.object(1, [&](std::set<std::string>& seen) {
      w.key(1 + w.rng.below(4), 0, 0, seen);
      nest(w, depth + 1, max_depth);
    });
  }
}

void nested(Writer& w) {
  top_array(w, 256 * 1024, [](Writer& x) { nest(x, 0, 1 + static_cast<int>(x.rng.below(500))); });
}

bool write_file(const std::filesystem::path& path, const std::string& text) {
  const auto tmp = path.string() + ".tmp";
  {
    std::ofstream f(tmp, std::ios::binary);
    f.write(text.data(), static_cast<std::streamsize>(text.size()));
    if (!f) return false;
  }
  std::filesystem::rename(tmp, path);
  return true;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 2) {
    std::cerr << "usage: json_generate OUTPUT_DIR\n";
    return 2;
  }
  const std::filesystem::path dir = argv[1];
  std::filesystem::create_directories(dir);
  const struct {
    const char* name;
    std::uint64_t seed;
    Generate generate;
  } documents[] = {{"mixed", 1, mixed}, {"numbers", 2, numbers}, {"strings", 3, strings}, {"objects", 4, objects}, {"nested", 5, nested}};
  for (const auto& d : documents) {
    Writer w(d.seed);
    d.generate(w);
    const Stats& s = w.st;
    const std::string stats =
        "{\"origin\": \"generated by json_generate, seed " + std::to_string(d.seed) + "\", \"bytes\": " +
        std::to_string(w.out.size()) + ", \"file_sum\": " + std::to_string(Writer::byte_sum(w.out)) +
        ", \"objects\": " + std::to_string(s.objects) + ", \"arrays\": " + std::to_string(s.arrays) +
        ", \"strings\": " + std::to_string(s.strings) + ", \"numbers\": " + std::to_string(s.numbers) +
        ", \"trues\": " + std::to_string(s.trues) + ", \"falses\": " + std::to_string(s.falses) +
        ", \"nulls\": " + std::to_string(s.nulls) + ", \"members\": " + std::to_string(s.members) +
        ", \"elements\": " + std::to_string(s.elements) + ", \"string_bytes\": " + std::to_string(s.string_bytes) +
        ", \"key_bytes\": " + std::to_string(s.key_bytes) + ", \"checksum\": " + std::to_string(s.checksum) + "}\n";
    if (!write_file(dir / (std::string(d.name) + ".json"), w.out) ||
        !write_file(dir / (std::string(d.name) + ".stats.json"), stats)) {
      std::cerr << "json_generate: cannot write into " << dir << "\n";
      return 1;
    }
  }
  return 0;
}
