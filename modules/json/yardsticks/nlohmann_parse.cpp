// The nlohmann yardstick's parse, in a translation unit of its own as in a user's program that
// parses in one function: what g++ inlines into nlohmann's lexer then depends on nlohmann's code
// alone, as in the adapter's modules/json/nlohmann/parse.cpp (../README.md, "nlohmann: where
// parse is compiled"). Nothing of benchbox.
#include <nlohmann/json.hpp>

#include <string_view>

nlohmann::json parse_text(std::string_view text) { return nlohmann::json::parse(text); }
