// A json adapter for tests only (never in modules/): benchbox's reference reader as the "library",
// read through a filter that drops one thing per document when BENCHBOX_JSON_DROP names it
// (object, array, string, number, true, null, member, element; string_byte / key_byte: the last
// byte of one string / key). With BENCHBOX_JSON_DROP=none or unset it reads correctly. The tests
// (CMakeLists.txt, through tests/verification_row.cmake) check that benchbox verifies the correct
// reading and fails every drop.
#include <string>

#include <benchbox/adapter/environment.hpp>

#include "json/common/json_adapter.hpp"

namespace {

using benchbox::json::Input;

const std::string kDrop = benchbox::env_or("BENCHBOX_JSON_DROP", "none");

template <class V>
struct Dropper {
  V& v;
  bool dropped = false;
  bool take(const char* what) {  // true: drop this one
    if (dropped || kDrop != what) return false;
    dropped = true;
    return true;
  }
  void value() { v.value(); }
  void object() { if (!take("object")) v.object(); }
  void array() { if (!take("array")) v.array(); }
  void element() { if (!take("element")) v.element(); }
  void key(const char* p, std::size_t n) {
    if (take("member")) return;
    v.key(p, n > 0 && take("key_byte") ? n - 1 : n);
  }
  void string(const char* p, std::size_t n) {
    if (take("string")) return;
    v.string(p, n > 0 && take("string_byte") ? n - 1 : n);
  }
  void number(double d) { if (!take("number")) v.number(d); }
  void boolean(bool b) { if (!take(b ? "true" : "false")) v.boolean(b); }
  void null() { if (!take("null")) v.null(); }
};

struct Reference {
  template <class V>
  static bool parse(const Input& in, V& v, std::string& error) {
    Dropper<V> d{v};
    if (auto wrong = benchbox::json::ReferenceReader::read(in.view(), d)) {
      error = *wrong;
      return false;
    }
    return true;
  }

  // Writes the document as it is, or (with a drop) without its first top-level element.
  class Tree {
   public:
    explicit Tree(const Input& in) : text_(in.view()) {
      if (kDrop != "none") text_ = "[" + text_.substr(end_of_first_element() + 1);
    }
    std::string_view write() {
      out_ = text_;
      return out_;
    }

   private:
    // The comma after the top-level array's first element (strings skipped, brackets counted).
    std::size_t end_of_first_element() const {
      if (text_.empty() || text_[0] != '[') throw std::runtime_error("not an array");
      int depth = 0;
      for (std::size_t i = 1; i < text_.size(); ++i) {
        const char c = text_[i];
        if (c == '"') {
          for (++i; i < text_.size() && text_[i] != '"'; ++i)
            if (text_[i] == '\\') ++i;
        } else if (c == '[' || c == '{') {
          ++depth;
        } else if (c == ']' || c == '}') {
          --depth;
        } else if (c == ',' && depth == 0) {
          return i;
        }
      }
      throw std::runtime_error("an array of one element");
    }

    std::string text_, out_;
  };
};

}  // namespace

int main(int argc, char** argv) {
  return benchbox::json::Library("dropper", "0")
      .add<Reference>({.api = "benchbox's reference reader, dropping one value per document on demand",
                       .numbers = "double",
                       .strings = "copied",
                       .writer = "the input text, or the input without its first element"})
      .main(argc, argv);
}
