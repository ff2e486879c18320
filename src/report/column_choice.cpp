#include "report/column_choice.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <iterator>
#include <stdexcept>

namespace benchbox {
namespace {

struct ColumnInfo {
  Column id;
  const char* name;
  const char* help;
};

// Every column, in the tables' order, with its name for --columns and what it shows.
constexpr ColumnInfo kColumns[] = {
    {Column::rank, "rank", "the row's place by its figure, best first; \"2=\": shared with a row it is tied to (the reference row has none)"},
    {Column::library, "library", "the library, or its variant (\"zstd -3\"); always shown"},
    {Column::version, "version", "the library's version"},
    {Column::figure, "figure", "the case's figure, titled with its unit: the median of the repetitions, or the exact value"},
    {Column::extras, "extras", "the module's own further figures, one column each (compression's ratio, bytes/message)"},
    {Column::rate, "rate", "a time's rate at the median, in the case's unit per second (switches/s)"},
    {Column::ci, "ci", "±: half-width of the median's confidence interval, relative to it (\"exact\": the same every time)"},
    {Column::interval, "interval", "CI of median: that interval itself, with its coverage (95%, or what the repetitions allow)"},
    {Column::robust, "robust", "lower q. ± (upper q. for a rate): the quartile on the better side, ± its interval's half-width"},
    {Column::range, "range", "min..max of the repetitions"},
    {Column::spread, "spread", "(max - min) / median"},
    {Column::mad, "mad", "±MAD: the median absolute deviation, relative to the median"},
    {Column::relative, "relative", "how much worse than the best row, as a factor (1.00x: the best)"},
    {Column::vs_ref, "vs-ref", "vs ref: the median over rounds of the row's ratio to the reference row in the same round"},
    {Column::vs_mean, "vs-mean", "vs mean: the row's robust figure over the geometric mean of the table's robust figures"},
    {Column::peak, "peak", "peak MiB: the largest resident memory of the row's processes"},
    {Column::reps, "reps", "the number of timed repetitions, one per process: more for a row whose question stayed open"},
    {Column::counters, "counters", "cycles/op and instr/op from hardware counters (a run with --counters)"},
    {Column::marks, "marks", "* the reference row, ~ unsure where it matters, = two modes, < on the frontier of a trade-off"},
    {Column::modes, "modes", "two modes: both groups' medians, where the row's processes fell into two"},
    {Column::traits, "traits", "the row's traits (stack size, style...); Markdown and HTML only (in a terminal: benchbox list)"},
};

constexpr bool in_enum_order() {
  for (std::size_t i = 0; i < std::size(kColumns); ++i)
    if (static_cast<std::size_t>(kColumns[i].id) != i) return false;
  return true;
}
static_assert(in_enum_order(), "kColumns is indexed by Column");

const ColumnInfo& info(Column c) { return kColumns[static_cast<std::size_t>(c)]; }

constexpr Column kDefault[] = {Column::rank, Column::extras, Column::figure, Column::library, Column::version, Column::ci,
                               Column::relative, Column::peak, Column::counters, Column::marks};

std::string known_names() {
  std::string out;
  for (const auto& c : kColumns) out += std::string(c.name) + ", ";
  return out + "default, all";
}

void add(ColumnChoice& choice, Column c) {
  if (!choice.has(c)) choice.shown.push_back(c);
}

}  // namespace

bool ColumnChoice::has(Column c) const { return std::find(shown.begin(), shown.end(), c) != shown.end(); }

ColumnChoice default_columns() {
  ColumnChoice choice;
  for (const auto& c : kColumns)
    if (std::find(std::begin(kDefault), std::end(kDefault), c.id) != std::end(kDefault)) choice.shown.push_back(c.id);
  return choice;
}

ColumnChoice all_columns() {
  ColumnChoice choice{{}, true};
  for (const auto& c : kColumns) choice.shown.push_back(c.id);
  return choice;
}

ColumnChoice columns_from(const std::string& text) {
  ColumnChoice asked{{Column::library}};
  std::size_t start = 0;
  while (start <= text.size()) {
    const std::size_t end = std::min(text.find(',', start), text.size());
    const std::string name = text.substr(start, end - start);
    start = end + 1;
    if (name == "all") asked.full_names = true;
    const ColumnChoice named = name == "all" ? all_columns() : name == "default" ? default_columns() : ColumnChoice{};
    for (Column c : named.shown) add(asked, c);
    if (!named.shown.empty()) continue;
    const auto* known = std::find_if(std::begin(kColumns), std::end(kColumns), [&](const ColumnInfo& c) { return c.name == name; });
    if (known == std::end(kColumns))
      throw std::invalid_argument(name.empty() ? "--columns has an empty name in '" + text + "' (columns: " + known_names() + ")"
                                               : "--columns: unknown column '" + name + "' (columns: " + known_names() + ")");
    add(asked, known->id);
  }
  std::sort(asked.shown.begin(), asked.shown.end());  // the tables' order
  return asked;
}

bool takes_columns(std::string_view format) { return format == "text" || format == "md" || format == "html"; }

const char* column_name(Column c) { return info(c).name; }
const char* column_help(Column c) { return info(c).help; }

std::string columns_help() {
  std::string out = "Columns (--columns NAME,...; default: ";
  const auto d = default_columns();
  for (std::size_t i = 0; i < d.shown.size(); ++i) out += (i ? "," : "") + std::string(info(d.shown[i]).name);
  out += "; all: every one, names and versions uncut):\n";
  for (const auto& c : kColumns) out += fmt::format("  {:<9} {}\n", c.name, c.help);
  return out;
}

}  // namespace benchbox
