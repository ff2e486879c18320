// The toy library's adapter: its version from the library itself (toy_version), the search
// through units.cpp; `describe` says which C++ standard each source was compiled as, whether
// units.cpp was compiled in this unit (a unity build), and which version of toy's generator wrote
// toy_generated.h.
#include <toy.h>

#include <string>

#include "../common/toy_adapter.hpp"
#include "toy_generated.h"
#include "units.hpp"

int main(int argc, char** argv) {
  benchbox::Adapter adapter("toy", toy_version());
  adapter.info("units_standard", std::to_string(toy_units::standard()));
  adapter.info("adapter_standard", std::to_string(__cplusplus));
#ifdef TOY_UNITS_UNIT
  adapter.info("units_in_this_unit", "yes");
#else
  adapter.info("units_in_this_unit", "no");
#endif
  adapter.info("generated_by", TOY_GENERATED_BY);
  add_find_case(adapter, [](const std::uint64_t* a, std::uint64_t n, std::uint64_t v) { return toy_units::find(a, n, v); });
  return adapter.main(argc, argv);
}
