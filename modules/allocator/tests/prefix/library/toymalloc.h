/* The allocator prefix test's library (prefix.cmake): glibc's allocator behind names of its own,
   built by the test into prefixes as a user builds an allocator from outside Debian, a shared
   library and a static archive. Its malloc, free, calloc and realloc replace glibc's where it is
   linked or preloaded; toy_malloc and toy_free are its own API. Built with -DTOYMALLOC_VERSION="x.y.z". */
#ifndef TOYMALLOC_H
#define TOYMALLOC_H
#include <stddef.h>
#ifdef __cplusplus
extern "C" {
#endif
const char* toymalloc_version(void);
void* toy_malloc(size_t size);
void toy_free(void* p);
#ifdef __cplusplus
}
#endif
#endif
