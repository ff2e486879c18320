// The json module's statistics of a document and the visitor interface every adapter drives.
// Shared by the adapters (common/json_adapter.hpp) and the module's verification (module.cpp).
//
// Definitions (modules/json/README.md): objects, arrays; strings = string VALUES (keys are not strings);
// numbers, trues, falses, nulls; members = object keys (duplicates included); elements = array
// items; string_bytes / key_bytes = UTF-8 bytes of the values / keys after unescaping; checksum =
// the sum of all those unescaped bytes, mod 2^64 (proves the text was unescaped, not just sized).
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <string_view>

namespace benchbox::json {

inline constexpr std::array<const char*, 11> kStatNames = {"objects", "arrays", "strings", "numbers", "trues", "falses",
                                                           "nulls", "members", "elements", "string_bytes", "key_bytes"};

// The visitor every library adapter calls while it walks its parsed document:
//   value()             first, once for every value (then its kind below)
//   object()            an object begins           key(p, n)   one member's key (unescaped)
//   array()             an array begins            element()   one array item follows
//   string(p, n)        a string value (unescaped) number(d)   a number, read as a double
//   boolean(b), null()
// Order inside a document does not matter for the statistics (a library may keep keys sorted).
// What the timed loop of `parse` visits with (modules/json/README.md, "What is timed"): every value counted,
// every string's and key's unescaped size added up, every number read, as a user's program that
// walks a document does, and nothing more. The full statistics and the checksum of every unescaped
// byte (which would cost about as much as the fastest parsers' whole parse) come from one more
// parse before the clock starts.
// Values are counted once at the start of each (value()), as a user's walk counts them, not in each
// kind's branch: on this machine the count inside the branches made simdjson's walk of twitter.json
// 9% slower than the same work counted at the start, with 1.7% more instructions (issue #20,
// docs/method.md).
struct Tally {
  std::uint64_t values = 0, text_bytes = 0;

  void value() noexcept { ++values; }
  void object() noexcept {}
  void array() noexcept {}
  void element() noexcept {}
  void key(const char*, std::size_t n) noexcept { text_bytes += n; }
  void string(const char*, std::size_t n) noexcept { text_bytes += n; }
  void number(double d) noexcept {
    asm volatile("" : : "x"(d));  // read, as a user's program reads it: the library's conversion happens
  }
  void boolean(bool b) noexcept { asm volatile("" : : "r"(b)); }
  void null() noexcept {}
};

// The counts of every kind of value.
struct Counts {
  std::uint64_t objects = 0, arrays = 0, strings = 0, numbers = 0, trues = 0, falses = 0, nulls = 0, members = 0,
                elements = 0, string_bytes = 0, key_bytes = 0;

  void value() noexcept {}  // the kinds below count every value
  void object() noexcept { ++objects; }
  void array() noexcept { ++arrays; }
  void element() noexcept { ++elements; }
  void key(const char*, std::size_t n) noexcept {
    ++members;
    key_bytes += n;
  }
  void string(const char*, std::size_t n) noexcept {
    ++strings;
    string_bytes += n;
  }
  void number(double) noexcept { ++numbers; }
  void boolean(bool b) noexcept { ++(b ? trues : falses); }
  void null() noexcept { ++nulls; }

  std::array<std::uint64_t, 11> values() const {
    return {objects, arrays, strings, numbers, trues, falses, nulls, members, elements, string_bytes, key_bytes};
  }
  // What a Tally of the same document holds.
  std::uint64_t value_count() const { return objects + arrays + strings + numbers + trues + falses + nulls; }
  std::uint64_t text_bytes() const { return string_bytes + key_bytes; }
  bool operator==(const Counts&) const = default;
};

// The counts and the checksum of every unescaped byte: the full proof, taken on an untimed parse.
struct Stats : Counts {
  std::uint64_t checksum = 0;

  static std::uint64_t byte_sum(const char* p, std::size_t n) noexcept {
    std::uint64_t sum = 0;
    for (std::size_t i = 0; i < n; ++i) sum += static_cast<unsigned char>(p[i]);
    return sum;
  }
  void key(const char* p, std::size_t n) noexcept {
    Counts::key(p, n);
    checksum += byte_sum(p, n);
  }
  void string(const char* p, std::size_t n) noexcept {
    Counts::string(p, n);
    checksum += byte_sum(p, n);
  }
  bool operator==(const Stats&) const = default;
};

}  // namespace benchbox::json
