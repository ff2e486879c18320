// What libraries that write to a std::ostream and read from a std::istream (cereal, Boost
// archives) need around their calls: an output string reused by every call and an input stream
// over the bytes in place. Neither copies the message.
#pragma once

#include <istream>
#include <sstream>
#include <streambuf>
#include <string>
#include <utility>

#include "serialization_adapter.hpp"

namespace benchbox::serialization {

// The bytes as a std::streambuf, read in place: what an istream over a received buffer needs.
class BytesBuf : public std::streambuf {
 public:
  explicit BytesBuf(Bytes b) {
    char* p = const_cast<char*>(reinterpret_cast<const char*>(b.data()));  // only read: no put area
    setg(p, p, p + b.size());
  }
};

// A std::ostringstream whose string (and its capacity) is moved out after each message and back
// in before the next (C++20's str(string&&) and str() &&): no copy, no allocation once warm.
class ReusedOutput {
 public:
  // write(std::ostream&) writes one message; the bytes stay valid until the next call.
  template <class Write>
  Bytes message(Write&& write) {
    text_.clear();
    out_.str(std::move(text_));
    write(static_cast<std::ostream&>(out_));
    text_ = std::move(out_).str();
    return bytes_of(text_.data(), text_.size());
  }

 private:
  std::ostringstream out_;
  std::string text_;
};

}  // namespace benchbox::serialization
