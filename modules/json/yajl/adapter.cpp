// YAJL 2.1, tree API: yajl_tree_parse (a NUL-terminated input; the tree API turns comments ON)
// into yajl_val nodes, then a walk. Writing: YAJL has no tree writer, so the walk drives its
// generator (yajl_gen), numbers written from their original text.
#include <yajl/yajl_gen.h>
#include <yajl/yajl_tree.h>
#include <yajl/yajl_version.h>

#include <cmath>
#include <cstring>

#include "../common/json_adapter.hpp"

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

yajl_val load(const Input& in, std::string& error) {
  char message[256];
  message[0] = '\0';
  yajl_val root = yajl_tree_parse(in.data(), message, sizeof message);
  if (!root) error = message[0] ? message : "parse error";
  return root;
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
  template <class V>
  static bool parse(const Input& in, V& v, std::string& error) {
    yajl_val root = load(in, error);
    if (!root) return false;
    walk(root, v);
    yajl_tree_free(root);
    return true;
  }

  class Tree {
   public:
    explicit Tree(const Input& in) {
      std::string error;
      root_ = load(in, error);
      if (!root_) throw std::runtime_error(error);
    }
    ~Tree() {
      if (gen_) yajl_gen_free(gen_);
      yajl_tree_free(root_);
    }
    Tree(const Tree&) = delete;
    Tree& operator=(const Tree&) = delete;
    std::string_view write() {
      if (gen_) yajl_gen_free(gen_);
      gen_ = yajl_gen_alloc(nullptr);
      generate(gen_, root_);
      const unsigned char* buf = nullptr;
      size_t n = 0;
      yajl_gen_get_buf(gen_, &buf, &n);
      return {reinterpret_cast<const char*>(buf), n};
    }

   private:
    yajl_val root_ = nullptr;
    yajl_gen gen_ = nullptr;
  };
};

std::string version() {
  const int v = yajl_version();
  return std::to_string(v / 10000) + "." + std::to_string(v / 100 % 100) + "." + std::to_string(v % 100);
}

}  // namespace

int main(int argc, char** argv) {
  return benchbox::json::main<Yajl>(
      argc, argv, "yajl", version(),
      {.api = "yajl_tree_parse (NUL-terminated input; the tree API enables comments and cannot turn them off), walk "
              "over yajl_val, yajl_tree_free",
       .numbers = "long long when it fits, strtod double, and the original text",
       .strings = "copied, NUL-terminated (no length: strlen)",
       .writer = "a walk driving yajl_gen (YAJL has no tree writer), a new generator per document; numbers "
                 "written from their original text"});
}
