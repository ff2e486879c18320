// RapidJSON: rapidjson::Document::Parse with the default flags (no in-situ parsing, no UTF-8
// validation, not full-precision numbers: what a user gets without asking), then a recursive walk.
#include <rapidjson/document.h>
#include <rapidjson/error/en.h>
#include <rapidjson/stringbuffer.h>
#include <rapidjson/writer.h>

#include <optional>

#include "../common/json_adapter.hpp"

namespace {

using benchbox::json::Input;

template <class V>
void walk(const rapidjson::Value& x, V& v) {
  v.value();
  switch (x.GetType()) {
    case rapidjson::kObjectType:
      v.object();
      for (const auto& m : x.GetObject()) {
        v.key(m.name.GetString(), m.name.GetStringLength());
        walk(m.value, v);
      }
      break;
    case rapidjson::kArrayType:
      v.array();
      for (const auto& e : x.GetArray()) {
        v.element();
        walk(e, v);
      }
      break;
    case rapidjson::kStringType: v.string(x.GetString(), x.GetStringLength()); break;
    case rapidjson::kNumberType: v.number(x.GetDouble()); break;
    case rapidjson::kTrueType: v.boolean(true); break;
    case rapidjson::kFalseType: v.boolean(false); break;
    case rapidjson::kNullType: v.null(); break;
  }
}

struct RapidJson {
  template <class V>
  static bool parse(const Input& in, V& v, std::string& error) {
    rapidjson::Document d;
    d.Parse(in.data(), in.size());
    if (d.HasParseError()) {
      error = std::string(rapidjson::GetParseError_En(d.GetParseError())) + " at byte " + std::to_string(d.GetErrorOffset());
      return false;
    }
    walk(d, v);
    return true;
  }

  class Tree {
   public:
    explicit Tree(const Input& in) {
      doc_.Parse(in.data(), in.size());
      if (doc_.HasParseError()) throw std::runtime_error(rapidjson::GetParseError_En(doc_.GetParseError()));
    }
    std::string_view write() {
      buffer_.emplace();  // a fresh buffer for every document
      rapidjson::Writer<rapidjson::StringBuffer> writer(*buffer_);
      doc_.Accept(writer);
      return {buffer_->GetString(), buffer_->GetSize()};
    }

   private:
    rapidjson::Document doc_;
    std::optional<rapidjson::StringBuffer> buffer_;
  };
};

}  // namespace

int main(int argc, char** argv) {
  return benchbox::json::main<RapidJson>(
      argc, argv, "rapidjson", RAPIDJSON_VERSION_STRING,
      {.api = "rapidjson::Document::Parse (default flags: not in situ, no UTF-8 validation, fast not full-precision "
              "numbers), recursive walk; GetDouble for every number",
       .numbers = "int, uint, int64, uint64 or double",
       .strings = "copied into the document's pool allocator",
       .writer = "Document::Accept(rapidjson::Writer<StringBuffer>), a fresh StringBuffer per document"});
}
