#include "results/secrets.hpp"

#include <algorithm>
#include <cctype>
#include <regex>

namespace benchbox {
namespace {

constexpr const char* kHidden = "***";

bool is_secret_key(std::string key) {
  std::transform(key.begin(), key.end(), key.begin(), [](unsigned char c) { return std::tolower(c); });
  return key == "password" || key == "sslpassword";
}

std::string percent_decoded(const std::string& text) {
  std::string out;
  for (std::size_t i = 0; i < text.size(); ++i) {
    if (text[i] == '%' && i + 2 < text.size() && std::isxdigit(static_cast<unsigned char>(text[i + 1])) &&
        std::isxdigit(static_cast<unsigned char>(text[i + 2]))) {
      out += static_cast<char>(std::stoi(text.substr(i + 1, 2), nullptr, 16));
      i += 2;
    } else {
      out += text[i];
    }
  }
  return out;
}

// One URL: its userinfo's password, then its query's secrets.
std::string url_without_secrets(const std::string& url) {
  std::string out = url;
  const std::size_t start = out.find("://") + 3;
  const std::size_t query = std::min(out.find_first_of("?#", start), out.size());
  // The credentials end at the last '@' before the query: a password with a raw '@' or '/' is
  // hidden whole.
  const std::size_t at = out.rfind('@', query - 1);
  if (at != std::string::npos && at >= start && at < query)
    if (const std::size_t colon = out.find(':', start); colon < at) out.replace(colon + 1, at - colon - 1, kHidden);
  const std::size_t q = out.find('?');
  if (q == std::string::npos) return out;
  std::string rebuilt = out.substr(0, q + 1);
  std::size_t from = q + 1;
  while (from <= out.size()) {
    const std::size_t end = std::min(out.find('&', from), out.size());
    const std::string pair = out.substr(from, end - from);
    const std::size_t eq = pair.find('=');
    rebuilt += eq != std::string::npos && is_secret_key(percent_decoded(pair.substr(0, eq))) ? pair.substr(0, eq + 1) + kHidden : pair;
    if (end < out.size()) rebuilt += '&';
    from = end + 1;
  }
  return rebuilt;
}

}  // namespace

std::string without_secrets(const std::string& text) {
  // Keyword/value strings first ("host=h password=x", "password = 'a b'"): libpq's keywords.
  static const std::regex keyword(R"((^|[\s;])((ssl)?password)(\s*=\s*)('(\\.|[^'\\])*'?|\S*))", std::regex::icase);
  std::string out = std::regex_replace(text, keyword, std::string("$1$2$4") + kHidden);
  // Then every postgres:// or postgresql:// URL, up to the next space.
  static const std::regex url(R"(postgres(ql)?://\S*)", std::regex::icase);
  std::string result;
  auto last = out.cbegin();
  for (std::sregex_iterator it(out.begin(), out.end(), url), end; it != end; ++it) {
    result.append(last, (*it)[0].first);
    result += url_without_secrets(it->str());
    last = (*it)[0].second;
  }
  result.append(last, out.cend());
  return result;
}

std::vector<std::string> without_secrets(const std::vector<std::string>& words) {
  std::vector<std::string> out;
  for (const auto& w : words) out.push_back(without_secrets(w));
  return out;
}

nlohmann::json context_without_secrets(nlohmann::json context) {
  if (!context.is_object()) return context;
  if (auto it = context.find("command_line"); it != context.end()) {
    if (it->is_array())
      for (auto& word : *it) word = word.is_string() ? nlohmann::json(without_secrets(word.get<std::string>())) : word;
    else if (it->is_string())
      *it = without_secrets(it->get<std::string>());
  }
  return context;
}

}  // namespace benchbox
