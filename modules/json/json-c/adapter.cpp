// json-c: a json_tokener in strict mode (JSON_TOKENER_STRICT: standard JSON only) with the depth
// limit raised from 32 to 1000, parsing the whole input into reference-counted json_objects
// (objects are hash tables), then a walk; anything but whitespace after the document is refused.
#include <json-c/json.h>

#include <cstring>

#include "../common/json_adapter.hpp"

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

json_object* load(const Input& in, std::string& error) {
  json_tokener* tok = json_tokener_new_ex(1000);
  json_tokener_set_flags(tok, JSON_TOKENER_STRICT);
  // The terminating NUL is passed too: it ends a top-level number or literal, which json-c
  // would otherwise wait for more input to complete.
  json_object* root = json_tokener_parse_ex(tok, in.data(), static_cast<int>(in.size() + 1));
  const auto err = json_tokener_get_error(tok);
  std::size_t end = json_tokener_get_parse_end(tok);
  json_tokener_free(tok);
  if (err != json_tokener_success) {
    error = json_tokener_error_desc(err);
    if (err == json_tokener_continue) error = "incomplete document";
    json_object_put(root);
    return nullptr;
  }
  while (end < in.size() && std::strchr(" \t\r\n", in.data()[end])) ++end;
  if (end < in.size()) {
    error = "text after the document at byte " + std::to_string(end);
    json_object_put(root);
    return nullptr;
  }
  return root;  // NULL for a top-level null: json-c's null is the null pointer
}

struct JsonC {
  template <class V>
  static bool parse(const Input& in, V& v, std::string& error) {
    error.clear();
    json_object* root = load(in, error);
    if (!error.empty()) return false;
    walk(root, v);
    json_object_put(root);
    return true;
  }

  class Tree {
   public:
    explicit Tree(const Input& in) {
      std::string error;
      root_ = load(in, error);
      if (!error.empty()) throw std::runtime_error(error);
    }
    ~Tree() { json_object_put(root_); }
    Tree(const Tree&) = delete;
    Tree& operator=(const Tree&) = delete;
    std::string_view write() {
      size_t n = 0;
      const char* s = json_object_to_json_string_length(root_, JSON_C_TO_STRING_PLAIN | JSON_C_TO_STRING_NOSLASHESCAPE, &n);
      return {s, n};
    }

   private:
    json_object* root_ = nullptr;
  };
};

}  // namespace

int main(int argc, char** argv) {
  return benchbox::json::main<JsonC>(
      argc, argv, "json-c", json_c_version(),
      {.api = "json_tokener_new_ex(depth 1000) with JSON_TOKENER_STRICT, json_tokener_parse_ex over the whole input and its NUL, "
              "walk (json_object_object_foreach), json_object_put",
       .numbers = "int64 or double (doubles keep their original text for writing)",
       .strings = "copied, with their length (keys NUL-terminated)",
       .writer = "json_object_to_json_string_length(PLAIN | NOSLASHESCAPE): the text lives in the object's own "
                 "print buffer, reused from one write to the next"});
}
