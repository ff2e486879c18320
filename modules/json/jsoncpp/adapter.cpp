// JsonCpp: a Json::CharReader from Json::CharReaderBuilder, set for standard JSON (no comments,
// nothing after the document), into Json::Value (std::map objects), then a recursive walk.
#include <json/json.h>

#include <memory>

#include "../common/dom.hpp"

namespace {

using benchbox::json::Input;

template <class V>
void walk(const Json::Value& x, V& v) {
  v.value();
  switch (x.type()) {
    case Json::objectValue:
      v.object();
      for (auto it = x.begin(); it != x.end(); ++it) {
        const char* end = nullptr;
        const char* key = it.memberName(&end);
        v.key(key, static_cast<std::size_t>(end - key));
        walk(*it, v);
      }
      break;
    case Json::arrayValue:
      v.array();
      for (const auto& e : x) {
        v.element();
        walk(e, v);
      }
      break;
    case Json::stringValue: {
      const char *begin = nullptr, *end = nullptr;
      x.getString(&begin, &end);
      v.string(begin, static_cast<std::size_t>(end - begin));
      break;
    }
    case Json::intValue:
    case Json::uintValue:
    case Json::realValue: v.number(x.asDouble()); break;
    case Json::booleanValue: v.boolean(x.asBool()); break;
    case Json::nullValue: v.null(); break;
  }
}

Json::CharReader& reader() {
  static std::unique_ptr<Json::CharReader> r = [] {
    Json::CharReaderBuilder b;
    b["collectComments"] = false;
    b["allowComments"] = false;
    b["failIfExtra"] = true;
    return std::unique_ptr<Json::CharReader>(b.newCharReader());
  }();
  return *r;
}

// JsonCpp's messages span lines ("* Line 1, Column 2\n  '1e400' is not a number.\n"): one line,
// as a row's reason is shown.
std::string one_line(const std::string& message) {
  std::string out;
  for (char c : message) {
    if (c == '\n' || c == ' ') {
      if (!out.empty() && out.back() != ' ') out += ' ';
    } else {
      out += c;
    }
  }
  while (!out.empty() && out.back() == ' ') out.pop_back();
  return out;
}

struct JsonCpp {
  using Document = Json::Value;
  // JsonCpp reports most errors by returning false, and exceeding its stack limit by throwing.
  static bool load(const Input& in, Json::Value& doc, std::string& error) {
    try {
      if (reader().parse(in.data(), in.data() + in.size(), &doc, &error)) return true;
      error = one_line(error);
    } catch (const Json::Exception& e) {
      error = e.what();
    }
    return false;
  }
  template <class V>
  static void visit(const Json::Value& doc, V& v) {
    walk(doc, v);
  }
  struct Writer {
    Json::StreamWriterBuilder builder = compact();
    std::string text;
    std::string_view write(const Json::Value& doc) {
      text = Json::writeString(builder, doc);
      return text;
    }
    static Json::StreamWriterBuilder compact() {
      Json::StreamWriterBuilder b;
      b["indentation"] = "";
      return b;
    }
  };
};

}  // namespace

int main(int argc, char** argv) {
  return benchbox::json::Library("jsoncpp", JSONCPP_VERSION_STRING).add<benchbox::json::Dom<JsonCpp>>().main(argc, argv);
}
