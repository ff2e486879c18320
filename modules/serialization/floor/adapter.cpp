// The serialization module's floor: the message's fields laid out as packed structs (each record a
// fixed head of its numbers and string lengths, then its strings' bytes, then its items the same
// way), made before the clock. Serialize is one memcpy of that image into the output buffer;
// deserialize reads the bytes in place (nothing to make, as a zero-copy format); access reads every
// field from them. No library can turn the graph into bytes or back with less work than copying them; a row
// faster than this one means the floor is wrong.
#include "packed_structs.hpp"

int main(int argc, char** argv) {
  return benchbox::serialization::Library("floor", "").add(benchbox::serialization::floor::PackedStructs{}).main(argc, argv);
}
