#include "report/sweep.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cctype>
#include <cmath>
#include <map>

#include "report/escape.hpp"
#include "report/numbers.hpp"
#include "report/scale.hpp"

namespace benchbox::chart {
namespace {

constexpr double kWidth = 840, kHeight = 420, kLeft = 76, kRight = 250, kTop = 50, kBottom = 50;
constexpr const char* kPalette[] = {"#4878a8", "#3a9a5b", "#b03a48", "#7b5ea7", "#8c6d31",
                                    "#d45fa6", "#5f9ea0", "#777777", "#c4a000", "#1f4e79", "#9c27b0"};

// The axes of a group's point other than `axis`, as name=value.
std::string others(const CaseGroup& g, std::size_t axis) {
  std::string out;
  for (std::size_t k = 0; k < g.point.axes.size(); ++k)
    if (k != axis) out += (out.empty() ? "" : ",") + g.point.axes[k].name + "=" + g.point.axes[k].value.text;
  return out;
}

std::string file_safe(const std::string& s) {
  std::string out;
  for (char c : s) out += (std::isalnum(static_cast<unsigned char>(c)) || c == '-' || c == '_' || c == '.') ? c : '_';
  return out;
}

}  // namespace

std::string Sweep::axis_name() const {
  const auto& axes = points.front()->point.axes;
  return axes.size() > 1 ? axes[axis].name : "";
}

double Sweep::x(const CaseGroup& g) const {
  const auto& axes = g.point.axes;
  return static_cast<double>(axes.size() > 1 ? *axes[axis].value.number : *g.point.first().number);
}

std::vector<Sweep> sweeps(const std::vector<CaseGroup>& groups) {
  std::vector<Sweep> out;
  for (const auto& g : groups) {
    const std::size_t count = std::max<std::size_t>(1, g.point.axes.size());
    for (std::size_t k = 0; k < count; ++k) {
      const bool numeric = count > 1 ? g.point.axes[k].value.number.has_value() : g.point.first().number.has_value();
      if (!numeric) continue;
      const std::string fixed = count > 1 ? others(g, k) : "";
      auto it = std::find_if(out.begin(), out.end(), [&](const Sweep& s) {
        return s.module == g.module && s.case_id == g.case_id && s.axis == k && s.fixed == fixed;
      });
      if (it == out.end()) it = out.insert(out.end(), Sweep{g.module, g.case_id, k, fixed, {}});
      it->points.push_back(&g);
    }
  }
  std::erase_if(out, [](const Sweep& s) { return s.points.size() < 2; });
  return out;
}

std::string sweep_slug(const Sweep& s) {
  if (s.fixed.empty() && s.axis_name().empty()) return file_safe(fmt::format("{}-{}-sweep", s.module, s.case_id));
  return file_safe(fmt::format("{}-{}-{}-sweep{}{}", s.module, s.case_id, s.axis_name(), s.fixed.empty() ? "" : "-", s.fixed));
}

std::string sweep_title(const Sweep& s) {
  if (s.axis_name().empty()) return fmt::format("{} {}: sweep", s.module, s.case_id);
  return fmt::format("{} {}: sweep of {}{}", s.module, s.case_id, s.axis_name(), s.fixed.empty() ? "" : " (" + s.fixed + ")");
}


// A value of the swept axis as given (1048576, not 1.04858e+06): the axes are whole numbers.
std::string axis_value_text(double v) { return v == std::floor(v) && std::abs(v) < 1e15 ? fmt::format("{:.0f}", v) : fmt::format("{:g}", v); }

// The figure a sweep draws: the case's own, or, where its time has a rate of another quantity
// beside it (MB/s of a hash's input), that rate: a hash's time grows with its input's size and
// says little drawn against it, its MB/s is the curve a reader wants (small sizes: the call's cost).
FigureSpec sweep_figure(const Sweep& s) {
  const FigureSpec& own = s.points.front()->figure;
  for (const CaseGroup* g : s.points)
    for (const Measurement* m : g->rows)
      if (m->ok() && (m->rate() <= 0 || m->rate_unit == m->unit + "/s")) return own;
  for (const CaseGroup* g : s.points)
    for (const Measurement* m : g->rows)
      if (m->ok()) return FigureSpec::rate("rate", "", 1, m->rate_unit, m->rate_unit + " at the median time");
  return own;
}

// The byte rate where sweep_figure chose it for a timed row, else the row's own median.
double sweep_value(const FigureSpec& figure, const Measurement& m) {
  return figure.kind == FigureKind::rate && m.figure.timed() ? m.rate() : m.summary.median;
}

namespace {

// Each verified row's line: row name -> (the axis's value, median) in run order; the names in
// the order they first appear; every point's x and y; the reference row (the floor) apart, so
// that it does not set the scale of the rows (its y values are not in ys).
struct SweepLines {
  std::map<std::string, std::vector<std::pair<double, double>>> lines;
  std::vector<std::string> order;
  std::vector<double> xs, ys;
  std::string floor;  // the reference row's name, empty without one
};

SweepLines sweep_lines(const Sweep& s, const FigureSpec& figure) {
  SweepLines l;
  for (const CaseGroup* g : s.points)
    for (const Measurement* m : g->rows) {
      if (!m->ok()) continue;
      if (!l.lines.count(m->row_name())) l.order.push_back(m->row_name());
      if (m->reference) l.floor = m->row_name();
      l.lines[m->row_name()].emplace_back(s.x(*g), sweep_value(figure, *m));
      l.xs.push_back(s.x(*g));
      if (!m->reference) l.ys.push_back(sweep_value(figure, *m));
    }
  if (l.ys.empty())  // the floor alone: it is the scale
    for (const auto& [x, y] : l.lines[l.floor]) l.ys.push_back(y);
  return l;
}

constexpr double kPlotWidth = kWidth - kLeft - kRight, kPlotHeight = kHeight - kTop - kBottom;
constexpr const char* kFloorColour = "#d9730d";

struct Plot {
  Axis x, y;
  std::string x_unit, y_unit;
  double px(double v) const { return kLeft + x(v) * kPlotWidth; }
  double py(double v) const { return kTop + (1 - y(v)) * kPlotHeight; }
};

// The swept axis's unit: "size" is bytes in every module (hashing's input, a buffer); others are counts.
std::string x_unit_of(const Sweep& s) { return s.axis_name() == "size" ? "B" : ""; }

// Light gridlines and labelled ticks: y at round values, x at the swept values (at most 8 of
// them, the axis's round values beyond), then the frame.
std::string grid(const Plot& p, const std::vector<double>& xs) {
  std::string out;
  for (double t : p.y.ticks())
    out += fmt::format("<line class=\"grid\" x1=\"{0}\" y1=\"{1:.1f}\" x2=\"{2}\" y2=\"{1:.1f}\" stroke=\"#e8e8e8\"/>\n"
                       "<text class=\"tick\" x=\"{3}\" y=\"{4:.1f}\" text-anchor=\"end\" fill=\"#666\" font-size=\"11\">{5}</text>\n",
                       kLeft, p.py(t), kLeft + kPlotWidth, kLeft - 6, p.py(t) + 4, html_escape(tick_text(t, p.y_unit)));
  std::vector<double> params(xs);
  std::sort(params.begin(), params.end());
  params.erase(std::unique(params.begin(), params.end()), params.end());
  if (params.size() > 8) params = p.x.ticks();
  for (double t : params)
    out += fmt::format("<line class=\"grid\" x1=\"{0:.1f}\" y1=\"{1}\" x2=\"{0:.1f}\" y2=\"{2}\" stroke=\"#e8e8e8\"/>\n"
                       "<text class=\"tick-x\" x=\"{0:.1f}\" y=\"{3}\" text-anchor=\"middle\" fill=\"#666\" font-size=\"11\">{4}</text>\n",
                       p.px(t), kTop, kTop + kPlotHeight, kTop + kPlotHeight + 16, html_escape(tick_text(t, p.x_unit)));
  return out + fmt::format("<line x1=\"{0}\" y1=\"{1}\" x2=\"{0}\" y2=\"{2}\" stroke=\"#999\"/>\n<line x1=\"{0}\" y1=\"{2}\" "
                           "x2=\"{3}\" y2=\"{2}\" stroke=\"#999\"/>\n",
                           kLeft, kTop, kTop + kPlotHeight, kLeft + kPlotWidth);
}

// The floor's label: its name, and where its line leaves the chart, how far (its extreme value).
std::string floor_label(const std::string& name, const std::vector<std::pair<double, double>>& points, const Plot& p) {
  double above = 0, below = INFINITY;
  for (const auto& [x, v] : points) {
    if (v > p.y.hi) above = std::max(above, v);
    if (v < p.y.lo) below = std::min(below, v);
  }
  if (above > 0) return fmt::format("{} (above the chart: up to {})", name, tick_text(above, p.y_unit));
  if (below < INFINITY) return fmt::format("{} (below the chart: down to {})", name, tick_text(below, p.y_unit));
  return name;
}

// One line: its polyline, a circle per point on the chart, its label at its end (`label_y`).
std::string line_svg(const std::string& name, const std::vector<std::pair<double, double>>& points, const Plot& p,
                     const char* colour, bool floor, double label_y, const FigureSpec& figure) {
  std::string path, circles;
  for (const auto& [x, v] : points) {
    path += fmt::format("{:.1f},{:.1f} ", p.px(x), p.py(v));
    if (p.y.contains(v))
      circles += fmt::format("<circle cx=\"{:.1f}\" cy=\"{:.1f}\" r=\"2.5\" fill=\"{}\"><title>{} at {}: {} {}</title></circle>\n",
                             p.px(x), p.py(v), colour, html_escape(name), axis_value_text(x), format_value(v), html_escape(figure.unit));
  }
  std::string label;  // none (NaN) where the chart had no room left: the line's tooltip names it
  if (!std::isnan(label_y)) {
    const double end_y = p.py(points.back().second);
    if (std::fabs(end_y - label_y) > 3)  // a label moved off its line's end: a leader back to it
      label += fmt::format("<line x1=\"{:.1f}\" y1=\"{:.1f}\" x2=\"{:.1f}\" y2=\"{:.1f}\" stroke=\"{}\" stroke-width=\"0.6\"/>\n",
                           p.px(points.back().first) + 2, end_y, kLeft + kPlotWidth + 6, label_y, colour);
    label += fmt::format("<text class=\"end-label\" x=\"{:.1f}\" y=\"{:.1f}\" fill=\"{}\">{}</text>", kLeft + kPlotWidth + 8,
                         label_y + 4, colour, html_escape(floor ? floor_label(name, points, p) : name));
  }
  return fmt::format("<g class=\"{}\"><title>{}</title><polyline fill=\"none\" stroke=\"{}\" stroke-width=\"{}\"{} points=\"{}\"/>\n{}{}</g>\n",
                     floor ? "line floor" : "line", html_escape(name), colour, floor ? "1.5" : "1.8",
                     floor ? " stroke-dasharray=\"5 3\"" : "", path, circles, label);
}

// The heights of the lines' end labels, kept apart; as many as the chart's height holds (the
// floor's first), NaN for the rest, which a last line counts.
std::vector<double> end_label_heights(const std::vector<double>& ends, const std::vector<bool>& floor, std::string& more) {
  const auto fit = static_cast<std::size_t>((kHeight - 14 - kTop - 4) / 14);
  std::vector<std::size_t> shown;
  for (std::size_t i = 0; i < ends.size(); ++i)
    if (floor[i]) shown.push_back(i);
  for (std::size_t i = 0; i < ends.size() && shown.size() < (ends.size() > fit ? fit - 1 : fit); ++i)
    if (!floor[i]) shown.push_back(i);
  std::vector<double> wanted;
  for (std::size_t i : shown) wanted.push_back(ends[i]);
  const auto at = spread_labels(wanted, 14, kTop + 4, std::max(kTop + kPlotHeight, kTop + 4 + 14 * static_cast<double>(wanted.size())));
  std::vector<double> out(ends.size(), std::nan(""));
  for (std::size_t k = 0; k < shown.size(); ++k) out[shown[k]] = at[k];
  if (shown.size() < ends.size())
    more = fmt::format("<text x=\"{:.1f}\" y=\"{:.1f}\" fill=\"#555\">and {} more (see each line's tooltip)</text>\n",
                       kLeft + kPlotWidth + 8, kHeight - 8, ends.size() - shown.size());
  return out;
}

}  // namespace

std::string render_sweep_svg(const Sweep& s, bool standalone) {
  const FigureSpec figure = sweep_figure(s);
  auto [lines, order, xs, ys, floor] = sweep_lines(s, figure);
  std::string out = standalone ? "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n" : "";
  const std::string title =
      s.axis_name().empty()
          ? fmt::format("{} {}: {} against the parameter", s.module, s.case_id, figure.label)
          : fmt::format("{} {}: {} against {}{}", s.module, s.case_id, figure.label, s.axis_name(), s.fixed.empty() ? "" : " (" + s.fixed + ")");
  out += fmt::format(
      "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{0}\" height=\"{1}\" viewBox=\"0 0 {0} {1}\" role=\"img\" "
      "font-family=\"sans-serif\" font-size=\"12\">\n<title>{2} ({3})</title>\n<rect width=\"100%\" height=\"100%\" "
      "fill=\"#ffffff\"/>\n<text x=\"12\" y=\"22\" font-size=\"15\" font-weight=\"bold\" fill=\"#222\">{2}</text>\n",
      kWidth, kHeight, html_escape(title), figure.direction());
  if (xs.empty()) return out + "<text x=\"12\" y=\"60\" fill=\"#555\">no verified results in this sweep</text>\n</svg>\n";
  Plot p{axis_of(xs, false), Axis{}, x_unit_of(s), figure.unit};
  p.y = rounded_axis_of(ys, true);
  out += fmt::format("<text x=\"12\" y=\"40\" fill=\"#555\">median {}, {}{}{}{}</text>\n", html_escape(figure.label),
                     figure.direction(), p.x.log ? "; parameter on a log scale" : "", p.y.log ? "; values on a log scale" : "",
                     floor.empty() ? "" : "; dashed: the floor, not in the scale");
  out += grid(p, xs);
  out += fmt::format("<text x=\"{:.1f}\" y=\"{:.1f}\" text-anchor=\"middle\" fill=\"#444\">{}</text>\n", kLeft + kPlotWidth / 2,
                     kHeight - 12, html_escape(s.axis_name().empty() ? "parameter" : s.axis_name()));
  std::vector<double> ends;
  std::vector<bool> is_floor;
  for (const auto& name : order) ends.push_back(p.py(lines[name].back().second)), is_floor.push_back(name == floor);
  std::string more;
  const auto label_ys = end_label_heights(ends, is_floor, more);
  for (std::size_t i = 0; i < order.size(); ++i) {
    const char* colour = is_floor[i] ? kFloorColour : kPalette[i % std::size(kPalette)];
    out += line_svg(order[i], lines[order[i]], p, colour, is_floor[i], label_ys[i], figure);
  }
  return out + more + "</svg>\n";
}

}  // namespace benchbox::chart
