// nlohmann::json::parse, compiled in a translation unit of its own (parse.cpp): see there.
#pragma once

#include <nlohmann/json.hpp>

#include <string_view>

namespace benchbox::json::nlohmann_adapter {

// The document parsed from `text`; throws nlohmann::json::exception on a parse error.
nlohmann::json parse_document(std::string_view text);

}  // namespace benchbox::json::nlohmann_adapter
