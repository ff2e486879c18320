// benchbox/library_facts.hpp: what a library folder's library.json says about the library.
//
// A library's facts that are not code (what the tables and `benchbox list` show: a map's layout,
// a codec's format and levels) are data, declared once in modules/<module>/<library>/library.json.
// benchbox_library (cmake/BenchboxLibrary.cmake) checks at configure time that the file holds a
// JSON object, reads the facts the build needs (title, order, reason, enable, rows) and embeds the
// file's text into the adapter program; LibraryFacts::embedded() parses it.
//
// The module's shared adapter code reads the keys it knows with the typed accessors, then calls
// done(): a key missing or of the wrong type, or a key nobody read (a typo), ends the program with
// the protocol's error line naming the file and the key, so `describe` fails (and with it the
// module's listing tests). No module reads "comment", "about" and "verified" (for the reader: prose,
// the module README's text of the library, and the versions and commits verified) or what the build reads (title, order, reason, enable, rows:
// cmake/BenchboxLibrary.cmake).
//
// Declared here, defined once in src/adapter/library_facts.cpp (the static library
// benchbox_library_facts_reader every adapter links): the JSON parser is compiled once, not in
// every adapter's translation unit, where it was about half of the compile.
#pragma once

#include <cstdint>
#include <memory>
#include <set>
#include <string>
#include <string_view>
#include <vector>

namespace benchbox {

namespace embedded {
// Defined by the source benchbox_library generates from the folder's library.json.
extern const char library_json[];
extern const char library_json_path[];  // modules/<module>/<library>/library.json
}  // namespace embedded

// Whether this process is to `describe` its library, as Adapter::main tells it: the only time an
// adapter whose heap its trials measure (json, regex, allocator) reads library.json, since a parse
// before the trials changes the heap they start from (docs/measurement.md, "Instruction counts").
inline bool describing(int argc, char** argv) { return argc == 2 && std::string_view(argv[1]) == "describe"; }

class LibraryFacts {
 public:
  // The program's own library.json (inline: a program that reads none, a tool, needs no embedded text).
  static LibraryFacts embedded() { return parse(embedded::library_json_path, embedded::library_json); }
  // The JSON text of a library.json; `where` names it in problems.
  static LibraryFacts parse(std::string where, std::string_view text);

  bool has(std::string_view key) const;

  // A key missing or of another type is a problem done() reports (the value read is then empty).
  std::string text(std::string_view key) const;
  std::string text_or(std::string_view key, std::string fallback) const { return has(key) ? text(key) : fallback; }
  std::int64_t integer(std::string_view key) const;
  bool boolean_or(std::string_view key, bool fallback) const;

  // An array of objects (absent: none), each facts of its own (each needs its done()).
  std::vector<LibraryFacts> objects(std::string_view key) const;

  // A problem the module's own check of a fact found (a case name it does not know): done() says
  // it with the others.
  void problem(std::string what) const { problems_.push_back(std::move(what)); }

  // Call once every fact was read: a key nobody read (a typo, or a fact this module does not know),
  // or a problem of the accessors, ends the program with all of them said.
  void done() const;

 private:
  struct Object;  // the parsed JSON object (library_facts.cpp)
  enum class Kind { string, integer, boolean, array };

  LibraryFacts(std::string where, std::shared_ptr<const Object> object);
  // Whether the key is there with a value of that kind; a problem for done() otherwise.
  bool check(std::string_view key, Kind kind) const;

  std::string where_;
  std::shared_ptr<const Object> object_;
  mutable std::set<std::string> read_;
  mutable std::vector<std::string> problems_;
};

}  // namespace benchbox
