#include <benchbox/module.hpp>

#include <algorithm>
#include <charconv>
#include <cstdio>
#include <cstdlib>
#include <stdexcept>

#include "module_api/user_file.hpp"

namespace benchbox {

const AxisValue& Point::first() const {
  static const AxisValue none;
  return axes.empty() ? none : axes.front().value;
}

const AxisValue* Point::find(std::string_view axis) const {
  for (const auto& a : axes)
    if (a.name == axis) return &a.value;
  return nullptr;
}

std::string Point::key() const {
  if (axes.size() <= 1) return first().text;
  std::string out;
  for (const auto& a : axes) out += (out.empty() ? "" : ",") + a.name + "=" + a.value.text;
  return out;
}

bool Point::operator==(const Point& o) const {
  if (axes.size() != o.axes.size()) return false;
  if (axes.size() <= 1) return first().text == o.first().text;
  for (std::size_t i = 0; i < axes.size(); ++i)
    if (axes[i].name != o.axes[i].name || axes[i].value.text != o.axes[i].value.text) return false;
  return true;
}

const CaseSpec* Module::find_case(const std::string& case_id) const {
  for (const auto& c : cases)
    if (c.id == case_id) return &c;
  return nullptr;
}

const AxisSpec* CaseSpec::find_axis(std::string_view name) const {
  for (const auto& a : axes)
    if (a.name == name) return &a;
  return nullptr;
}

std::string CaseSpec::label(const Point& p) const {
  // The user's own file shows as its name, whatever the module says of its named values.
  const bool has_file = std::any_of(p.axes.begin(), p.axes.end(), [](const Point::Axis& a) { return a.value.file.has_value(); });
  auto file_name = [](const AxisValue& v) { return std::filesystem::path(v.text).filename().string(); };
  if (describe_point && !has_file) return describe_point(p);
  if (p.axes.size() <= 1) {
    const AxisValue& v = p.first();
    return v.file ? file_name(v) : axes.front().describe ? axes.front().describe(v) : v.text;
  }
  std::string out;
  for (const auto& a : p.axes) {
    const AxisSpec* spec = find_axis(a.name);
    out += (out.empty() ? "" : ", ") + (a.value.file                 ? a.name + " " + file_name(a.value)
                                        : spec && spec->describe ? spec->describe(a.value)
                                                                 : a.name + " " + a.value.text);
  }
  return out;
}

AxisValue CaseSpec::parse_axis(const AxisSpec& axis, const std::string& text) const {
  if (axis.named()) {
    for (const auto& choice : axis.choices)
      if (choice == text) return AxisValue::named(text);
    if (axis.user_file) return user_file_param(axis, axis.name + " for " + id, text);
    if (axis.free_text) {
      if (auto wrong = axis.free_text(text)) throw std::invalid_argument(axis.name + " for " + id + ": '" + text + "': " + *wrong);
      return AxisValue::named(text);
    }
    std::string known;
    for (const auto& c : axis.choices) known += (known.empty() ? "" : ", ") + c;
    throw std::invalid_argument(axis.name + " for " + id + " must be one of " + known + ", got '" + text + "'");
  }
  std::int64_t v = 0;
  auto [p, ec] = std::from_chars(text.data(), text.data() + text.size(), v);
  if (text.empty() || ec == std::errc::invalid_argument || p != text.data() + text.size())
    throw std::invalid_argument(axis.name + " for " + id + " must be a whole number, got '" + text + "'");
  if (ec == std::errc::result_out_of_range || v < axis.min || v > axis.max)
    throw std::invalid_argument(axis.name + " for " + id + " must be between " + std::to_string(axis.min) + " and " +
                                std::to_string(axis.max) + ", got " + text);
  return AxisValue::of(v);
}

Point CaseSpec::parse_point(const std::vector<std::string>& texts) const {
  const auto& specs = axes;
  if (texts.size() != specs.size())
    throw std::invalid_argument("a point of " + id + " has " + std::to_string(specs.size()) + " values (one per axis), got " +
                                std::to_string(texts.size()));
  std::vector<Point::Axis> axes_of_point;
  for (std::size_t i = 0; i < specs.size(); ++i) {
    // Several axes travel as NAME=VALUE, in lists split at commas.
    if (specs.size() > 1 && (specs[i].name.empty() || specs[i].name.find_first_of("=,") != std::string::npos))
      throw std::invalid_argument("case " + id + ": axis name '" + specs[i].name + "' is empty or holds '=' or ','");
    axes_of_point.push_back({specs[i].name, parse_axis(specs[i], texts[i])});
  }
  // An optional axis at its default leaves the point as it was before the axis existed.
  std::erase_if(axes_of_point, [this](const Point::Axis& a) {
    const AxisSpec* spec = find_axis(a.name);
    return spec && spec->optional && !a.value.file && a.value.text == spec->default_value;
  });
  Point point(std::move(axes_of_point));
  if (refuse_point)
    if (auto wrong = refuse_point(point)) throw std::invalid_argument(id + " " + label(point) + ": " + *wrong);
  return point;
}

AxisValue CaseSpec::value_of(const Point& p, std::string_view axis) const {
  if (const AxisValue* v = p.find(axis)) return *v;
  const AxisSpec* spec = find_axis(axis);
  if (!spec) throw std::invalid_argument("case " + id + " has no axis '" + std::string(axis) + "'");
  const bool unnamed_first = p.axes.size() == 1 && p.axes.front().name.empty() && spec == &axes.front();
  if (unnamed_first) return p.first();  // Point::of: the one value of the first axis
  if (!spec->optional) throw std::invalid_argument("the point " + p.key() + " of " + id + " has no " + spec->name);
  return parse_axis(*spec, spec->default_value);
}

std::vector<std::pair<std::string, std::string>> CaseSpec::environment(const Point& p) const {
  std::vector<std::pair<std::string, std::string>> env;
  for (const AxisSpec& axis : axes) {
    if (!axis.env) continue;
    const auto more = axis.env(value_of(p, axis.name));
    env.insert(env.end(), more.begin(), more.end());
  }
  return env;
}

namespace {

std::vector<std::string> split_commas(const std::string& text) {
  std::vector<std::string> out;
  for (std::size_t start = 0, end; start <= text.size(); start = end + 1) {
    end = std::min(text.find(',', start), text.size());
    if (end > start) out.push_back(text.substr(start, end - start));
  }
  return out;
}

bool whole_number(const std::string& text) {
  std::int64_t v = 0;
  auto [p, ec] = std::from_chars(text.data(), text.data() + text.size(), v);
  return ec != std::errc::invalid_argument && p == text.data() + text.size();
}

// A lone value's piece as the optional axis's; refused, the message says both readings, unless
// the piece names a file the axis takes (then only what is wrong with the file matters).
AxisValue lone_piece(const CaseSpec& c, const AxisSpec& lone, const std::string& piece) {
  try {
    return c.parse_axis(lone, piece);
  } catch (const std::invalid_argument& e) {
    std::error_code ec;
    if (lone.user_file && std::filesystem::exists(piece, ec)) throw;
    throw std::invalid_argument(c.id + ": '" + piece + "' is neither " + c.axes.front().name + " (a whole number) nor " +
                                lone.name + " (" + e.what() + ")");
  }
}

}  // namespace

std::optional<std::vector<std::string>> CaseSpec::lone_value(const std::string& text) const {
  const AxisSpec* lone = nullptr;
  for (const AxisSpec& a : axes) {
    if (a.optional && lone) return std::nullopt;  // which one it is would be a guess
    if (a.optional) lone = &a;
  }
  const auto pieces = split_commas(text);
  if (!lone || axes.front().named() || pieces.empty() || std::any_of(pieces.begin(), pieces.end(), whole_number))
    return std::nullopt;
  std::optional<std::string> first;
  for (const auto& piece : pieces) {
    const AxisValue value = lone_piece(*this, *lone, piece);
    const std::string its = (lone->first_of ? lone->first_of(value) : std::nullopt).value_or(axes.front().default_value);
    if (first && *first != its)
      throw std::invalid_argument(lone->name + " for " + id + " '" + text + "' would each run another " + axes.front().name +
                                  ": give it first (-n " + id + " " + axes.front().name + " " + text + ")");
    first = its;
  }
  std::vector<std::string> texts;
  for (const AxisSpec& a : axes) texts.push_back(&a == &axes.front() ? *first : &a == lone ? text : a.default_value);
  return texts;
}

Point CaseSpec::point_of(std::vector<std::string> texts) const {
  if (texts.size() == 1)
    if (auto whole = lone_value(texts.front())) texts = std::move(*whole);
  for (std::size_t i = texts.size(); i < axes.size() && axes[i].optional; ++i) texts.push_back(axes[i].default_value);
  return parse_point(texts);
}

std::vector<Point> CaseSpec::product(const std::vector<std::vector<std::string>>& values_per_axis) const {
  std::vector<std::vector<std::string>> rows{{}};
  for (const auto& values : values_per_axis) {
    std::vector<std::vector<std::string>> longer;
    for (const auto& row : rows)
      for (const auto& value : values) {
        longer.push_back(row);
        longer.back().push_back(value);
      }
    rows = std::move(longer);
  }
  std::vector<Point> points;
  for (const auto& texts : rows) points.push_back(parse_point(texts));
  return points;
}

std::vector<Point> CaseSpec::suite() const {
  if (!in_suite) return {};
  if (suite_points.empty()) {
    std::vector<std::vector<std::string>> values;
    for (const auto& axis : axes) values.push_back(axis.suite);
    return product(values);
  }
  std::vector<Point> points;
  for (const auto& texts : suite_points) points.push_back(parse_point(texts));
  return points;
}

std::vector<const Module*>& modules() {
  static std::vector<const Module*> all;  // function-local: safe during static registration
  return all;
}

const Module* find_module(const std::string& id) {
  for (const Module* m : modules())
    if (m->id == id) return m;
  return nullptr;
}

namespace {

// An optional axis comes after every other, with one default value it takes.
void check_optional(const CaseSpec& c, const AxisSpec& a, bool after_optional) {
  const std::string where = "case " + c.id + ": axis " + a.name;
  if (!a.optional && after_optional) throw std::invalid_argument(where + " follows an optional axis (those come last)");
  if (!a.optional && a.first_of) throw std::invalid_argument(where + " has first_of but is not optional");
  if (!a.optional) return;
  if (&a == &c.axes.front()) throw std::invalid_argument(where + " is the first axis and cannot be optional");
  if (a.default_value.empty() || a.default_value.find(',') != std::string::npos)
    throw std::invalid_argument(where + " is optional and needs one default value, got '" + a.default_value + "'");
  c.parse_axis(a, a.default_value);
}

}  // namespace

void CaseSpec::check() const {
  if (axes.empty()) throw std::invalid_argument("case " + id + " declares no axis");
  bool after_optional = false;
  for (const AxisSpec& a : axes) {
    check_optional(*this, a, after_optional);
    after_optional = after_optional || a.optional;
    if (a.name.empty() || a.name.find_first_of("=,") != std::string::npos)
      throw std::invalid_argument("case " + id + ": axis name '" + a.name + "' is empty or holds '=' or ','");
    if (!a.named() && a.min > a.max) throw std::invalid_argument("case " + id + ": axis " + a.name + " has no range");
    if (a.suite.empty() && suite_points.empty() && in_suite)
      throw std::invalid_argument("case " + id + ": axis " + a.name + " has no suite values");
  }
  if (!in_suite) return;  // no value of its own: nothing to run without the user's
  // The defaults `-n CASE` runs: the first axis's list (a sweep), one value of every other.
  std::vector<std::vector<std::string>> defaults;
  for (const AxisSpec& a : axes) {
    defaults.emplace_back();
    std::string rest = a.default_value;
    for (std::size_t comma; &a == &axes.front() && (comma = rest.find(',')) != std::string::npos; rest.erase(0, comma + 1))
      defaults.back().push_back(rest.substr(0, comma));
    defaults.back().push_back(rest);
  }
  product(defaults);
  if (suite().empty()) throw std::invalid_argument("case " + id + " has an empty suite");
}

void Module::check() const {
  if (default_target_ms == 0) throw std::invalid_argument("module " + id + ": default_target_ms is 0");
  if (default_processes == 0 || budget_seconds == 0) throw std::invalid_argument("module " + id + ": default_processes or budget_seconds is 0");
  for (std::size_t i = 0; i < cases.size(); ++i) {
    if (cases[i].id.empty()) throw std::invalid_argument("module " + id + ": a case has no id");
    for (std::size_t j = 0; j < i; ++j)
      if (cases[j].id == cases[i].id) throw std::invalid_argument("module " + id + ": case " + cases[i].id + " is declared twice");
    cases[i].check();
  }
}

ModuleRegistration::ModuleRegistration(const Module& m) {
  try {
    m.check();
  } catch (const std::invalid_argument& e) {
    std::fprintf(stderr, "benchbox: module %s is declared wrong: %s\n", m.id.c_str(), e.what());
    std::_Exit(70);  // EX_SOFTWARE: no run, no test, can start with a broken declaration
  }
  modules().push_back(&m);
}

}  // namespace benchbox
