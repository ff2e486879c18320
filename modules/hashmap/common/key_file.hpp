// A user's key file (`benchbox hashmap -n find FILE`): one key per line, each line's bytes a string
// key. One parser for the driver (which checks the file before anything runs and computes the
// expected checksums from it) and for every adapter (which reads the same file again and inserts
// and looks up its keys), so both see the same keys in the same order.
#pragma once

#include <cstdint>
#include <fstream>
#include <iterator>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "keys.hpp"

namespace benchbox::hashmap {

struct KeyFile {
  std::vector<std::string> keys;  // in file order
  std::string error;              // why the file cannot be used, or empty
};

namespace detail {

// Why one line cannot be a key, or nothing. The empty string and "\x01" are the empty and deleted
// keys the google maps reserve (their adapters); C maps (GLib, tbox) take keys as C strings.
inline std::string line_problem(std::string_view key) {
  if (key.empty()) return "is empty (every line is a key)";
  if (key.find('\0') != std::string_view::npos) return "holds a NUL byte (C maps take keys as C strings)";
  if (key == "\x01") return "is the byte 0x01 alone, the deleted key the google maps reserve";
  return {};
}

}  // namespace detail

// The keys of the file at `path`: split at '\n' (a last line without one counts; a '\r' before it
// is dropped, for CRLF files). Unusable: unreadable, an empty line, a NUL byte, a key twice, more
// keys than kMaxElements.
inline KeyFile read_key_file(const std::string& path) {
  KeyFile out;
  std::ifstream in(path, std::ios::binary);
  if (!in) return {{}, "cannot be read"};
  const std::string bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  if (in.bad()) return {{}, "cannot be read to its end"};
  std::unordered_map<std::string_view, std::uint64_t> line_of;  // key -> its line
  std::uint64_t line = 0;
  for (std::size_t start = 0; start < bytes.size();) {
    std::size_t end = bytes.find('\n', start);
    if (end == std::string::npos) end = bytes.size();
    std::string_view key(bytes.data() + start, end - start);
    if (!key.empty() && key.back() == '\r') key.remove_suffix(1);
    start = end + 1;
    ++line;
    if (auto wrong = detail::line_problem(key); !wrong.empty()) return {{}, "line " + std::to_string(line) + " " + wrong};
    if (auto [at, added] = line_of.emplace(key, line); !added)
      return {{}, "line " + std::to_string(line) + " repeats line " + std::to_string(at->second) + " (keys must be distinct: sort -u)"};
    if (line > static_cast<std::uint64_t>(kMaxElements)) return {{}, "holds more than " + std::to_string(kMaxElements) + " keys"};
  }
  if (line == 0) return {{}, "holds no key"};
  out.keys.reserve(line);
  std::vector<std::string_view> ordered(line);
  for (const auto& [key, at] : line_of) ordered[at - 1] = key;
  for (auto key : ordered) out.keys.emplace_back(key);
  return out;
}

// FNV-1a over the key's bytes.
constexpr std::uint64_t fnv1a64(std::string_view key) {
  std::uint64_t h = 0xcbf29ce484222325ull;
  for (char c : key) h = (h ^ static_cast<unsigned char>(c)) * 0x100000001b3ull;
  return h;
}

// The value stored with the i-th key of a file: odd (value_of is, and the digest is shifted), and
// bound to the key's bytes, so a checksum proves that the adapter used this file's keys, in this
// order, and not the generator's or another file's.
constexpr std::uint64_t file_value(std::uint64_t i, std::string_view key) { return value_of(i) ^ (fnv1a64(key) << 1); }

}  // namespace benchbox::hashmap
