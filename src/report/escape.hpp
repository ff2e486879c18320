// Quoting for the formats that carry strings from results files (which travel between machines):
// HTML/XML text and attributes, CSV fields, Markdown table cells.
#pragma once

#include <string>
#include <string_view>

namespace benchbox {

// & < > " ' as entities: safe in HTML/SVG text and in quoted attributes. Control characters other
// than tab and newline (invalid in XML 1.0) become U+FFFD.
std::string html_escape(std::string_view s);

// RFC 4180: quoted (and inner quotes doubled) when the field holds a comma, quote, CR or LF.
std::string csv_field(std::string_view s);

// A Markdown table cell: | and backslash escaped, newlines as spaces, HTML metacharacters escaped
// (Markdown renderers pass inline HTML through).
std::string md_cell(std::string_view s);

}  // namespace benchbox
