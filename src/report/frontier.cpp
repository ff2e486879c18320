#include "report/frontier.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <vector>

#include "report/chart.hpp"
#include "report/escape.hpp"
#include "report/numbers.hpp"
#include "report/scale.hpp"

namespace benchbox::chart {

namespace {

constexpr double kWidth = 760, kHeight = 480, kLeft = 70, kRight = 30, kTop = 58, kBottom = 60;
constexpr const char* kFrontierColour = "#c0392b";
constexpr const char* kOtherColour = "#8a9bb0";
constexpr const char* kFloorColour = "#d9730d";

struct ScatterPoint {
  const Measurement* row;
  double x, y;
  bool frontier;
};

// The shared axis (scale.hpp) onto [0, length] pixels: logarithmic past 20x, widened to round values.
struct PixelAxis {
  Axis axis;
  double length = 1;
  bool log() const { return axis.log; }
  double operator()(double v) const { return axis(v) * length; }
};

PixelAxis make_axis(double lo, double hi, double length) { return {rounded_axis_of({lo, hi}), length}; }

std::vector<ScatterPoint> points_of(const CaseGroup& g, const FigureSpec& trade) {
  std::vector<ScatterPoint> out;
  for (const auto* m : g.rows)
    if (const FigureValues* v = m->ok() ? m->extra(trade.id) : nullptr)
      if (m->summary.median > 0) out.push_back({m, m->summary.median, v->summary.median, g.on_frontier(*m)});
  return out;
}

std::string axis_lines(const PixelAxis& x, const PixelAxis& y, const std::string& x_unit, const std::string& y_unit, double x0,
                       double y0) {
  std::string out;
  for (double t : x.axis.ticks()) {
    const double px = x0 + x(t);
    out += fmt::format("<line x1=\"{0:.1f}\" y1=\"{1}\" x2=\"{0:.1f}\" y2=\"{2}\" stroke=\"#e3e3e3\"/>\n", px, kTop, y0);
    out += fmt::format("<text class=\"tick\" x=\"{:.1f}\" y=\"{}\" text-anchor=\"middle\" fill=\"#666\" font-size=\"11\">{}</text>\n", px,
                       y0 + 15, html_escape(tick_text(t, x_unit)));
  }
  for (double t : y.axis.ticks()) {
    const double py = y0 - y(t);
    out += fmt::format("<line x1=\"{0}\" y1=\"{1:.1f}\" x2=\"{2}\" y2=\"{1:.1f}\" stroke=\"#e3e3e3\"/>\n", x0, py, kWidth - kRight);
    out += fmt::format("<text class=\"tick\" x=\"{:.1f}\" y=\"{:.1f}\" text-anchor=\"end\" fill=\"#666\" font-size=\"11\">{}</text>\n", x0 - 6,
                       py + 4, html_escape(tick_text(t, y_unit)));
  }
  return out;
}

}  // namespace

std::string frontier_slug(const CaseGroup& g) { return case_slug(g) + "-frontier"; }

std::string frontier_title(const CaseGroup& g) {
  const FigureSpec* t = g.trade_off();
  return fmt::format("{}: {} against {}", case_title(g), g.figure.label, t ? t->label : "?");
}

std::string render_frontier_svg(const CaseGroup& g, bool standalone) {
  const FigureSpec& trade = *g.trade_off();
  auto points = points_of(g, trade);
  const double x0 = kLeft, y0 = kHeight - kBottom;
  std::string out = standalone ? "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n" : "";
  out += fmt::format(
      "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{0}\" height=\"{1}\" viewBox=\"0 0 {0} {1}\" role=\"img\" "
      "font-family=\"sans-serif\" font-size=\"12\">\n<title>{2}</title>\n<rect width=\"100%\" height=\"100%\" fill=\"#ffffff\"/>\n"
      "<text x=\"12\" y=\"22\" font-size=\"15\" font-weight=\"bold\" fill=\"#222\">{2}</text>\n"
      // Each axis says which way is better: the line says only what the colours mean (it fits the width).
      "<text x=\"12\" y=\"40\" fill=\"#555\">red: the frontier, rows no other row beats on both; orange: the reference</text>\n",
      kWidth, kHeight, html_escape(frontier_title(g)));
  if (points.empty()) return out + fmt::format("<text x=\"12\" y=\"{}\" fill=\"#555\">no verified results</text>\n</svg>\n", kTop + 14);
  auto [xmin, xmax] = std::minmax_element(points.begin(), points.end(), [](const ScatterPoint& a, const ScatterPoint& b) { return a.x < b.x; });
  auto [ymin, ymax] = std::minmax_element(points.begin(), points.end(), [](const ScatterPoint& a, const ScatterPoint& b) { return a.y < b.y; });
  const PixelAxis x = make_axis(xmin->x, xmax->x, kWidth - kLeft - kRight), y = make_axis(ymin->y, ymax->y, y0 - kTop);
  out += axis_lines(x, y, g.figure.unit, trade.unit, x0, y0);
  out += fmt::format("<text x=\"{}\" y=\"{}\" text-anchor=\"middle\" fill=\"#222\">{} ({}{})</text>\n", x0 + x.length / 2, kHeight - 18,
                     html_escape(g.figure.label), g.figure.direction(), x.log() ? ", log scale" : "");
  out += fmt::format("<text x=\"16\" y=\"{0}\" transform=\"rotate(-90 16 {0})\" text-anchor=\"middle\" fill=\"#222\">{1} ({2})</text>\n",
                     kTop + (y0 - kTop) / 2, html_escape(trade.label), trade.direction());
  std::vector<ScatterPoint> frontier;
  for (const auto& p : points)
    if (p.frontier) frontier.push_back(p);
  std::sort(frontier.begin(), frontier.end(), [](const ScatterPoint& a, const ScatterPoint& b) { return a.x < b.x; });
  std::string line;
  for (const auto& p : frontier) line += fmt::format("{:.1f},{:.1f} ", x0 + x(p.x), y0 - y(p.y));
  if (frontier.size() > 1)
    out += fmt::format("<polyline class=\"frontier\" points=\"{}\" fill=\"none\" stroke=\"{}\" stroke-width=\"1.5\"/>\n", line,
                       kFrontierColour);
  for (const auto& p : points) {
    const char* colour = p.row->reference ? kFloorColour : p.frontier ? kFrontierColour : kOtherColour;
    out += fmt::format("<g class=\"{}\"><title>{}: {} {}, {} {}</title><circle cx=\"{:.1f}\" cy=\"{:.1f}\" r=\"{}\" fill=\"{}\"/>",
                       p.frontier ? "point frontier" : "point", html_escape(p.row->row_name()), format_value(p.x),
                       html_escape(g.figure.unit), html_escape(trade.label), format_value(p.y), x0 + x(p.x), y0 - y(p.y),
                       p.frontier ? 4.5 : 3.5, colour);
    if (p.frontier || p.row->reference)
      out += fmt::format("<text x=\"{:.1f}\" y=\"{:.1f}\" fill=\"#222\" font-size=\"11\">{}</text>", x0 + x(p.x) + 6,
                         y0 - y(p.y) - 6, html_escape(p.row->row_name()));
    out += "</g>\n";
  }
  return out + "</svg>\n";
}

}  // namespace benchbox::chart
