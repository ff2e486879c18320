// A yardstick for the json module (docs/method.md, "Yardsticks"): a minimal program that parses a
// document with simdjson's DOM, RapidJSON or nlohmann::json and visits every value, counting the
// values and adding up the strings' sizes, as a user's program that walks a document does. It
// includes nothing of benchbox (no adapter header, no allocation counting, no visitor of ours).
// scripts/accuracy runs it interleaved with the matching `benchbox json -n parse` row.
//
//   json_yardstick simdjson|rapidjson|nlohmann FILE OPS REPS
//
// One untimed warm-up pass, then REPS timed passes of OPS parses each: a line `ns_per_op <value>`
// per pass, then `check <values> <string bytes>` of one document.
#include <time.h>

#if __has_include(<valgrind/callgrind.h>)
#include <valgrind/callgrind.h>  // counts the timed region only, under scripts/accuracy --instructions
#define YARDSTICK_TOGGLE() CALLGRIND_TOGGLE_COLLECT
#else
#define YARDSTICK_TOGGLE()
#endif

#include <nlohmann/json.hpp>
#include <rapidjson/document.h>
#include <simdjson.h>

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <iterator>
#include <string>

namespace {

std::uint64_t now_ns() {
  timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return std::uint64_t(ts.tv_sec) * 1000000000u + std::uint64_t(ts.tv_nsec);
}

// The clock around a timed region; in the timed passes (not the warm-up) it also switches
// Callgrind's counting on and off.
bool g_counting = false;
std::uint64_t start_clock() {
  if (g_counting) YARDSTICK_TOGGLE();
  return now_ns();
}
std::uint64_t stop_clock() {
  const std::uint64_t t = now_ns();
  if (g_counting) YARDSTICK_TOGGLE();
  return t;
}

struct Tally {
  std::uint64_t values = 0, string_bytes = 0;
};

// A number or a boolean read, as a program that uses it reads it, and kept (not optimised away).
void use(double d) { asm volatile("" : : "x"(d)); }
void use(bool b) { asm volatile("" : : "r"(b)); }

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

void visit(const rapidjson::Value& x, Tally& t) {
  ++t.values;
  if (x.IsObject()) {
    for (auto& m : x.GetObject()) {
      t.string_bytes += m.name.GetStringLength();
      visit(m.value, t);
    }
  } else if (x.IsArray()) {
    for (auto& e : x.GetArray()) visit(e, t);
  } else if (x.IsString()) {
    t.string_bytes += x.GetStringLength();
  } else if (x.IsNumber()) {
    use(x.GetDouble());
  } else if (x.IsBool()) {
    use(x.GetBool());
  }
}

void visit(const nlohmann::json& x, Tally& t) {
  ++t.values;
  if (x.is_object()) {
    for (auto& [k, v] : x.items()) {
      t.string_bytes += k.size();
      visit(v, t);
    }
  } else if (x.is_array()) {
    for (auto& e : x) visit(e, t);
  } else if (x.is_string()) {
    t.string_bytes += x.get_ref<const std::string&>().size();
  } else if (x.is_number()) {
    use(x.get<double>());
  } else if (x.is_boolean()) {
    use(x.get<bool>());
  }
}

// Parses the document once and visits it; false when the library refuses it.
bool parse_simdjson(const simdjson::padded_string& text, Tally& t) {
  static simdjson::dom::parser parser;  // reused, as simdjson documents
  simdjson::dom::element root;
  if (parser.parse(text).get(root)) return false;
  visit(root, t);
  return true;
}
bool parse_rapidjson(const std::string& text, Tally& t) {
  rapidjson::Document d;
  d.Parse(text.data(), text.size());
  if (d.HasParseError()) return false;
  visit(d, t);
  return true;
}
bool parse_nlohmann(const std::string& text, Tally& t) {
  auto j = nlohmann::json::parse(text, nullptr, false);
  if (j.is_discarded()) return false;
  visit(j, t);
  return true;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 5) {
    std::fprintf(stderr, "usage: %s simdjson|rapidjson|nlohmann FILE OPS REPS\n", argv[0]);
    return 2;
  }
  const std::string lib = argv[1];
  std::ifstream in(argv[2], std::ios::binary);
  const std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  const simdjson::padded_string padded(text);
  const std::uint64_t ops = std::strtoull(argv[3], nullptr, 10);
  const int reps = std::atoi(argv[4]);
  if (!in || text.empty() || ops == 0 || reps < 1 || (lib != "simdjson" && lib != "rapidjson" && lib != "nlohmann")) {
    std::fprintf(stderr, "json_yardstick: bad arguments\n");
    return 2;
  }
  auto parse = [&](Tally& t) {
    return lib == "simdjson" ? parse_simdjson(padded, t) : lib == "rapidjson" ? parse_rapidjson(text, t) : parse_nlohmann(text, t);
  };
  auto pass = [&] {
    Tally t;
    const std::uint64_t begin = start_clock();
    for (std::uint64_t i = 0; i < ops; ++i)
      if (!parse(t)) {
        std::fprintf(stderr, "json_yardstick: %s refused %s\n", lib.c_str(), argv[2]);
        std::exit(1);
      }
    return double(stop_clock() - begin) / double(ops);
  };
  pass();  // warm-up, untimed
  g_counting = true;
  for (int i = 0; i < reps; ++i) std::printf("ns_per_op %.2f\n", pass());
  Tally one;
  parse(one);
  std::printf("check %llu %llu\n", static_cast<unsigned long long>(one.values), static_cast<unsigned long long>(one.string_bytes));
  return 0;
}
