// benchbox's own strict JSON reader (RFC 8259, UTF-8 validated, no extensions), used where the
// module needs a reading that depends on no library under test: the stringify case re-reads each
// library's output with it, and the conformance case compares statistics and number spellings
// against it. Never timed. It drives the same visitor interface as the adapters.
#pragma once

#include <cstdint>
#include <cstdio>
#include <optional>
#include <set>
#include <string>
#include <string_view>

#include "stats.hpp"
#include "utf8.hpp"

namespace benchbox::json {

class ReferenceReader {
 public:
  // Reads one whole document; returns an error message, or nothing when it is valid.
  // `number_text`, when given, receives the spelling of every number (space-separated).
  template <class V>
  static std::optional<std::string> read(std::string_view text, V& v, std::string* number_text = nullptr) {
    return ReferenceReader(text, number_text, false).whole(v);
  }

  // As read(), and an object with the same key twice is an error too: RFC 8259 leaves what such an
  // object holds to each implementation (some keep both members, others one), so no single
  // reading of it can verify every library.
  template <class V>
  static std::optional<std::string> read_unique_keys(std::string_view text, V& v) {
    return ReferenceReader(text, nullptr, true).whole(v);
  }

 private:
  static constexpr int kMaxDepth = 10000;

  ReferenceReader(std::string_view text, std::string* numbers, bool unique_keys)
      : text_(text), numbers_(numbers), unique_keys_(unique_keys) {}

  template <class V>
  std::optional<std::string> whole(V& v) {
    ws();
    if (!value(v, 0)) return error_;
    ws();
    if (p_ != text_.size()) return fail("text after the document at byte " + std::to_string(p_));
    return std::nullopt;
  }

  // A key as an error message shows it: printable ASCII, other bytes as \xNN, at most 40 bytes.
  static std::string shown(const std::string& key) {
    std::string out;
    for (unsigned char c : key.substr(0, 40)) {
      char buf[8];
      std::snprintf(buf, sizeof buf, c >= 0x20 && c < 0x7f && c != '\\' ? "%c" : "\\x%02x", c);
      out += buf;
    }
    return key.size() > 40 ? out + "..." : out;
  }

  std::optional<std::string> fail(std::string why) {
    if (error_.empty()) error_ = std::move(why);
    return error_;
  }
  bool bad(const std::string& why) {
    fail(why + " at byte " + std::to_string(p_));
    return false;
  }
  bool at_end() const { return p_ >= text_.size(); }
  char peek() const { return at_end() ? '\0' : text_[p_]; }
  void ws() {
    while (!at_end() && (text_[p_] == ' ' || text_[p_] == '\t' || text_[p_] == '\n' || text_[p_] == '\r')) ++p_;
  }
  // Steps over `c` when it comes next.
  bool eat(char c) {
    if (peek() != c) return false;
    ++p_;
    return true;
  }
  // After a member or an element: true when a ',' says another follows; false at the container's
  // `close` (`closed` set) or at anything else (an error).
  bool another(char close, bool& closed) {
    ws();
    if (eat(',')) return true;
    closed = eat(close) || bad(std::string("expected ',' or '") + close + "'");
    return false;
  }
  bool literal(std::string_view word) {
    if (text_.substr(p_, word.size()) != word) return bad("invalid literal");
    p_ += word.size();
    return true;
  }

  template <class V>
  bool value(V& v, int depth) {
    if (depth > kMaxDepth) return bad("nesting deeper than " + std::to_string(kMaxDepth));
    v.value();
    switch (peek()) {
      case '{': {
        ++p_;
        v.object();
        ws();
        if (eat('}')) return true;
        std::set<std::string> keys;  // filled only when keys must be unique
        bool closed = false;
        do {
          ws();
          if (peek() != '"') return bad("expected a key");
          const std::size_t key_at = p_;
          std::string key;
          if (!string(key)) return false;
          if (unique_keys_ && !keys.insert(key).second) {
            p_ = key_at;
            return bad("the key \"" + shown(key) + "\" a second time in one object");
          }
          v.key(key.data(), key.size());
          ws();
          if (!eat(':')) return bad("expected ':'");
          ws();
          if (!value(v, depth + 1)) return false;
        } while (another('}', closed));
        return closed;
      }
      case '[': {
        ++p_;
        v.array();
        ws();
        if (eat(']')) return true;
        bool closed = false;
        do {
          ws();
          v.element();
          if (!value(v, depth + 1)) return false;
        } while (another(']', closed));
        return closed;
      }
      case '"': {
        std::string s;
        if (!string(s)) return false;
        v.string(s.data(), s.size());
        return true;
      }
      case 't': if (!literal("true")) return false; v.boolean(true); return true;
      case 'f': if (!literal("false")) return false; v.boolean(false); return true;
      case 'n': if (!literal("null")) return false; v.null(); return true;
      default: return number(v);
    }
  }

  static bool digit(char c) { return c >= '0' && c <= '9'; }

  template <class V>
  bool number(V& v) {
    const std::size_t start = p_;
    eat('-');
    if (!eat('0')) {
      if (!digit(peek())) return bad("expected a value");
      while (digit(peek())) ++p_;
    }
    if (eat('.')) {
      if (!digit(peek())) return bad("expected a digit after '.'");
      while (digit(peek())) ++p_;
    }
    if (peek() == 'e' || peek() == 'E') {
      ++p_;
      if (peek() == '+' || peek() == '-') ++p_;
      if (!digit(peek())) return bad("expected an exponent");
      while (digit(peek())) ++p_;
    }
    const std::string spelling(text_.substr(start, p_ - start));
    if (numbers_) *numbers_ += (numbers_->empty() ? "" : " ") + spelling;
    v.number(std::strtod(spelling.c_str(), nullptr));
    return true;
  }

  bool hex4(std::uint32_t& out) {
    if (p_ + 4 > text_.size()) return bad("short \\u escape");
    out = 0;
    for (int i = 0; i < 4; ++i) {
      const char c = text_[p_++];
      out <<= 4;
      if (digit(c)) out |= static_cast<std::uint32_t>(c - '0');
      else if (c >= 'a' && c <= 'f') out |= static_cast<std::uint32_t>(c - 'a' + 10);
      else if (c >= 'A' && c <= 'F') out |= static_cast<std::uint32_t>(c - 'A' + 10);
      else return bad("non-hex digit in \\u escape");
    }
    return true;
  }

  // A UTF-8 sequence starting at p_ (first byte >= 0x80): well-formed per RFC 3629, no
  // overlongs, no surrogates, at most U+10FFFF.
  bool raw_utf8(std::string& out) {
    const auto b0 = static_cast<unsigned char>(text_[p_]);
    int n;
    std::uint32_t cp, min;
    if (b0 >= 0xC2 && b0 <= 0xDF) n = 1, cp = b0 & 0x1F, min = 0x80;
    else if (b0 >= 0xE0 && b0 <= 0xEF) n = 2, cp = b0 & 0x0F, min = 0x800;
    else if (b0 >= 0xF0 && b0 <= 0xF4) n = 3, cp = b0 & 0x07, min = 0x10000;
    else return bad("invalid UTF-8");
    if (p_ + static_cast<std::size_t>(n) >= text_.size()) return bad("truncated UTF-8");
    for (int i = 1; i <= n; ++i) {
      const auto b = static_cast<unsigned char>(text_[p_ + static_cast<std::size_t>(i)]);
      if ((b & 0xC0) != 0x80) return bad("invalid UTF-8");
      cp = (cp << 6) | (b & 0x3F);
    }
    if (cp < min || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF)) return bad("invalid UTF-8");
    out.append(text_.substr(p_, static_cast<std::size_t>(n) + 1));
    p_ += static_cast<std::size_t>(n) + 1;
    return true;
  }

  bool string(std::string& out) {
    ++p_;  // the opening quote
    for (;;) {
      if (at_end()) return bad("unterminated string");
      const auto c = static_cast<unsigned char>(text_[p_]);
      if (c == '"') {
        ++p_;
        return true;
      }
      if (c < 0x20) return bad("control character in a string");
      if (c >= 0x80) {
        if (!raw_utf8(out)) return false;
        continue;
      }
      if (c != '\\') {
        out += static_cast<char>(c);
        ++p_;
        continue;
      }
      ++p_;
      if (at_end()) return bad("unterminated escape");
      const char e = text_[p_++];
      switch (e) {
        case '"': out += '"'; break;
        case '\\': out += '\\'; break;
        case '/': out += '/'; break;
        case 'b': out += '\b'; break;
        case 'f': out += '\f'; break;
        case 'n': out += '\n'; break;
        case 'r': out += '\r'; break;
        case 't': out += '\t'; break;
        case 'u': {
          std::uint32_t cp = 0;
          if (!hex4(cp)) return false;
          if (cp >= 0xDC00 && cp <= 0xDFFF) return bad("lone low surrogate");
          if (cp >= 0xD800 && cp <= 0xDBFF) {
            std::uint32_t low = 0;
            if (text_.substr(p_, 2) != "\\u" || (p_ += 2, !hex4(low)) || low < 0xDC00 || low > 0xDFFF)
              return bad("high surrogate without a low one");
            cp = 0x10000 + ((cp - 0xD800) << 10) + (low - 0xDC00);
          }
          append_utf8(cp, out);
          break;
        }
        default: return bad("invalid escape");
      }
    }
  }

  std::string_view text_;
  std::string* numbers_;
  bool unique_keys_;
  std::size_t p_ = 0;
  std::string error_;
};

}  // namespace benchbox::json
