// benchbox/enum_names.hpp: a name for each value of a small enum class, listed once in the
// enum's order (a module's case ids in its cases.hpp), instead of a switch per enum.
#pragma once

#include <array>
#include <cstddef>

namespace benchbox {

template <class Enum, std::size_t N>
struct EnumNames {
  std::array<const char*, N> names;
  // "" past the list, as a switch without that case would give: Module::check refuses an empty
  // case id at program start.
  constexpr const char* operator()(Enum e) const {
    const auto i = static_cast<std::size_t>(e);
    return i < N ? names[i] : "";
  }
};

// inline constexpr auto case_id = enum_names<Case>("parse", "stringify");
template <class Enum, class... Names>
constexpr EnumNames<Enum, sizeof...(Names)> enum_names(Names... names) {
  return {{names...}};
}

}  // namespace benchbox
