// benchbox/module/axis.hpp: a case's parameter axes and the values given for them.
#pragma once

#include <cstdint>
#include <filesystem>
#include <functional>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace benchbox {

// The user's own file given as a value (AxisSpec::user_file), as the results record it (with its
// path, the value's text): what was measured.
struct UserFile {
  std::uint64_t bytes = 0;
  std::string sha256;  // lower-case hex
};

// A value of one axis as given: its text (what the adapter receives) and, for numeric axes, its
// value; for the user's own file, its absolute path and `file`.
struct AxisValue {
  std::string text;
  std::optional<std::int64_t> number;
  std::optional<UserFile> file{};

  static AxisValue of(std::int64_t n) { return {std::to_string(n), n}; }
  static AxisValue named(std::string name) { return {std::move(name), std::nullopt}; }
  bool operator==(const AxisValue& o) const { return text == o.text; }
};

// One parameter axis of a case: "coroutines" (numeric), "data set" (named), "level".
struct AxisSpec {
  std::string name;                    // "coroutines", "data set", "elements"; no '=' or ','
  std::vector<std::string> choices{};  // non-empty: the value is one of these names
  std::int64_t min = 0, max = 0;       // numeric axes: the range
  std::string default_value{};         // what `-n CASE` runs when the axis is not given (first axis: several, comma-separated)
  std::vector<std::string> suite{};    // what the full suite runs
  std::string help{};                  // one line for --help and `benchbox list`
  // Human label of one value ("level 3", "canada.json"). Default: a case's only axis shows its
  // value as given ("2"); an axis among several shows "name value" ("threads 2").
  std::function<std::string(const AxisValue&)> describe{};
  // Set where a value may also be the path of the user's own file (a document to parse, a file to
  // compress): a value that is none of `choices` is then a path. The driver checks that it is a
  // readable, non-empty regular file and records its size and SHA-256 (user_file.hpp); this checks
  // its content, before anything runs: an error message, or nothing. The adapter receives the
  // absolute path; the value's label is the file's name.
  std::function<std::optional<std::string>(const std::filesystem::path&)> user_file{};
  // Set where a value may also be free text of the user's (a regex pattern): a value that is none
  // of `choices` is then taken as it is, commas included (unless every comma-separated piece is a
  // choice: a sweep), and this checks it: an error message, or nothing. The adapter receives it.
  std::function<std::optional<std::string>(const std::string&)> free_text{};
  // With free_text: the value is a command of the user's, given as the words after `-n CASE --`
  // (`-n program -- python3 -c 'x = 1'`). The words are joined into the one value, each quoted as
  // a shell would need it (benchbox/shell_words.hpp), and the adapter splits it back into argv.
  bool words = false;
  // An axis a case gained after its points were stored (the hashmap's key set after its elements):
  // it comes after every axis that is not optional, with one default value, and a point at that
  // default leaves it out. Such a point is the point of before, its key, label, results and store
  // rows the same; where a point lacks the axis, its value is the default (CaseSpec::value_of).
  bool optional = false;
  // With `optional`: the value of the case's first axis when this axis's value is given alone
  // after `-n CASE` (CaseSpec::lone_value; a key file: as many elements as it holds), or nothing
  // (the first axis's default).
  std::function<std::optional<std::string>(const AxisValue&)> first_of{};
  // The environment the adapter's processes of a point get from this axis's value, NAME and VALUE
  // pairs, set over the library's own (the driver's `run`, never `describe`, which has no point):
  // for a value that is a setting the library reads when its process starts (the serialization
  // module's `heap`: glibc's GLIBC_TUNABLES). Unset, or empty for a value: nothing.
  std::function<std::vector<std::pair<std::string, std::string>>(const AxisValue&)> env{};
  // A value that is a name or text, not a number.
  bool named() const { return !choices.empty() || free_text; }
};

}  // namespace benchbox
