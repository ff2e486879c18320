// benchbox/library_facts.hpp: what a library folder's library.json says about the library.
//
// A library's facts that are not code (what the tables and `benchbox list` show: a map's layout,
// a codec's format and levels) are data, declared once in modules/<module>/<library>/library.json.
// benchbox_library (cmake/BenchboxLibrary.cmake) checks at configure time that the file holds a
// JSON object and embeds its text into the adapter program; LibraryFacts::embedded() parses it.
//
// The module's shared adapter code reads the keys it knows with the typed accessors, then calls
// done(): a key missing or of the wrong type, or a key nobody read (a typo), ends the program with
// the protocol's error line naming the file and the key, so `describe` fails (and with it the
// module's listing tests). No module reads "comment" and "verified" (for the reader: prose, and the
// versions and commits verified) or what the build reads (title, order, reason, enable, rows:
// cmake/BenchboxLibrary.cmake).
#pragma once

#include <benchbox/adapter.hpp>

#include <nlohmann/json.hpp>

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <set>
#include <string>
#include <string_view>
#include <vector>

namespace benchbox {

namespace embedded {
// Defined by the source benchbox_library generates when the folder has a library.json.
extern const char library_json[];
extern const char library_json_path[];  // modules/<module>/<library>/library.json
}  // namespace embedded

// Whether this process is to `describe` its library, as Adapter::main tells it: the only time an
// adapter whose heap its trials measure (json, regex, allocator) reads library.json, since a parse
// before the trials changes the heap they start from (docs/measurement.md, "Instruction counts").
inline bool describing(int argc, char** argv) { return argc == 2 && std::string_view(argv[1]) == "describe"; }

class LibraryFacts {
 public:
  LibraryFacts(std::string where, nlohmann::json object) : where_(std::move(where)), object_(std::move(object)) {
    if (!object_.is_object()) fail_at(where_, "is not a JSON object");
  }

  // The program's own library.json.
  static LibraryFacts embedded() {
    // Strict JSON: CMake's configure-time check also lets comments and trailing commas through.
    try {
      return {embedded::library_json_path, nlohmann::json::parse(embedded::library_json)};
    } catch (const nlohmann::json::parse_error& e) {
      fail_at(embedded::library_json_path, std::string("is not valid JSON (no comments or trailing commas): ") + e.what());
    }
  }

  bool has(std::string_view key) const { return object_.contains(key); }

  // A key missing or of another type is a problem done() reports (the value read is then empty).
  std::string text(std::string_view key) const {
    return check(key, &nlohmann::json::is_string, "a string") ? at(key).get<std::string>() : std::string();
  }
  std::string text_or(std::string_view key, std::string fallback) const { return has(key) ? text(key) : fallback; }

  std::int64_t integer(std::string_view key) const {
    return check(key, &nlohmann::json::is_number_integer, "a whole number") ? at(key).get<std::int64_t>() : 0;
  }

  bool boolean_or(std::string_view key, bool fallback) const {
    if (!has(key)) return fallback;
    return check(key, &nlohmann::json::is_boolean, "true or false") ? at(key).get<bool>() : fallback;
  }

  // An array of objects (absent: none), each facts of its own (each needs its done()).
  std::vector<LibraryFacts> objects(std::string_view key) const {
    std::vector<LibraryFacts> out;
    if (!has(key) || !check(key, &nlohmann::json::is_array, "an array of objects")) return out;
    const auto& array = at(key);
    for (std::size_t i = 0; i < array.size(); ++i)
      out.emplace_back(where_ + ": " + std::string(key) + "[" + std::to_string(i) + "]", array[i]);
    return out;
  }

  // A problem the module's own check of a fact found (a case name it does not know): done() says
  // it with the others.
  void problem(std::string what) const { problems_.push_back(std::move(what)); }

  // Call once every fact was read: a key nobody read (a typo, or a fact this module does not know),
  // or a problem of the accessors, ends the program with all of them said.
  void done() const {
    std::string said;
    for (const auto& [key, value] : object_.items())
      if (!build_key(key) && !read_.count(key)) said += "; has the key \"" + key + "\", which this module does not read (a typo?)";
    for (const auto& problem : problems_) said += "; " + problem;
    if (!said.empty()) fail_at(where_, said.substr(2));
  }

 private:
  static bool build_key(std::string_view key) {
    for (std::string_view k : {"comment", "title", "order", "reason", "enable", "rows", "verified"})
      if (key == k) return true;
    return false;
  }

  const nlohmann::json& at(std::string_view key) const { return object_.at(std::string(key)); }

  // Whether the key is there with a value of the kind `is` tells; a problem for done() otherwise.
  bool check(std::string_view key, bool (nlohmann::json::*is)() const noexcept, const char* what) const {
    const std::string k(key);
    if (!has(key)) {
      problems_.push_back("lacks \"" + k + "\" (" + what + ")");
      return false;
    }
    read_.insert(k);
    if ((at(key).*is)()) return true;
    problems_.push_back("\"" + k + "\" must be " + what);
    return false;
  }

  // The protocol's error line (the driver shows it as the library's error), exit status 2.
  [[noreturn]] static void fail_at(const std::string& where, const std::string& what) {
    const std::string message = where + " " + what;
    std::printf("{\"protocol\":%d,\"error\":%s}\n", kProtocolVersion, json_string(message).c_str());
    std::fflush(stdout);
    std::fprintf(stderr, "%s\n", message.c_str());
    std::exit(2);
  }

  std::string where_;
  nlohmann::json object_;
  mutable std::set<std::string> read_;
  mutable std::vector<std::string> problems_;
};

}  // namespace benchbox
