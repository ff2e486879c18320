// simdjson, DOM API: one dom::parser reused for every document (its documented use: the parser's
// buffers are allocated once), parse() into a dom::element tape, then a recursive walk.
#include <simdjson.h>

#include "../common/json_adapter.hpp"
#include "../common/simdjson_version.hpp"

namespace {

using benchbox::json::Input;
namespace dom = simdjson::dom;

static_assert(Input::kPadding >= simdjson::SIMDJSON_PADDING, "simdjson reads past the end of the document");

template <class V>
void walk(dom::element x, V& v) {
  v.value();
  switch (x.type()) {
    case dom::element_type::OBJECT:
      v.object();
      for (dom::key_value_pair field : dom::object(x)) {
        v.key(field.key.data(), field.key.size());
        walk(field.value, v);
      }
      break;
    case dom::element_type::ARRAY:
      v.array();
      for (dom::element e : dom::array(x)) {
        v.element();
        walk(e, v);
      }
      break;
    case dom::element_type::STRING: {
      std::string_view s = x.get_string().value_unsafe();
      v.string(s.data(), s.size());
      break;
    }
    case dom::element_type::INT64: v.number(static_cast<double>(x.get_int64().value_unsafe())); break;
    case dom::element_type::UINT64: v.number(static_cast<double>(x.get_uint64().value_unsafe())); break;
    case dom::element_type::DOUBLE: v.number(x.get_double().value_unsafe()); break;
    case dom::element_type::BOOL: v.boolean(x.get_bool().value_unsafe()); break;
    case dom::element_type::NULL_VALUE: v.null(); break;
  }
}

dom::parser& parser() {
  static dom::parser p;
  return p;
}

struct Simdjson {
  template <class V>
  static bool parse(const Input& in, V& v, std::string& error) {
    dom::element root;
    if (auto e = parser().parse(in.data(), in.size(), false).get(root)) {
      error = simdjson::error_message(e);
      return false;
    }
    walk(root, v);
    return true;
  }

  class Tree {
   public:
    explicit Tree(const Input& in) {
      if (auto e = parser_.parse(in.data(), in.size(), false).get(root_)) throw std::runtime_error(simdjson::error_message(e));
    }
    std::string_view write() {
      out_ = simdjson::to_string(root_);
      return out_;
    }

   private:
    dom::parser parser_;
    dom::element root_;
    std::string out_;
  };
};

}  // namespace

int main(int argc, char** argv) {
  benchbox::json::Library simdjson("simdjson", benchbox::json::simdjson_version());
  simdjson.add<Simdjson>().computed({{"kernel", simdjson::get_active_implementation()->name()}});
  return simdjson.main(argc, argv);
}
