# shellcheck shell=bash
# Sourced by the recipes of the hashmap module's header-only libraries (scripts/build-library): the
# staged headers checked by compiling a use of the map, with build-library's helpers and variables.
# check_map_headers INCLUDE MAP_TEMPLATE: compiles a use of MAP_TEMPLATE<K, uint64_t> for K = uint64_t
# and std::string against the staged headers (first on the include path; -std=c++20, benchbox's).
check_map_headers() {
  local include=$1 map=$2 check=$WORK/check.cpp
  cat >"$check" <<CHECK
#include <$include>
#include <cstdint>
#include <string>
template <class M, class K> std::uint64_t use(const K& k) {
  M m;
  m.emplace(k, std::uint64_t{1});
  std::uint64_t s = m.find(k)->second;
  for (const auto& e : m) s += e.second;
  return s + m.erase(k) + m.size();
}
std::uint64_t check() {
  return use<$map<std::uint64_t, std::uint64_t>>(std::uint64_t{1}) +
         use<$map<std::string, std::uint64_t>>(std::string("key"));
}
CHECK
  record "a check program (<build>/check.cpp): #include <$include>, $map<K, uint64_t> for K = uint64_t and std::string: emplace, find, iteration, erase, size"
  run "$CXX" -std=c++20 -fsyntax-only -I"$STAGE/include" "$check"
}
