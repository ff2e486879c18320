// cJSON: cJSON_ParseWithLengthOpts (the whole input must be one document) into its linked tree of
// cJSON items, then a walk over the children. Strings and keys are C strings (a \u0000 cuts them).
#include <cjson/cJSON.h>

#include <cstring>

#include "../common/json_adapter.hpp"

namespace {

using benchbox::json::Input;

template <class V>
void walk(const cJSON* x, V& v) {
  v.value();
  switch (x->type & 0xFF) {
    case cJSON_Object:
      v.object();
      for (const cJSON* c = x->child; c; c = c->next) {
        v.key(c->string, std::strlen(c->string));
        walk(c, v);
      }
      break;
    case cJSON_Array:
      v.array();
      for (const cJSON* c = x->child; c; c = c->next) {
        v.element();
        walk(c, v);
      }
      break;
    case cJSON_String: v.string(x->valuestring, std::strlen(x->valuestring)); break;
    case cJSON_Number: v.number(x->valuedouble); break;
    case cJSON_True: v.boolean(true); break;
    case cJSON_False: v.boolean(false); break;
    case cJSON_NULL: v.null(); break;
    default: break;
  }
}

cJSON* parse_root(const Input& in, std::string& error) {
  const char* end = nullptr;
  cJSON* root = cJSON_ParseWithLengthOpts(in.data(), in.size() + 1, &end, 1);
  if (!root) error = "parse error at byte " + std::to_string(end ? end - in.data() : -1);
  return root;
}

struct CJson {
  template <class V>
  static bool parse(const Input& in, V& v, std::string& error) {
    cJSON* root = parse_root(in, error);
    if (!root) return false;
    walk(root, v);
    cJSON_Delete(root);
    return true;
  }

  class Tree {
   public:
    explicit Tree(const Input& in) {
      std::string error;
      root_ = parse_root(in, error);
      if (!root_) throw std::runtime_error(error);
    }
    ~Tree() {
      cJSON_free(out_);
      cJSON_Delete(root_);
    }
    Tree(const Tree&) = delete;
    Tree& operator=(const Tree&) = delete;
    std::string_view write() {
      cJSON_free(out_);
      out_ = cJSON_PrintUnformatted(root_);
      if (!out_) throw std::runtime_error("cJSON_PrintUnformatted failed");
      return out_;
    }

   private:
    cJSON* root_ = nullptr;
    char* out_ = nullptr;
  };
};

}  // namespace

int main(int argc, char** argv) {
  return benchbox::json::main<CJson>(
      argc, argv, "cjson", cJSON_Version(),
      {.api = "cJSON_ParseWithLengthOpts(length + 1 with the terminating NUL, require_null_terminated=1: the length must include the NUL, as cJSON_ParseWithOpts passes it), walk over the cJSON item list, cJSON_Delete; "
              "nesting limit CJSON_NESTING_LIMIT (1000)",
       .numbers = "double (valuedouble; valueint is a clamped int copy)",
       .strings = "copied, NUL-terminated (no length: strlen)",
       .writer = "cJSON_PrintUnformatted, a new malloc'd buffer per document"});
}
