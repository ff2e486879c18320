/* The versions test's library (tests/versions/versions.cmake): a throw-away "checkout" the test
   builds and installs at two versions, as a user builds another version of a library. */
#ifndef TOY_H
#define TOY_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* The version this library was built as (TOY_VERSION when it was compiled). */
const char* toy_version(void);
/* The position of the first of the n values that equals value, or n. */
uint64_t toy_find(const uint64_t* values, uint64_t n, uint64_t value);

#ifdef __cplusplus
}
#endif

#endif
