# The serialization module's workload (../workload.hpp) as a Cap'n Proto schema. Cap'n Proto has
# no varints: every scalar is fixed width in the struct's data section, in the narrowest type that
# holds the field (UInt8 kind, UInt16 flags and version, Int32 delta and quantity: two's
# complement, no zigzag), packed by the compiler into 64-bit words; strings (Text) and nested
# structs and lists are pointers. Cap'n Proto has no optional scalars: `parent` is a union with a
# Void member, as its FAQ advises ("How do I make a field optional?"), the Void first so that a
# record with no parent is the default (discriminant 0).
@0x96ca999d192389b8;

using Cxx = import "/capnp/c++.capnp";
$Cxx.namespace("benchbox::records");

struct Item {
  sku @0 :UInt32;
  quantity @1 :Int32;
  price @2 :Float64;
  label @3 :Text;
}

struct Meta {
  source @0 :Text;
  version @1 :UInt16;
  created @2 :Int64;
}

struct Record {
  id @0 :UInt64;
  timestamp @1 :Int64;
  delta @2 :Int32;
  kind @3 :UInt8;
  flags @4 :UInt16;
  active @5 :Bool;
  ratio @6 :Float32;
  score @7 :Float64;
  name @8 :Text;
  note @9 :Text;
  meta @10 :Meta;
  items @11 :List(Item);
  parent :union {
    none @12 :Void;
    value @13 :UInt32;
  }
}

struct Batch {
  records @0 :List(Record);
}
