// YAJL 2.1, tree API: yajl_tree_parse (a NUL-terminated input; the tree API turns comments ON)
// into yajl_val nodes, then a walk. Writing: YAJL has no tree writer, so the walk drives its
// generator (yajl_gen), numbers written from their original text.
#include <yajl/yajl_gen.h>
#include <yajl/yajl_tree.h>
#include <yajl/yajl_version.h>

#include <cmath>
#include <cstring>
#include <memory>

#include "../common/dom.hpp"

namespace {

using benchbox::json::Input;

template <class V>
void walk(yajl_val x, V& v) {
  v.value();
  if (YAJL_IS_OBJECT(x)) {
    v.object();
    for (size_t i = 0; i < x->u.object.len; ++i) {
      v.key(x->u.object.keys[i], std::strlen(x->u.object.keys[i]));
      walk(x->u.object.values[i], v);
    }
  } else if (YAJL_IS_ARRAY(x)) {
    v.array();
    for (size_t i = 0; i < x->u.array.len; ++i) {
      v.element();
      walk(x->u.array.values[i], v);
    }
  } else if (YAJL_IS_STRING(x)) {
    v.string(x->u.string, std::strlen(x->u.string));
  } else if (YAJL_IS_NUMBER(x)) {
    // d is strtod of the text, valid unless strtod reported a range error (denormals too); i is
    // valid when the text fits a long long. Neither valid: the tree offers no value (NaN here).
    v.number(YAJL_IS_DOUBLE(x)    ? x->u.number.d
             : YAJL_IS_INTEGER(x) ? static_cast<double>(x->u.number.i)
                                  : std::nan(""));
  } else if (YAJL_IS_TRUE(x)) {
    v.boolean(true);
  } else if (YAJL_IS_FALSE(x)) {
    v.boolean(false);
  } else {
    v.null();
  }
}

void generate(yajl_gen g, yajl_val x) {
  if (YAJL_IS_OBJECT(x)) {
    yajl_gen_map_open(g);
    for (size_t i = 0; i < x->u.object.len; ++i) {
      const char* k = x->u.object.keys[i];
      yajl_gen_string(g, reinterpret_cast<const unsigned char*>(k), std::strlen(k));
      generate(g, x->u.object.values[i]);
    }
    yajl_gen_map_close(g);
  } else if (YAJL_IS_ARRAY(x)) {
    yajl_gen_array_open(g);
    for (size_t i = 0; i < x->u.array.len; ++i) generate(g, x->u.array.values[i]);
    yajl_gen_array_close(g);
  } else if (YAJL_IS_STRING(x)) {
    yajl_gen_string(g, reinterpret_cast<const unsigned char*>(x->u.string), std::strlen(x->u.string));
  } else if (YAJL_IS_NUMBER(x)) {
    yajl_gen_number(g, x->u.number.r, std::strlen(x->u.number.r));
  } else if (YAJL_IS_TRUE(x) || YAJL_IS_FALSE(x)) {
    yajl_gen_bool(g, YAJL_IS_TRUE(x));
  } else {
    yajl_gen_null(g);
  }
}

struct Yajl {
  using Document = std::unique_ptr<yajl_val_s, benchbox::json::Freeing<yajl_tree_free>>;
  static bool load(const Input& in, Document& doc, std::string& error) {
    char message[256];
    message[0] = '\0';
    doc.reset(yajl_tree_parse(in.data(), message, sizeof message));
    if (!doc) error = message[0] ? message : "parse error";
    return doc != nullptr;
  }
  template <class V>
  static void visit(const Document& doc, V& v) {
    walk(doc.get(), v);
  }
  struct Writer {
    std::unique_ptr<yajl_gen_t, benchbox::json::Freeing<yajl_gen_free>> gen;  // a new generator per document
    std::string_view write(const Document& doc) {
      gen.reset();
      gen.reset(yajl_gen_alloc(nullptr));
      generate(gen.get(), doc.get());
      const unsigned char* buf = nullptr;
      size_t n = 0;
      yajl_gen_get_buf(gen.get(), &buf, &n);
      return {reinterpret_cast<const char*>(buf), n};
    }
  };
};

std::string version() {
  const int v = yajl_version();
  return std::to_string(v / 10000) + "." + std::to_string(v / 100 % 100) + "." + std::to_string(v % 100);
}

}  // namespace

int main(int argc, char** argv) {
  return benchbox::json::Library("yajl", version()).add<benchbox::json::Dom<Yajl>>().main(argc, argv);
}
