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

constexpr double kWidth = 760, kHeight = 420, kLeft = 70, kRight = 170, kTop = 50, kBottom = 50;
constexpr const char* kPalette[] = {"#4878a8", "#d9730d", "#3a9a5b", "#b03a48", "#7b5ea7", "#8c6d31",
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
// the order they first appear; every point's x and y.
struct SweepLines {
  std::map<std::string, std::vector<std::pair<double, double>>> lines;
  std::vector<std::string> order;
  std::vector<double> xs, ys;
};

SweepLines sweep_lines(const Sweep& s, const FigureSpec& figure) {
  SweepLines l;
  for (const CaseGroup* g : s.points)
    for (const Measurement* m : g->rows) {
      if (!m->ok()) continue;
      if (!l.lines.count(m->row_name())) l.order.push_back(m->row_name());
      l.lines[m->row_name()].emplace_back(s.x(*g), sweep_value(figure, *m));
      l.xs.push_back(s.x(*g));
      l.ys.push_back(sweep_value(figure, *m));
    }
  return l;
}

}  // namespace

std::string render_sweep_svg(const Sweep& s, bool standalone) {
  const FigureSpec figure = sweep_figure(s);
  auto [lines, order, xs, ys] = sweep_lines(s, figure);
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
  const Axis x = axis_of(xs, false), y = axis_of(ys, true);
  const double w = kWidth - kLeft - kRight, h = kHeight - kTop - kBottom;
  auto px = [&](double v) { return kLeft + x(v) * w; };
  auto py = [&](double v) { return kTop + (1 - y(v)) * h; };
  out += fmt::format("<text x=\"12\" y=\"40\" fill=\"#555\">median {}, {}{}{}</text>\n", html_escape(figure.label),
                     figure.direction(), x.log ? "; parameter on a log scale" : "", y.log ? "; values on a log scale" : "");
  out += fmt::format("<line x1=\"{0}\" y1=\"{1}\" x2=\"{0}\" y2=\"{2}\" stroke=\"#999\"/>\n<line x1=\"{0}\" y1=\"{2}\" "
                     "x2=\"{3}\" y2=\"{2}\" stroke=\"#999\"/>\n",
                     kLeft, kTop, kTop + h, kLeft + w);
  std::vector<double> params(xs);
  std::sort(params.begin(), params.end());
  params.erase(std::unique(params.begin(), params.end()), params.end());
  for (double p : params)
    out += fmt::format("<text x=\"{:.1f}\" y=\"{:.1f}\" text-anchor=\"middle\" fill=\"#666\" font-size=\"11\">{}</text>\n", px(p),
                       kTop + h + 16, axis_value_text(p));
  for (double v : {y.lo, std::sqrt(std::max(y.lo, 1e-12) * y.hi), y.hi})
    out += fmt::format("<text x=\"{:.1f}\" y=\"{:.1f}\" text-anchor=\"end\" fill=\"#666\" font-size=\"11\">{}</text>\n",
                       kLeft - 6, py(v) + 4, format_value(v));
  out += fmt::format("<text x=\"{:.1f}\" y=\"{:.1f}\" text-anchor=\"middle\" fill=\"#444\">{}</text>\n", kLeft + w / 2,
                     kHeight - 12, html_escape(s.points.front()->param_label + " .. " + s.points.back()->param_label));
  for (std::size_t i = 0; i < order.size(); ++i) {
    const auto& points = lines[order[i]];
    const char* colour = kPalette[i % std::size(kPalette)];
    std::string path;
    for (const auto& [p, v] : points) path += fmt::format("{:.1f},{:.1f} ", px(p), py(v));
    out += fmt::format("<g class=\"line\"><title>{}</title><polyline fill=\"none\" stroke=\"{}\" stroke-width=\"1.8\" "
                       "points=\"{}\"/>\n",
                       html_escape(order[i]), colour, path);
    for (const auto& [p, v] : points)
      out += fmt::format("<circle cx=\"{:.1f}\" cy=\"{:.1f}\" r=\"2.5\" fill=\"{}\"><title>{} at {}: {} {}</title></circle>\n",
                         px(p), py(v), colour, html_escape(order[i]), axis_value_text(p), format_value(v),
                         html_escape(figure.unit));
    out += fmt::format("<text x=\"{:.1f}\" y=\"{:.1f}\" fill=\"{}\">{}</text></g>\n", kLeft + w + 10, kTop + 14 * (i + 0.5),
                       colour, html_escape(order[i]));
  }
  return out + "</svg>\n";
}

}  // namespace benchbox::chart
