// simdjson, On-Demand API: lazy. iterate() only indexes the document; values are parsed while the
// walk reads them (so parse and visit, timed together, do the same work as an eager library). One
// ondemand::parser reused for every document. Errors surface as simdjson_error exceptions.
#include <simdjson.h>

#include "../common/json_adapter.hpp"
#include "../common/simdjson_version.hpp"

namespace {

using benchbox::json::Input;
namespace od = simdjson::ondemand;

static_assert(Input::kPadding >= simdjson::SIMDJSON_PADDING, "simdjson reads past the end of the document");

template <class Node, class V>
void walk(Node x, V& v);

template <class V>
void walk_object(od::object obj, V& v) {
  v.object();
  for (auto field : obj) {
    std::string_view key = field.unescaped_key();
    v.key(key.data(), key.size());
    walk(field.value().value(), v);
  }
}

template <class V>
void walk_array(od::array arr, V& v) {
  v.array();
  for (auto e : arr) {
    v.element();
    walk(e.value(), v);
  }
}

// Node: an od::value, or the od::document& at the root (On-Demand reads a scalar root through the
// document itself).
template <class Node, class V>
void walk(Node x, V& v) {
  v.value();
  switch (x.type().value()) {
    case od::json_type::object: walk_object(x.get_object().value(), v); break;
    case od::json_type::array: walk_array(x.get_array().value(), v); break;
    case od::json_type::string: {
      std::string_view s = x.get_string().value();
      v.string(s.data(), s.size());
      break;
    }
    case od::json_type::number: v.number(x.get_double().value()); break;
    case od::json_type::boolean: v.boolean(x.get_bool().value()); break;
    case od::json_type::null:
      if (!x.is_null().value()) throw simdjson::simdjson_error(simdjson::INCORRECT_TYPE);
      v.null();
      break;
  }
}

struct Ondemand {
  template <class V>
  static bool parse(const Input& in, V& v, std::string& error) {
    static od::parser parser;
    try {
      od::document doc = parser.iterate(in.data(), in.size(), in.capacity());
      walk<od::document&>(doc, v);
      return true;
    } catch (const simdjson::simdjson_error& e) {
      error = e.what();
      return false;
    }
  }
};

}  // namespace

int main(int argc, char** argv) {
  benchbox::json::Library ondemand("simdjson.ondemand", benchbox::json::simdjson_version());
  ondemand.add<Ondemand>().computed({{"kernel", SIMDJSON_STRINGIFY(SIMDJSON_BUILTIN_IMPLEMENTATION)}});
  return ondemand.main(argc, argv);
}
