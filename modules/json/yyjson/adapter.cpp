// yyjson: yyjson_read_opts into an immutable yyjson_doc (one allocation pool per document), then a
// walk with its iterators.
#include <yyjson.h>

#include <memory>

#include "../common/dom.hpp"

namespace {

using benchbox::json::Input;

template <class V>
void walk(yyjson_val* x, V& v) {
  v.value();
  switch (yyjson_get_type(x)) {
    case YYJSON_TYPE_OBJ: {
      v.object();
      size_t idx, max;
      yyjson_val *key, *val;
      yyjson_obj_foreach(x, idx, max, key, val) {
        v.key(yyjson_get_str(key), yyjson_get_len(key));
        walk(val, v);
      }
      break;
    }
    case YYJSON_TYPE_ARR: {
      v.array();
      size_t idx, max;
      yyjson_val* val;
      yyjson_arr_foreach(x, idx, max, val) {
        v.element();
        walk(val, v);
      }
      break;
    }
    case YYJSON_TYPE_STR: v.string(yyjson_get_str(x), yyjson_get_len(x)); break;
    case YYJSON_TYPE_NUM: v.number(yyjson_get_num(x)); break;
    case YYJSON_TYPE_BOOL: v.boolean(yyjson_get_bool(x)); break;
    case YYJSON_TYPE_NULL: v.null(); break;
    default: break;
  }
}

struct Yyjson {
  using Document = std::unique_ptr<yyjson_doc, benchbox::json::Freeing<yyjson_doc_free>>;
  static bool load(const Input& in, Document& doc, std::string& error) {
    yyjson_read_err err;
    // The input is const: yyjson copies it (YYJSON_READ_INSITU would need a writable copy).
    doc.reset(yyjson_read_opts(const_cast<char*>(in.data()), in.size(), 0, nullptr, &err));
    if (!doc) error = std::string(err.msg) + " at byte " + std::to_string(err.pos);
    return doc != nullptr;
  }
  template <class V>
  static void visit(const Document& doc, V& v) {
    walk(yyjson_doc_get_root(doc.get()), v);
  }
  struct Writer {
    benchbox::json::WrittenText<> text;
    std::string_view write(const Document& doc) {
      size_t n = 0;
      const char* s = text.replace([&] { return yyjson_write(doc.get(), 0, &n); }, "yyjson_write");
      return {s, n};
    }
  };
};

}  // namespace

int main(int argc, char** argv) {
  return benchbox::json::Library("yyjson", YYJSON_VERSION_STRING).add<benchbox::json::Dom<Yyjson>>().main(argc, argv);
}
