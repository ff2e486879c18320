// Numbers as the reports print them.
#pragma once

#include <string>

namespace benchbox {

// ns per op with three significant digits or so: "1234", "12.3", "1.23".
std::string format_ns(double ns);
// 48780487.8 -> "48,780,488"
std::string with_thousands(double value);

}  // namespace benchbox
