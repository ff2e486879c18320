// Jansson: json_loadb into reference-counted json_t values (objects are hash tables that keep
// insertion order), then a walk with the object iterators.
#include <jansson.h>

#include <memory>

#include "../common/dom.hpp"

namespace {

using benchbox::json::Input;

// RFC 8259 allows any value at the top (JSON_DECODE_ANY) and \u0000 in strings (JSON_ALLOW_NUL):
// both are off by default.
constexpr size_t kFlags = JSON_DECODE_ANY | JSON_ALLOW_NUL;

template <class V>
void walk(json_t* x, V& v) {
  v.value();
  switch (json_typeof(x)) {
    case JSON_OBJECT:
      v.object();
      for (void* it = json_object_iter(x); it; it = json_object_iter_next(x, it)) {
        v.key(json_object_iter_key(it), json_object_iter_key_len(it));
        walk(json_object_iter_value(it), v);
      }
      break;
    case JSON_ARRAY: {
      v.array();
      const size_t n = json_array_size(x);
      for (size_t i = 0; i < n; ++i) {
        v.element();
        walk(json_array_get(x, i), v);
      }
      break;
    }
    case JSON_STRING: v.string(json_string_value(x), json_string_length(x)); break;
    case JSON_INTEGER: v.number(static_cast<double>(json_integer_value(x))); break;
    case JSON_REAL: v.number(json_real_value(x)); break;
    case JSON_TRUE: v.boolean(true); break;
    case JSON_FALSE: v.boolean(false); break;
    case JSON_NULL: v.null(); break;
  }
}

struct Jansson {
  using Document = std::unique_ptr<json_t, benchbox::json::Freeing<json_decref>>;
  static bool load(const Input& in, Document& doc, std::string& error) {
    json_error_t e;
    doc.reset(json_loadb(in.data(), in.size(), kFlags, &e));
    if (!doc) error = std::string(e.text) + " at byte " + std::to_string(e.position);
    return doc != nullptr;
  }
  template <class V>
  static void visit(const Document& doc, V& v) {
    walk(doc.get(), v);
  }
  struct Writer {
    benchbox::json::WrittenText<> text;
    std::string_view write(const Document& doc) {
      return text.replace([&] { return json_dumps(doc.get(), JSON_COMPACT | JSON_ENCODE_ANY); }, "json_dumps");
    }
  };
};

}  // namespace

int main(int argc, char** argv) {
  return benchbox::json::Library("jansson", JANSSON_VERSION).add<benchbox::json::Dom<Jansson>>().main(argc, argv);
}
