// nlohmann/json: nlohmann::json::parse into the default basic_json (std::map objects, so keys come
// back sorted; std::string strings), then a recursive walk over its containers. The parse itself
// is parse.cpp's, a translation unit of its own (why: there).
#include <nlohmann/json.hpp>

#include "../common/json_adapter.hpp"
#include "parse.hpp"

namespace {

using benchbox::json::Input;
using benchbox::json::nlohmann_adapter::parse_document;
using nlohmann::json;

template <class V>
void walk(const json& x, V& v) {
  v.value();
  switch (x.type()) {
    case json::value_t::object:
      v.object();
      for (const auto& [key, value] : x.get_ref<const json::object_t&>()) {
        v.key(key.data(), key.size());
        walk(value, v);
      }
      break;
    case json::value_t::array:
      v.array();
      for (const auto& e : x.get_ref<const json::array_t&>()) {
        v.element();
        walk(e, v);
      }
      break;
    case json::value_t::string: {
      const auto& s = x.get_ref<const json::string_t&>();
      v.string(s.data(), s.size());
      break;
    }
    case json::value_t::number_integer:
    case json::value_t::number_unsigned:
    case json::value_t::number_float: v.number(x.get<double>()); break;
    case json::value_t::boolean: v.boolean(x.get<bool>()); break;
    case json::value_t::null: v.null(); break;
    default: break;  // binary and discarded values do not come out of parse()
  }
}

struct Nlohmann {
  template <class V>
  static bool parse(const Input& in, V& v, std::string& error) {
    try {
      const json doc = parse_document(in.view());
      walk(doc, v);
      return true;
    } catch (const json::exception& e) {
      error = e.what();
      return false;
    }
  }

  class Tree {
   public:
    explicit Tree(const Input& in) : doc_(parse_document(in.view())) {}
    std::string_view write() {
      out_ = doc_.dump();
      return out_;
    }

   private:
    json doc_;
    std::string out_;
  };
};

std::string version() {
  return std::to_string(NLOHMANN_JSON_VERSION_MAJOR) + "." + std::to_string(NLOHMANN_JSON_VERSION_MINOR) + "." +
         std::to_string(NLOHMANN_JSON_VERSION_PATCH);
}

}  // namespace

int main(int argc, char** argv) {
  return benchbox::json::Library("nlohmann", version()).add<Nlohmann>().main(argc, argv);
}
