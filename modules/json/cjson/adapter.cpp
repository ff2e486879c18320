// cJSON: cJSON_ParseWithLengthOpts (the whole input must be one document) into its linked tree of
// cJSON items, then a walk over the children. Strings and keys are C strings (a \u0000 cuts them).
#include <cjson/cJSON.h>

#include <cstring>
#include <memory>

#include "../common/dom.hpp"

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

struct CJson {
  using Document = std::unique_ptr<cJSON, benchbox::json::Freeing<cJSON_Delete>>;
  static bool load(const Input& in, Document& doc, std::string& error) {
    const char* end = nullptr;
    doc.reset(cJSON_ParseWithLengthOpts(in.data(), in.size() + 1, &end, 1));
    if (!doc) error = "parse error at byte " + std::to_string(end ? end - in.data() : -1);
    return doc != nullptr;
  }
  template <class V>
  static void visit(const Document& doc, V& v) {
    walk(doc.get(), v);
  }
  struct Writer {
    benchbox::json::WrittenText<cJSON_free> text;
    std::string_view write(const Document& doc) {
      return text.replace([&] { return cJSON_PrintUnformatted(doc.get()); }, "cJSON_PrintUnformatted");
    }
  };
};

}  // namespace

int main(int argc, char** argv) {
  return benchbox::json::Library("cjson", cJSON_Version()).add<benchbox::json::Dom<CJson>>().main(argc, argv);
}
