// The adapter shape of the libraries that parse a whole document into a tree of their own (a DOM):
// parse = load the tree, walk it, free it; the stringify case's Tree = the tree loaded once, written
// on every call. A library supplies the parts that differ and adds Dom<Library> to its json::Library:
//
//   struct Library {
//     using Document = ...;  // owns the tree: a value, or a unique_ptr freeing it with the library's call
//     static bool load(const Input& in, Document& doc, std::string& error);  // false with error set
//     template <class V> static void visit(const Document& doc, V& v);     // every value, to v
//     struct Writer {        // the stringify case's output
//       std::string_view write(const Document& doc);  // compact text, valid until the next write
//     };
//     static constexpr std::string_view form = "...";  // optional: the form of its call (form_of)
//   };
#pragma once

#include <cstdlib>
#include <stdexcept>
#include <string>
#include <string_view>

#include "json_adapter.hpp"

namespace benchbox::json {

template <class Library>
struct Dom {
  static constexpr std::string_view form = form_of<Library>();  // where the library's call has several forms

  template <class V>
  static bool parse(const Input& in, V& v, std::string& error) {
    typename Library::Document doc;
    if (!Library::load(in, doc, error)) return false;
    Library::visit(doc, v);
    return true;
  }

  class Tree {
   public:
    explicit Tree(const Input& in) {
      std::string error;
      if (!Library::load(in, doc_, error)) throw std::runtime_error(error);
    }
    std::string_view write() { return writer_.write(doc_); }

   private:
    typename Library::Document doc_;
    typename Library::Writer writer_;
  };
};

// A unique_ptr's deleter that calls a C library's free function.
template <auto Free>
struct Freeing {
  template <class T>
  void operator()(T* p) const {
    Free(p);
  }
};

inline void free_malloced(void* p) { std::free(p); }  // a standard function's address is not portable

// The output of a C writer that returns a new malloc'd buffer per document: the previous one is
// freed before the next is written, so that at most one is alive (the allocation figures count it).
template <auto Free = free_malloced>
class WrittenText {
 public:
  WrittenText() = default;
  WrittenText(const WrittenText&) = delete;
  WrittenText& operator=(const WrittenText&) = delete;
  ~WrittenText() { Free(text_); }
  // `write()` returns the new buffer, null where it failed (`name` says whose call that was).
  template <class Write>
  char* replace(Write write, const char* name) {
    Free(text_);
    text_ = write();
    if (!text_) throw std::runtime_error(std::string(name) + " failed");
    return text_;
  }

 private:
  char* text_ = nullptr;
};

}  // namespace benchbox::json
