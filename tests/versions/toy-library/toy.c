/* The versions test's library: see toy.h. Built with -DTOY_VERSION="x.y.z". */
#include "toy.h"

const char* toy_version(void) { return TOY_VERSION; }

uint64_t toy_find(const uint64_t* values, uint64_t n, uint64_t value) {
  uint64_t i = 0;
  while (i < n && values[i] != value) ++i;
  return i;
}
