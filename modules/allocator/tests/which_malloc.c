/* A program whose output depends on its allocator: it prints the file its malloc resolves to
 * ("libc.so.6", "libjemalloc.so.2"...). Run by `benchbox allocator -n program`, only glibc's row
 * prints what the command's run as is printed: every preloaded row must fail, its output differing. */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <stdio.h>
#include <string.h>

int main(void) {
  Dl_info info;
  void* symbol = dlsym(RTLD_DEFAULT, "malloc");
  if (!symbol || !dladdr(symbol, &info) || !info.dli_fname) return 1;
  const char* slash = strrchr(info.dli_fname, '/');
  printf("allocator test\nmalloc from %s\n", slash ? slash + 1 : info.dli_fname);
  return 0;
}
