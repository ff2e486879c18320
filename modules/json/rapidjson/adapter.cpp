// RapidJSON: rapidjson::Document::Parse with the default flags (no in-situ parsing, no UTF-8
// validation, not full-precision numbers: what a user gets without asking), then a recursive walk.
// Two forms of the call, each a row: Parse(const char*) on the NUL-terminated text, as RapidJSON's
// tutorial parses (the row `rapidjson`), and Parse(text, length), which reads through a
// bounds-checked stream (the row `rapidjson:length`, outside the suite: ../README.md, "Design choices
// that move a figure"). Both stop at a NUL byte; only the length form skips a UTF-8 byte-order mark.
#include <rapidjson/document.h>
#include <rapidjson/error/en.h>
#include <rapidjson/stringbuffer.h>
#include <rapidjson/writer.h>

#include <optional>
#include <string_view>

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

enum class ParseForm { nul_terminated, length };

template <ParseForm Form>
struct RapidJson {
  static constexpr std::string_view form = Form == ParseForm::length ? "length" : "nul-terminated";
  using Document = rapidjson::Document;
  static bool load(const Input& in, rapidjson::Document& doc, std::string& error) {
    if constexpr (Form == ParseForm::length) doc.Parse(in.data(), in.size());
    else doc.Parse(in.data());
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
  using benchbox::json::Dom;
  benchbox::json::Library rapidjson("rapidjson", RAPIDJSON_VERSION_STRING);
  rapidjson.add<Dom<RapidJson<ParseForm::nul_terminated>>>().add<Dom<RapidJson<ParseForm::length>>>();
  return rapidjson.main(argc, argv);
}
