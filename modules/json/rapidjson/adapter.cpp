// RapidJSON: rapidjson::Document::Parse with the default flags (no in-situ parsing, no UTF-8
// validation, not full-precision numbers: what a user gets without asking), then a recursive walk.
// Parse(const char*) on the NUL-terminated text, as RapidJSON's tutorial parses: the (text, length)
// form reads through a bounds-checked stream and took about 25% longer on twitter.json
// (docs/method.md, "Independent programs"). Both stop at a NUL byte; only the length form skips a
// UTF-8 byte-order mark.
#include <rapidjson/document.h>
#include <rapidjson/error/en.h>
#include <rapidjson/stringbuffer.h>
#include <rapidjson/writer.h>

#include <optional>

#include "../common/dom.hpp"

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
  using Document = rapidjson::Document;
  static bool load(const Input& in, rapidjson::Document& doc, std::string& error) {
    doc.Parse(in.data());
    if (!doc.HasParseError()) return true;
    error = std::string(rapidjson::GetParseError_En(doc.GetParseError())) + " at byte " + std::to_string(doc.GetErrorOffset());
    return false;
  }
  template <class V>
  static void visit(const rapidjson::Document& doc, V& v) {
    walk(doc, v);
  }
  struct Writer {
    std::optional<rapidjson::StringBuffer> buffer;
    std::string_view write(const rapidjson::Document& doc) {
      buffer.emplace();  // a fresh buffer for every document
      rapidjson::Writer<rapidjson::StringBuffer> writer(*buffer);
      doc.Accept(writer);
      return {buffer->GetString(), buffer->GetSize()};
    }
  };
};

}  // namespace

int main(int argc, char** argv) {
  return benchbox::json::main<benchbox::json::Dom<RapidJson>>(argc, argv, "rapidjson", RAPIDJSON_VERSION_STRING);
}
