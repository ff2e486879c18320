// A yardstick for the json module (docs/method.md, "Yardsticks"): a minimal program that parses a
// document with simdjson's DOM, RapidJSON or nlohmann::json and visits every value, counting the
// values, adding up the strings' sizes and reading every number, as a user's program that walks a
// document does. It includes nothing of benchbox (no adapter header, no allocation counting, no
// visitor of ours). scripts/accuracy.py runs it interleaved with the matching `benchbox json -n
// parse` row. One program per library (YARDSTICK_LIBRARY: 1 simdjson, 2 rapidjson, 3 nlohmann),
// as a user's program holds one, so that the compiler inlines in it as it would there:
//
//   json_yardstick_<library> FILE OPS REPS
//
// One untimed warm-up pass, then REPS timed passes of OPS parses each: a line `ns_per_op <value>`
// per pass, then `check <values> <string bytes>` of one document.
#if YARDSTICK_LIBRARY == 1
#include <simdjson.h>
#elif YARDSTICK_LIBRARY == 2
#include <rapidjson/document.h>
#elif YARDSTICK_LIBRARY == 3
#include <nlohmann/json.hpp>
#endif

#include <yardstick.hpp>  // the clock, the passes and the file, as in every yardstick

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <string_view>

#if YARDSTICK_LIBRARY == 3
nlohmann::json parse_text(std::string_view text);  // nlohmann_parse.cpp: the parse in a unit of its own
#endif

namespace {

struct Tally {
  std::uint64_t values = 0, string_bytes = 0;
};

// A number or a boolean read, as a program that uses it reads it, and kept (not optimised away).
void use(double d) { asm volatile("" : : "x"(d)); }
void use(bool b) { asm volatile("" : : "r"(b)); }

#if YARDSTICK_LIBRARY == 1
void visit(simdjson::dom::element x, Tally& t) {
  ++t.values;
  switch (x.type()) {
    case simdjson::dom::element_type::OBJECT:
      for (auto field : simdjson::dom::object(x)) {
        t.string_bytes += field.key.size();
        visit(field.value, t);
      }
      break;
    case simdjson::dom::element_type::ARRAY:
      for (auto e : simdjson::dom::array(x)) visit(e, t);
      break;
    case simdjson::dom::element_type::STRING: t.string_bytes += x.get_string().value_unsafe().size(); break;
    case simdjson::dom::element_type::INT64: use(static_cast<double>(x.get_int64().value_unsafe())); break;
    case simdjson::dom::element_type::UINT64: use(static_cast<double>(x.get_uint64().value_unsafe())); break;
    case simdjson::dom::element_type::DOUBLE: use(x.get_double().value_unsafe()); break;
    case simdjson::dom::element_type::BOOL: use(x.get_bool().value_unsafe()); break;
    default: break;
  }
}

#elif YARDSTICK_LIBRARY == 2
void visit(const rapidjson::Value& x, Tally& t) {
  ++t.values;
  switch (x.GetType()) {
    case rapidjson::kObjectType:
      for (const auto& m : x.GetObject()) {
        t.string_bytes += m.name.GetStringLength();
        visit(m.value, t);
      }
      break;
    case rapidjson::kArrayType:
      for (const auto& e : x.GetArray()) visit(e, t);
      break;
    case rapidjson::kStringType: t.string_bytes += x.GetStringLength(); break;
    case rapidjson::kNumberType: use(x.GetDouble()); break;
    case rapidjson::kTrueType: use(true); break;
    case rapidjson::kFalseType: use(false); break;
    case rapidjson::kNullType: break;
  }
}

#elif YARDSTICK_LIBRARY == 3
void visit(const nlohmann::json& x, Tally& t) {
  using json = nlohmann::json;
  ++t.values;
  switch (x.type()) {
    case json::value_t::object:
      for (const auto& [key, value] : x.get_ref<const json::object_t&>()) {
        t.string_bytes += key.size();
        visit(value, t);
      }
      break;
    case json::value_t::array:
      for (const auto& e : x.get_ref<const json::array_t&>()) visit(e, t);
      break;
    case json::value_t::string: t.string_bytes += x.get_ref<const json::string_t&>().size(); break;
    case json::value_t::number_integer:
    case json::value_t::number_unsigned:
    case json::value_t::number_float: use(x.get<double>()); break;
    case json::value_t::boolean: use(x.get<bool>()); break;
    default: break;
  }
}

#endif

// Parses the document once and visits it; false when the library refuses it.
#if YARDSTICK_LIBRARY == 1
const char* const kLibrary = "simdjson";
bool parse(const std::string& text, Tally& t) {
  static const simdjson::padded_string padded(text);  // the padding simdjson reads past the end
  static simdjson::dom::parser parser;                // reused, as simdjson documents
  simdjson::dom::element root;
  if (parser.parse(padded).get(root)) return false;
  visit(root, t);
  return true;
}
#elif YARDSTICK_LIBRARY == 2
const char* const kLibrary = "rapidjson";
bool parse(const std::string& text, Tally& t) {
  rapidjson::Document d;
  d.Parse(text.c_str());  // the NUL-terminated form, as RapidJSON's tutorial and the adapter
  if (d.HasParseError()) return false;
  visit(d, t);
  return true;
}
#elif YARDSTICK_LIBRARY == 3
const char* const kLibrary = "nlohmann";
bool parse(const std::string& text, Tally& t) {
  try {
    const auto j = parse_text(text);  // nlohmann::json::parse, the library's default form: errors as exceptions
    visit(j, t);
    return true;
  } catch (const nlohmann::json::exception&) {
    return false;
  }
}
#endif

}  // namespace

int main(int argc, char** argv) {
  if (argc != 4) {
    std::fprintf(stderr, "usage: %s FILE OPS REPS (%s)\n", argv[0], kLibrary);
    return 2;
  }
  const std::string text = yardstick::read_file(argv[1]);
  const std::uint64_t ops = std::strtoull(argv[2], nullptr, 10);
  const int reps = std::atoi(argv[3]);
  if (text.empty() || ops == 0 || reps < 1) {
    std::fprintf(stderr, "json_yardstick: bad arguments\n");
    return 2;
  }
  yardstick::warm_up_then_time(reps, [&] {
    Tally t;
    const std::uint64_t begin = yardstick::start_clock();
    for (std::uint64_t i = 0; i < ops; ++i)
      if (!parse(text, t)) {
        std::fprintf(stderr, "json_yardstick: %s refused %s\n", kLibrary, argv[1]);
        std::exit(1);
      }
    return double(yardstick::stop_clock() - begin) / double(ops);
  });
  Tally one;
  parse(text, one);
  std::printf("check %llu %llu\n", static_cast<unsigned long long>(one.values), static_cast<unsigned long long>(one.string_bytes));
  return 0;
}
