#include "report/chart.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <vector>

#include "report/escape.hpp"
#include "report/numbers.hpp"
#include "report/scale.hpp"

namespace benchbox::chart {

std::string case_slug(const CaseGroup& g) {
  std::string out;
  for (char c : fmt::format("{}-{}-{}", g.module, g.case_id, g.point.key())) {
    const bool keep = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '-' || c == '_' || c == '.';
    out += keep ? c : '_';
  }
  return out;
}

std::string case_title(const CaseGroup& g) { return fmt::format("{} {}, {}{}", g.module, g.case_id, g.param_label, g.cpus_note()); }

namespace {

constexpr double kWidth = 760, kTop = 58, kRowHeight = 26, kBarHeight = 16, kCharWidth = 7.2;
constexpr const char* kBarColour = "#4878a8";
constexpr const char* kFloorColour = "#d9730d";
constexpr const char* kMemoryColour = "#6a9f58";
// The peak-memory panel beside the bars: its width, and the part of it the bars may take.
constexpr double kMemoryWidth = 220, kMemoryBarWidth = 130;

// Maps a row's figure to a pixel offset from the start of the bar area, on the shared axis (scale.hpp).
struct Scale {
  Axis axis;
  double width = 1;
  bool log() const { return axis.log; }
  double operator()(double v) const { return axis(v) * width; }
};

// Bars start at 0 on a linear axis; a log axis (medians spanning more than 20x) runs between
// powers of ten. The reference row (the floor) does not set the scale, unless it is alone: its
// line is drawn where it falls, or said to lie off the chart.
Scale make_scale(const std::vector<const Measurement*>& ok, double width) {
  std::vector<const Measurement*> rows;
  for (const auto* m : ok)
    if (!m->reference) rows.push_back(m);
  if (rows.empty()) rows = ok;
  std::vector<double> medians, values;
  for (const auto* m : rows) {
    medians.push_back(m->summary.median);
    values.insert(values.end(), {m->summary.median, m->summary.min, m->summary.max});
  }
  const auto [mn, mx] = std::minmax_element(values.begin(), values.end());
  if (!axis_of(medians, true).log) return {rounded_axis_of({0.0, *mx}, true), width};
  Scale s{Axis{std::pow(10, std::floor(std::log10(*mn))), std::pow(10, std::ceil(std::log10(*mx))), true}, width};
  if (s.axis.hi <= s.axis.lo) s.axis.hi = s.axis.lo * 10;
  return s;
}

std::string status_label(Status s) {
  return s == Status::failed ? "FAILED" : s == Status::not_applicable ? "n/a" : "not available";
}

std::string shorten(const std::string& s, std::size_t max_chars) {
  if (s.size() <= max_chars) return s;
  std::size_t cut = max_chars - 1;
  while (cut > 0 && (static_cast<unsigned char>(s[cut]) & 0xC0) == 0x80) --cut;  // not inside a UTF-8 sequence
  return s.substr(0, cut) + "\xE2\x80\xA6";
}

bool has_memory(const std::vector<const Measurement*>& ok) {
  return std::any_of(ok.begin(), ok.end(), [](const Measurement* m) { return m->peak_rss_bytes > 0; });
}

// Peak resident memory of each row's processes, beside its time bar on the same line: what a
// library costs in memory is read next to what it costs in time (linear scale from 0).
std::string memory_panel(const std::vector<const Measurement*>& ok, double rows_bottom) {
  double max_mib = 0;
  for (const auto* m : ok) max_mib = std::max(max_mib, static_cast<double>(m->peak_rss_bytes) / (1 << 20));
  if (max_mib <= 0) return {};
  const double x0 = kWidth + 10;
  std::string out = fmt::format(
      "<text x=\"{:.1f}\" y=\"{}\" fill=\"#555\">peak resident MiB (lower: better)</text>\n"
      "<line x1=\"{:.1f}\" y1=\"{}\" x2=\"{:.1f}\" y2=\"{}\" stroke=\"#999\"/>\n",
      x0, 22, x0, kTop - 4, x0, rows_bottom);
  double y = kTop;
  for (const auto* m : ok) {
    if (m->peak_rss_bytes > 0) {
      const double mib = static_cast<double>(m->peak_rss_bytes) / (1 << 20);
      const double w = std::max(1.0, mib / max_mib * kMemoryBarWidth);
      out += fmt::format(
          "<g class=\"memory\"><title>{0}: peak resident memory {1:.1f} MiB</title>"
          "<rect x=\"{2:.1f}\" y=\"{3:.1f}\" width=\"{4:.1f}\" height=\"{5}\" fill=\"{6}\"/>"
          "<text x=\"{7:.1f}\" y=\"{8:.1f}\" fill=\"#222\">{1:.1f}</text></g>\n",
          html_escape(m->row_name()), mib, x0, y + 3, w, kBarHeight - 6, kMemoryColour, x0 + w + 5, y + kBarHeight / 2 + 4);
    }
    y += kRowHeight;
  }
  return out;
}

// In brackets after a bar's value: the paired ratio to the reference row where the run has one
// (what the host did in each round cancels), the ratio to the best otherwise.
std::string bracket_text(const CaseGroup& g, const Measurement& m) {
  return m.reference_ratio && !m.reference ? CaseGroup::vs_reference(m) + " ref" : fmt::format("{:.2f}x", g.relative(m));
}

// The text right of a bar, as drawn (unescaped): what its width is measured on.
std::string value_label(const CaseGroup& g, const Measurement& m) {
  return fmt::format("{} {} ({})", format_value(m.summary.median), g.figure.unit, bracket_text(g, m));
}

// The scale's grid lines and tick labels, and the axis at x0.
std::string grid_and_axis(const Scale& scale, const std::string& unit, double x0, double rows_bottom) {
  std::string out;
  for (double t : scale.axis.ticks()) {
    const double x = x0 + scale(t);
    out += fmt::format("<line x1=\"{0:.1f}\" y1=\"{1}\" x2=\"{0:.1f}\" y2=\"{2}\" stroke=\"#e3e3e3\"/>\n", x, kTop - 4,
                       rows_bottom);
    out += fmt::format("<text class=\"tick\" x=\"{:.1f}\" y=\"{}\" text-anchor=\"middle\" fill=\"#666\" font-size=\"11\">{}</text>\n", x,
                       rows_bottom + 15, html_escape(tick_text(t, unit)));
  }
  out += fmt::format("<line x1=\"{0}\" y1=\"{1}\" x2=\"{0}\" y2=\"{2}\" stroke=\"#999\"/>\n", x0, kTop - 4, rows_bottom);
  return out;
}

// One bar per verified row: its name, median, min..max whisker and bracketed ratio.
std::string bars(const CaseGroup& g, const std::vector<const Measurement*>& ok, const Scale& scale, double x0, double label_width) {
  std::string out;
  double y = kTop;
  for (const auto* m : ok) {
    const Summary& s = m->summary;
    const bool is_ref = m->reference;
    const double w = std::max(1.0, scale(s.median));
    const std::string unit = html_escape(g.figure.unit);
    out += fmt::format("<g class=\"bar\"><title>{0}: median {1} {3}, min {2} {3}, max {4} {3}, {5} repetitions</title>\n",
                       html_escape(m->row_name()), format_value(s.median), format_value(s.min), unit, format_value(s.max), s.n);
    out += fmt::format("<text x=\"{:.1f}\" y=\"{:.1f}\" text-anchor=\"end\" fill=\"#222\"{}>{}</text>\n", label_width,
                       y + kBarHeight / 2 + 4, is_ref ? " font-weight=\"bold\"" : "",
                       html_escape(shorten(m->row_name(), 24)));
    out += fmt::format("<rect x=\"{:.1f}\" y=\"{:.1f}\" width=\"{:.1f}\" height=\"{}\" fill=\"{}\"/>\n", x0, y, w, kBarHeight,
                       is_ref ? kFloorColour : kBarColour);
    if (s.n > 1 && !m->figure.exact())
      out += fmt::format("<line x1=\"{:.1f}\" y1=\"{:.1f}\" x2=\"{:.1f}\" y2=\"{:.1f}\" stroke=\"#222\" stroke-width=\"1.2\"/>\n",
                         x0 + scale(s.min), y + kBarHeight / 2, x0 + scale(s.max), y + kBarHeight / 2);
    out += fmt::format("<text x=\"{:.1f}\" y=\"{:.1f}\" fill=\"#222\">{} {} <tspan fill=\"#777\">({})</tspan></text>\n",
                       x0 + std::max(w, scale(s.max)) + 6, y + kBarHeight / 2 + 4, format_value(s.median),
                       html_escape(g.figure.unit), bracket_text(g, *m));
    out += "</g>\n";
    y += kRowHeight;
  }
  return out;
}

// The reference row's median as a dashed line across the rows; where the axis (set by the other
// rows) does not reach it, the line stands at the axis's end and says how far off it lies.
std::string floor_line(const Measurement& floor, const Scale& scale, const std::string& unit, double x0, double rows_bottom) {
  const double v = floor.summary.median, x = x0 + scale(v);
  std::string out = fmt::format(
      "<line class=\"floor\" x1=\"{0:.1f}\" y1=\"{1}\" x2=\"{0:.1f}\" y2=\"{2}\" stroke=\"{3}\" stroke-width=\"1.5\" "
      "stroke-dasharray=\"4 3\"/>\n",
      x, kTop - 6, rows_bottom, kFloorColour);
  if (!scale.axis.contains(v))
    out += fmt::format("<text class=\"floor-off\" x=\"{:.1f}\" y=\"{}\" text-anchor=\"{}\" fill=\"{}\" font-size=\"11\">"
                       "{}: {} off the chart</text>\n",
                       x, kTop - 10, v > scale.axis.hi ? "end" : "start", kFloorColour, html_escape(floor.row_name()),
                       html_escape(tick_text(v, unit)));
  return out;
}

// The rows without a number (failed, n/a, not available), each with its reason, under the axis.
std::string without_number(const std::vector<const Measurement*>& other, double axis_bottom) {
  std::string out;
  if (other.empty()) return out;
  double y = axis_bottom + 22;
  out += fmt::format("<text x=\"12\" y=\"{}\" fill=\"#222\" font-weight=\"bold\">Without a number:</text>\n", y);
  for (const auto* m : other) {
    y += 18;
    const std::string line = m->row_name() + " \xE2\x80\x94 " + status_label(m->status) + ": " + m->reason;
    out += fmt::format("<text class=\"missing\" x=\"20\" y=\"{}\" fill=\"{}\"><title>{}</title>{}</text>\n", y,
                       m->status == Status::failed ? "#b00020" : "#555", html_escape(line), html_escape(shorten(line, 100)));
  }
  return out;
}

}  // namespace

std::string render_svg(const CaseGroup& g, bool standalone) {
  std::vector<const Measurement*> ok, other;
  for (const auto* m : g.rows) (m->ok() ? ok : other).push_back(m);

  std::size_t label_chars = 8;
  for (const auto* m : ok) label_chars = std::max(label_chars, m->row_name().size());
  const double label_width = std::min(24.0, static_cast<double>(label_chars)) * kCharWidth + 16;
  // The value labels right of the bars need room before the memory panel: as long as the longest.
  std::size_t value_chars = 0;
  for (const auto* m : ok) value_chars = std::max(value_chars, value_label(g, *m).size());
  const double value_space = std::clamp(static_cast<double>(value_chars) * kCharWidth + 14, 150.0, 330.0);
  const double x0 = label_width + 8, bar_width = kWidth - x0 - value_space;
  const double rows_bottom = kTop + kRowHeight * static_cast<double>(std::max<std::size_t>(ok.size(), 1));
  const double axis_bottom = rows_bottom + 22;
  const double height = axis_bottom + 12 + (other.empty() ? 0 : 22 + 18 * static_cast<double>(other.size()));
  const double width = kWidth + (has_memory(ok) ? kMemoryWidth : 0);

  std::string out;
  if (standalone) out += "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n";
  const std::string title = case_title(g);
  out += fmt::format(
      "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{0}\" height=\"{1}\" viewBox=\"0 0 {0} {1}\" role=\"img\" "
      "font-family=\"sans-serif\" font-size=\"12\">\n<title>{2}: {3} ({4})</title>\n"
      "<rect width=\"100%\" height=\"100%\" fill=\"#ffffff\"/>\n"
      "<text x=\"12\" y=\"22\" font-size=\"15\" font-weight=\"bold\" fill=\"#222\">{2}</text>\n",
      width, height, html_escape(title), html_escape(g.figure.label), g.figure.direction());

  if (ok.empty()) {
    out += fmt::format("<text x=\"12\" y=\"{}\" fill=\"#555\">no verified results in this case</text>\n", kTop + 14);
  } else {
    const Scale scale = make_scale(ok, bar_width);
    const Measurement* floor = g.reference();
    out += fmt::format(
        "<text x=\"12\" y=\"40\" fill=\"#555\">{} ({}), {}{}{}</text>\n", html_escape(g.figure.label),
        g.figure.exact() ? summary_note(g.figure) : "median of the repetitions; whiskers: min..max", g.figure.direction(),
        scale.log() ? "; log scale" : "",
        !floor                  ? ""
        : floor->reference_ratio ? "; orange: the reference (floor); (N.NNx ref): paired ratio to it, round by round"
                                 : "; orange: the reference (floor)");
    out += grid_and_axis(scale, g.figure.unit, x0, rows_bottom);
    out += bars(g, ok, scale, x0, label_width);
    if (floor) out += floor_line(*floor, scale, g.figure.unit, x0, rows_bottom);
    out += memory_panel(ok, rows_bottom);
  }

  out += without_number(other, axis_bottom);
  out += "</svg>\n";
  return out;
}

}  // namespace benchbox::chart
