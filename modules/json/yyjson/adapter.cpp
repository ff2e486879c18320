// yyjson: yyjson_read_opts into an immutable yyjson_doc (one allocation pool per document), then a
// walk with its iterators.
#include <yyjson.h>

#include <cstdlib>

#include "../common/json_adapter.hpp"

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

yyjson_doc* load(const Input& in, std::string& error) {
  yyjson_read_err err;
  // The input is const: yyjson copies it (YYJSON_READ_INSITU would need a writable copy).
  yyjson_doc* doc = yyjson_read_opts(const_cast<char*>(in.data()), in.size(), 0, nullptr, &err);
  if (!doc) error = std::string(err.msg) + " at byte " + std::to_string(err.pos);
  return doc;
}

struct Yyjson {
  template <class V>
  static bool parse(const Input& in, V& v, std::string& error) {
    yyjson_doc* doc = load(in, error);
    if (!doc) return false;
    walk(yyjson_doc_get_root(doc), v);
    yyjson_doc_free(doc);
    return true;
  }

  class Tree {
   public:
    explicit Tree(const Input& in) {
      std::string error;
      doc_ = load(in, error);
      if (!doc_) throw std::runtime_error(error);
    }
    ~Tree() {
      std::free(out_);
      yyjson_doc_free(doc_);
    }
    Tree(const Tree&) = delete;
    Tree& operator=(const Tree&) = delete;
    std::string_view write() {
      std::free(out_);
      size_t n = 0;
      out_ = yyjson_write(doc_, 0, &n);
      if (!out_) throw std::runtime_error("yyjson_write failed");
      return {out_, n};
    }

   private:
    yyjson_doc* doc_ = nullptr;
    char* out_ = nullptr;
  };
};

}  // namespace

int main(int argc, char** argv) {
  return benchbox::json::main<Yyjson>(
      argc, argv, "yyjson", YYJSON_VERSION_STRING,
      {.api = "yyjson_read_opts (flags 0: standard JSON, input copied, not in situ) into yyjson_doc, walk with "
              "yyjson_obj_foreach / yyjson_arr_foreach, yyjson_doc_free; yyjson_get_num for every number",
       .numbers = "int64, uint64 or double (correctly rounded)",
       .strings = "unescaped into the document's pool, with their length",
       .writer = "yyjson_write (flags 0: compact), a new malloc'd buffer per document"});
}
