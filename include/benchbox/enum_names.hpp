// benchbox/enum_names.hpp: a name for each value of a small enum class, listed once in the
// enum's order (a module's case ids in its cases.hpp), instead of a switch per enum. The enum names
// its last value `last` (enum class Case { parse, stringify, last = stringify };), and a list with
// a name too many or too few does not compile.
#pragma once

#include <array>
#include <cstddef>
#include <optional>
#include <string_view>

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
  // The value of a name (a case id a library.json gives), or none.
  constexpr std::optional<Enum> named(std::string_view name) const {
    for (std::size_t i = 0; i < N; ++i)
      if (name == names[i]) return static_cast<Enum>(i);
    return std::nullopt;
  }
  // Every value, in order.
  constexpr std::array<Enum, N> values() const {
    std::array<Enum, N> out{};
    for (std::size_t i = 0; i < N; ++i) out[i] = static_cast<Enum>(i);
    return out;
  }
};

// inline constexpr auto case_id = enum_names<Case>("parse", "stringify");
template <class Enum, class... Names>
constexpr EnumNames<Enum, sizeof...(Names)> enum_names(Names... names) {
  static_assert(sizeof...(Names) == static_cast<std::size_t>(Enum::last) + 1,
                "enum_names: one name for each value of the enum, in its order (Enum::last names its last value)");
  return {{names...}};
}

}  // namespace benchbox
