// Hoard's malloc and free: its libhoard.so replaces them in the whole process when linked, as its
// README says a program uses it (or LD_PRELOAD). Hoard has no run-time options and no version
// call: the version is that of the CMake package it was found by (CMakeLists.txt).
#include "../common/allocator_adapter.hpp"

int main(int argc, char** argv) {
  benchbox::allocator::Library adapter("hoard", BB_HOARD_VERSION);
  adapter.add<benchbox::allocator::MallocFree>();
  return adapter.main(argc, argv);
}
