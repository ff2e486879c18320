// LibraryFacts (include/benchbox/library_facts.hpp), compiled once into benchbox_library_facts_reader:
// the one place that parses a library.json in C++.
#include <benchbox/library_facts.hpp>

#include <benchbox/adapter.hpp>  // the protocol's error line

#include <nlohmann/json.hpp>

#include <cstdio>
#include <cstdlib>

namespace benchbox {

struct LibraryFacts::Object {
  nlohmann::json json;
};

namespace {

// The protocol's error line (the driver shows it as the library's error), exit status 2.
[[noreturn]] void fail_at(const std::string& where, const std::string& what) {
  const std::string message = where + " " + what;
  std::printf("{\"protocol\":%d,\"error\":%s}\n", kProtocolVersion, json_string(message).c_str());
  std::fflush(stdout);
  std::fprintf(stderr, "%s\n", message.c_str());
  std::exit(2);
}

// Prose (the module README's "about" too), and what the build reads (cmake/BenchboxLibrary.cmake):
// no module's keys.
bool build_key(std::string_view key) {
  for (std::string_view k : {"comment", "about", "title", "order", "reason", "enable", "rows", "verified"})
    if (key == k) return true;
  return false;
}

}  // namespace

LibraryFacts::LibraryFacts(std::string where, std::shared_ptr<const Object> object)
    : where_(std::move(where)), object_(std::move(object)) {
  if (!object_->json.is_object()) fail_at(where_, "is not a JSON object");
}

LibraryFacts LibraryFacts::parse(std::string where, std::string_view text) {
  // Strict JSON: CMake's configure-time check also lets comments and trailing commas through.
  try {
    return {std::move(where), std::make_shared<const Object>(Object{nlohmann::json::parse(text)})};
  } catch (const nlohmann::json::parse_error& e) {
    fail_at(where, std::string("is not valid JSON (no comments or trailing commas): ") + e.what());
  }
}

bool LibraryFacts::has(std::string_view key) const { return object_->json.contains(key); }

bool LibraryFacts::check(std::string_view key, Kind kind) const {
  static constexpr const char* kWhat[] = {"a string", "a whole number", "true or false", "an array of objects"};
  const char* what = kWhat[static_cast<int>(kind)];
  const std::string k(key);
  if (!has(key)) {
    problems_.push_back("lacks \"" + k + "\" (" + what + ")");
    return false;
  }
  read_.insert(k);
  const nlohmann::json& value = object_->json.at(k);
  const bool is = kind == Kind::string    ? value.is_string()
                  : kind == Kind::integer ? value.is_number_integer()
                  : kind == Kind::boolean ? value.is_boolean()
                                          : value.is_array();
  if (!is) problems_.push_back("\"" + k + "\" must be " + what);
  return is;
}

std::string LibraryFacts::text(std::string_view key) const {
  return check(key, Kind::string) ? object_->json.at(std::string(key)).get<std::string>() : std::string();
}

std::int64_t LibraryFacts::integer(std::string_view key) const {
  return check(key, Kind::integer) ? object_->json.at(std::string(key)).get<std::int64_t>() : 0;
}

bool LibraryFacts::boolean_or(std::string_view key, bool fallback) const {
  if (!has(key)) return fallback;
  return check(key, Kind::boolean) ? object_->json.at(std::string(key)).get<bool>() : fallback;
}

std::vector<LibraryFacts> LibraryFacts::objects(std::string_view key) const {
  std::vector<LibraryFacts> out;
  if (!has(key) || !check(key, Kind::array)) return out;
  const auto& array = object_->json.at(std::string(key));
  for (std::size_t i = 0; i < array.size(); ++i)
    out.push_back({where_ + ": " + std::string(key) + "[" + std::to_string(i) + "]",
                   std::make_shared<const Object>(Object{array[i]})});
  return out;
}

void LibraryFacts::done() const {
  std::string said;
  for (const auto& [key, value] : object_->json.items())
    if (!build_key(key) && !read_.count(key)) said += "; has the key \"" + key + "\", which this module does not read (a typo?)";
  for (const auto& problem : problems_) said += "; " + problem;
  if (!said.empty()) fail_at(where_, said.substr(2));
}

}  // namespace benchbox
