// udp's json-parser: json_parse_ex into json_value nodes (two passes over the text: the first
// sizes, the second fills), then a walk; json_value_free. It has no writer.
#include <json.h>

#include "../common/json_adapter.hpp"

namespace {

using benchbox::json::Input;

template <class V>
void walk(const json_value* x, V& v) {
  v.value();
  switch (x->type) {
    case json_object:
      v.object();
      for (unsigned i = 0; i < x->u.object.length; ++i) {
        v.key(x->u.object.values[i].name, x->u.object.values[i].name_length);
        walk(x->u.object.values[i].value, v);
      }
      break;
    case json_array:
      v.array();
      for (unsigned i = 0; i < x->u.array.length; ++i) {
        v.element();
        walk(x->u.array.values[i], v);
      }
      break;
    case json_string: v.string(x->u.string.ptr, x->u.string.length); break;
    case json_integer: v.number(static_cast<double>(x->u.integer)); break;
    case json_double: v.number(x->u.dbl); break;
    case json_boolean: v.boolean(x->u.boolean != 0); break;
    case json_null: v.null(); break;
    case json_none: break;
  }
}

struct JsonParser {
  template <class V>
  static bool parse(const Input& in, V& v, std::string& error) {
    json_settings settings{};
    char message[json_error_max];
    json_value* root = json_parse_ex(&settings, in.data(), in.size(), message);
    if (!root) {
      error = message;
      return false;
    }
    walk(root, v);
    json_value_free(root);
    return true;
  }
};

}  // namespace

int main(int argc, char** argv) {
  return benchbox::json::Library("json-parser", benchbox::json::kVersionInLibraryJson).add<JsonParser>().main(argc, argv);
}
