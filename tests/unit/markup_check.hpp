// A small well-formedness check for the SVG and HTML the reports write: every tag closed in
// order, attributes quoted, no stray '<' or '&' in text.
#pragma once

#include <cctype>
#include <set>
#include <string>
#include <vector>

namespace benchbox::testing {

// Returns "" when well formed, else what is wrong. `html`: void elements (meta, br...) need no end tag.
inline std::string markup_problem(const std::string& doc, bool html) {
  static const std::set<std::string> void_elements = {"meta", "br", "hr", "img", "link", "input"};
  std::vector<std::string> open;
  std::size_t i = 0;
  while (i < doc.size()) {
    const char c = doc[i];
    if (c == '&') {
      const auto semi = doc.find(';', i);
      if (semi == std::string::npos || semi - i > 10) return "bare & at " + std::to_string(i);
      i = semi + 1;
      continue;
    }
    if (c != '<') {
      if (c == '>') return "bare > at " + std::to_string(i);
      ++i;
      continue;
    }
    if (doc.compare(i, 2, "<?") == 0 || doc.compare(i, 2, "<!") == 0) {
      i = doc.find('>', i) + 1;
      continue;
    }
    const bool closing = doc[i + 1] == '/';
    std::size_t j = i + (closing ? 2 : 1);
    std::string name;
    while (j < doc.size() && (std::isalnum(static_cast<unsigned char>(doc[j])) || doc[j] == '-')) name += doc[j++];
    if (name.empty()) return "stray < at " + std::to_string(i);
    bool self_closing = false;
    while (j < doc.size() && doc[j] != '>') {  // attributes
      if (doc[j] == '"') {
        const auto end = doc.find('"', j + 1);
        if (end == std::string::npos) return "unterminated attribute in <" + name + ">";
        if (doc.substr(j + 1, end - j - 1).find('<') != std::string::npos) return "< in an attribute of <" + name + ">";
        j = end + 1;
        continue;
      }
      if (doc[j] == '\'' || doc[j] == '<') return "unexpected character in <" + name + ">";
      if (doc[j] == '/') self_closing = true;
      ++j;
    }
    if (j >= doc.size()) return "unterminated tag <" + name + ">";
    i = j + 1;
    if (closing) {
      if (open.empty() || open.back() != name) return "</" + name + "> closes " + (open.empty() ? "nothing" : "<" + open.back() + ">");
      open.pop_back();
    } else if (!self_closing && !(html && void_elements.count(name))) {
      open.push_back(name);
      if (name == "style") {  // CSS text: skip to its end tag
        const auto end = doc.find("</style>", i);
        if (end == std::string::npos) return "unterminated <style>";
        i = end;
      }
    }
  }
  return open.empty() ? "" : "<" + open.back() + "> never closed";
}

inline std::size_t count_of(const std::string& text, const std::string& what) {
  std::size_t n = 0;
  for (auto p = text.find(what); p != std::string::npos; p = text.find(what, p + what.size())) ++n;
  return n;
}

}  // namespace benchbox::testing
