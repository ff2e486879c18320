// json-c: a json_tokener in strict mode (JSON_TOKENER_STRICT: standard JSON only) with the depth
// limit raised from 32 to 1000, parsing the whole input into reference-counted json_objects
// (objects are hash tables), then a walk; anything but whitespace after the document is refused.
#include <json-c/json.h>

#include <cstring>
#include <memory>

#include "../common/dom.hpp"

namespace {

using benchbox::json::Input;

template <class V>
void walk(json_object* x, V& v) {
  v.value();
  switch (json_object_get_type(x)) {
    case json_type_object: {
      v.object();
      json_object_object_foreach(x, key, value) {
        v.key(key, std::strlen(key));
        walk(value, v);
      }
      break;
    }
    case json_type_array: {
      v.array();
      const size_t n = json_object_array_length(x);
      for (size_t i = 0; i < n; ++i) {
        v.element();
        walk(json_object_array_get_idx(x, i), v);
      }
      break;
    }
    case json_type_string:
      v.string(json_object_get_string(x), static_cast<std::size_t>(json_object_get_string_len(x)));
      break;
    case json_type_int:
    case json_type_double: v.number(json_object_get_double(x)); break;
    case json_type_boolean: v.boolean(json_object_get_boolean(x)); break;
    case json_type_null: v.null(); break;
  }
}

struct JsonC {
  using Document = std::unique_ptr<json_object, benchbox::json::Freeing<json_object_put>>;  // null: a top-level null
  static bool load(const Input& in, Document& doc, std::string& error) {
    json_tokener* tok = json_tokener_new_ex(1000);
    json_tokener_set_flags(tok, JSON_TOKENER_STRICT);
    // The terminating NUL is passed too: it ends a top-level number or literal, which json-c
    // would otherwise wait for more input to complete.
    doc.reset(json_tokener_parse_ex(tok, in.data(), static_cast<int>(in.size() + 1)));
    const auto err = json_tokener_get_error(tok);
    std::size_t end = json_tokener_get_parse_end(tok);
    json_tokener_free(tok);
    if (err != json_tokener_success) {
      error = err == json_tokener_continue ? "incomplete document" : json_tokener_error_desc(err);
      doc.reset();
      return false;
    }
    while (end < in.size() && std::strchr(" \t\r\n", in.data()[end])) ++end;
    if (end < in.size()) {
      error = "text after the document at byte " + std::to_string(end);
      doc.reset();
      return false;
    }
    return true;
  }
  template <class V>
  static void visit(const Document& doc, V& v) {
    walk(doc.get(), v);
  }
  struct Writer {
    // The text lives in the object's own print buffer, reused from one write to the next.
    std::string_view write(const Document& doc) {
      size_t n = 0;
      const char* s = json_object_to_json_string_length(doc.get(), JSON_C_TO_STRING_PLAIN | JSON_C_TO_STRING_NOSLASHESCAPE, &n);
      return {s, n};
    }
  };
};

}  // namespace

int main(int argc, char** argv) {
  return benchbox::json::Library("json-c", json_c_version()).add<benchbox::json::Dom<JsonC>>().main(argc, argv);
}
