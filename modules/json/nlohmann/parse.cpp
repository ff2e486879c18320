// The library's parse in a translation unit of its own, as a user's program that parses in one
// function has it: nothing else here, so that what g++ inlines into nlohmann's lexer depends on
// nlohmann's code alone. C++20 instantiates std::string's members in every translation unit that
// uses them (libstdc++'s extern templates stop at C++17), and whether g++ inlines the lexer's
// std::string::push_back depends on how many other callers std::string::_M_mutate has in the
// unit: the adapter's own code has several, a program that only parses has one (push_back's),
// and nlohmann parses 10-14% faster in the first (../README.md, "nlohmann: where parse is compiled").
// That other side is the row nlohmann@unity (this folder's BUILDS unity: this file compiled in the
// adapter's unit), outside the suite.
// Nothing else of the adapter may call nlohmann::json::parse: the linker keeps one copy of the
// lexer's functions, whichever unit it meets first.
#include "parse.hpp"

namespace benchbox::json::nlohmann_adapter {

nlohmann::json parse_document(std::string_view text) { return nlohmann::json::parse(text); }

}  // namespace benchbox::json::nlohmann_adapter
