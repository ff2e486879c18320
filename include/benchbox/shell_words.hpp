// benchbox/shell_words.hpp: a command's words as one text and back, quoted as a POSIX shell reads
// them. A case whose value is a command of the user's (AxisSpec::words: `-n program -- CMD ARGS`)
// keeps it as one text, its label and its identity in the results; the adapter splits it back
// into the argv it runs, with no shell in between.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace benchbox {

// One word as a shell needs it: as it is when it holds only characters no shell reads specially,
// else in single quotes (a quote inside as '\'').
inline std::string shell_quote(std::string_view word) {
  constexpr std::string_view kPlain =
      "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789@%+=:,./_-";
  if (!word.empty() && word.find_first_not_of(kPlain) == std::string_view::npos) return std::string(word);
  std::string out = "'";
  for (char c : word) out += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return out + "'";
}

inline std::string join_words(const std::vector<std::string>& words) {
  std::string out;
  for (const auto& w : words) out += (out.empty() ? "" : " ") + shell_quote(w);
  return out;
}

// The words of a text as a POSIX shell splits them (blanks between words; single quotes keep
// everything; double quotes keep all but \" \\ \$ \` ; a backslash outside quotes keeps the next
// character). No expansion of any kind. Nothing for an unclosed quote or a trailing backslash.
inline std::optional<std::vector<std::string>> split_words(std::string_view text) {
  std::vector<std::string> words;
  std::string word;
  bool in_word = false;
  for (std::size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    if (c == ' ' || c == '\t' || c == '\n') {
      if (in_word) words.push_back(std::move(word)), word.clear(), in_word = false;
      continue;
    }
    in_word = true;
    if (c == '\\') {
      if (++i == text.size()) return std::nullopt;
      word += text[i];
    } else if (c == '\'') {
      const auto end = text.find('\'', i + 1);
      if (end == std::string_view::npos) return std::nullopt;
      word += text.substr(i + 1, end - i - 1);
      i = end;
    } else if (c == '"') {
      for (++i;; ++i) {
        if (i == text.size()) return std::nullopt;
        if (text[i] == '"') break;
        if (text[i] == '\\' && i + 1 < text.size() && std::string_view("\"\\$`").find(text[i + 1]) != std::string_view::npos) ++i;
        word += text[i];
      }
    } else {
      word += c;
    }
  }
  if (in_word) words.push_back(std::move(word));
  return words;
}

}  // namespace benchbox
