// The adapter protocol (what an adapter prints): any output is parsed or refused with a
// ProtocolError, never anything else.
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "run/protocol.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  try {
    const auto d = benchbox::parse_describe(text);
    for (const auto& [name, c] : d.cases)
      if (c.applicable && (c.traits.min_value < 0 || c.traits.max_value < -1)) __builtin_trap();
  } catch (const benchbox::ProtocolError&) {
  }
  try {
    (void)benchbox::parse_run(text);
  } catch (const benchbox::ProtocolError&) {
  }
  return 0;
}
