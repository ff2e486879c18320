// The trend chart: a row's figure over runs, a line per row and machine, written by hand as SVG
// like the other charts (chart.cpp, sweep.cpp): no scripts, no fonts, nothing fetched.
#include <fmt/format.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <map>

#include "report/chart.hpp"
#include "report/escape.hpp"
#include "report/scale.hpp"
#include "report/trend_parts.hpp"

namespace benchbox::trend {
namespace {

constexpr double kLeft = 72, kRight = 230, kTop = 58, kBottom = 62;
constexpr double kPlotWidth = kChartWidth - kLeft - kRight, kPlotHeight = kChartHeight - kTop - kBottom;
constexpr const char* kPalette[] = {"#4878a8", "#d9730d", "#3a9a5b", "#b03a48", "#7b5ea7", "#8c6d31",
                                    "#d45fa6", "#5f9ea0", "#777777", "#c4a000", "#1f4e79", "#9c27b0"};
// Machines differ by the line's dashes, rows by its colour.
constexpr const char* kDashes[] = {"", "7 4", "2 3", "9 3 2 3"};
constexpr const char* kWorse = "#c62828";
constexpr const char* kBetter = "#2e7d32";

// Seconds since 1970 of a stored start ("2026-12-01T11:00:00Z"); 0 when it does not parse.
double seconds_of(const std::string& started) {
  int y = 0, mo = 0, d = 0, h = 0, mi = 0, s = 0;
  if (std::sscanf(started.c_str(), "%d-%d-%dT%d:%d:%d", &y, &mo, &d, &h, &mi, &s) < 3) return 0;
  const std::chrono::sys_days day{std::chrono::year{y} / mo / d};
  return static_cast<double>(day.time_since_epoch().count()) * 86400 + h * 3600 + mi * 60 + s;
}

// Where each run of the chart goes along x, in pixels from the plot's left edge.
class XAxis {
 public:
  XAxis(const Chart& chart, TrendAxis x) : x_(x) {
    std::vector<const store::TrendRow*> runs;
    for (const auto* s : chart.series)
      for (const auto& r : s->runs) runs.push_back(&r);
    std::stable_sort(runs.begin(), runs.end(), [](auto* a, auto* b) { return a->started < b->started; });
    for (const auto* r : runs) {
      const double t = seconds_of(r->started);
      first_ = std::min(first_, t), last_ = std::max(last_, t);
      if (x != TrendAxis::time && !index_.count(x_text(*r, x))) index_[x_text(*r, x)] = categories_.size(), categories_.push_back(x_text(*r, x));
    }
  }
  // The run's position; runs of one series in one category share its band, spread across it.
  double operator()(const store::TrendSeries& s, const store::TrendRow& r) const {
    if (x_ == TrendAxis::time) return time_x(seconds_of(r.started));
    const std::string key = x_text(r, x_);
    std::size_t nth = 0, count = 0;
    for (const auto& o : s.runs) {
      if (x_text(o, x_) != key) continue;
      nth += &o < &r;
      ++count;
    }
    const double band = kPlotWidth / static_cast<double>(categories_.size());
    return band * (static_cast<double>(index_.at(key)) + 0.5 + 0.5 * ((static_cast<double>(nth) + 0.5) / static_cast<double>(count) - 0.5));
  }
  std::string ticks(double bottom) const;
  double time_x(double seconds) const {
    return last_ > first_ ? kPlotWidth * (0.04 + 0.92 * (seconds - first_) / (last_ - first_)) : kPlotWidth / 2;
  }
  static std::string time_label(double seconds, bool date_only);
  std::string title() const {
    return x_ == TrendAxis::time ? "run start (UTC)" : x_ == TrendAxis::version ? "library version" : "benchbox revision";
  }

 private:
  TrendAxis x_;
  double first_ = INFINITY, last_ = -INFINITY;
  std::vector<std::string> categories_;
  std::map<std::string, std::size_t> index_;
};

std::string XAxis::ticks(double bottom) const {
  std::string out;
  const auto label = [&](double px, const std::string& text) {
    out += fmt::format("<text x=\"{:.1f}\" y=\"{:.1f}\" text-anchor=\"middle\" fill=\"#666\" font-size=\"11\">{}</text>\n",
                       kLeft + px, bottom + 16, html_escape(text));
  };
  if (x_ != TrendAxis::time) {
    const std::size_t every = (categories_.size() + 9) / 10, n = categories_.size();
    const std::size_t chars = std::max<std::size_t>(4, static_cast<std::size_t>(kPlotWidth / static_cast<double>(n) * every / 7));
    for (std::size_t k = 0; k < n; k += every)
      label(kPlotWidth * (static_cast<double>(k) + 0.5) / static_cast<double>(n),
            shorten(categories_[k], chars));
    return out;
  }
  if (!(last_ > first_)) {
    label(kPlotWidth / 2, time_label(first_, false));
    return out;
  }
  // Ticks at round times, 6 at most: minutes, hours, days, weeks, months.
  constexpr double kMinute = 60, kHour = 3600, kDay = 24 * kHour;
  double step = 365 * kDay;
  for (double candidate : {kMinute, 2 * kMinute, 5 * kMinute, 10 * kMinute, 15 * kMinute, 30 * kMinute, kHour, 2 * kHour, 3 * kHour, 6 * kHour, 12 * kHour, kDay, 2 * kDay, 7 * kDay, 14 * kDay, 30 * kDay, 91 * kDay, 182 * kDay})
    if ((last_ - first_) / candidate <= 6) {
      step = candidate;
      break;
    }
  for (double t = std::ceil(first_ / step) * step; t <= last_; t += step) label(time_x(t), time_label(t, step >= kDay));
  return out;
}

// "2026-12-02", or "12-02 14:00" within a day.
std::string XAxis::time_label(double t, bool date_only) {
  const auto seconds = static_cast<long long>(t);
  const std::chrono::year_month_day day{std::chrono::sys_days{std::chrono::days{seconds / 86400}}};
  const long long minutes = seconds % 86400 / 60;
  return date_only ? fmt::format("{}-{:02}-{:02}", int(day.year()), unsigned(day.month()), unsigned(day.day()))
                   : fmt::format("{:02}-{:02} {:02}:{:02}", unsigned(day.month()), unsigned(day.day()), minutes / 60, minutes % 60);
}

// Pixels from the chart's top of a value.
struct YAxis {
  chart::Axis axis;
  double operator()(double v) const { return kTop + (1 - axis(v)) * kPlotHeight; }
};

bool drawn(const store::TrendRow& r) { return r.status == "ok" && r.median && *r.median > 0; }

YAxis y_axis_of(const Chart& c) {
  std::vector<double> values;
  for (const auto* s : c.series)
    for (const auto& r : s->runs) {
      if (!drawn(r)) continue;
      values.push_back(*r.median);
      if (r.ci_low && *r.ci_low > 0) values.push_back(*r.ci_low);
      if (r.ci_high && *r.ci_high > 0) values.push_back(*r.ci_high);
    }
  return {values.empty() ? chart::Axis{} : chart::rounded_axis_of(values)};
}

std::string frame(const YAxis& y, const XAxis& x, const std::string& unit) {
  std::string out;
  for (double t : y.axis.ticks())
    out += fmt::format(
        "<line x1=\"{0}\" y1=\"{1:.1f}\" x2=\"{2}\" y2=\"{1:.1f}\" stroke=\"#e3e3e3\"/>\n"
        "<text class=\"tick\" x=\"{3}\" y=\"{4:.1f}\" text-anchor=\"end\" fill=\"#666\" font-size=\"11\">{5}</text>\n",
        kLeft, y(t), kLeft + kPlotWidth, kLeft - 6, y(t) + 4, html_escape(chart::tick_text(t, unit)));
  const double bottom = kTop + kPlotHeight;
  out += fmt::format("<line x1=\"{0}\" y1=\"{1}\" x2=\"{0}\" y2=\"{2}\" stroke=\"#999\"/>\n"
                     "<line x1=\"{0}\" y1=\"{2}\" x2=\"{3}\" y2=\"{2}\" stroke=\"#999\"/>\n",
                     kLeft, kTop, bottom, kLeft + kPlotWidth);
  out += x.ticks(bottom);
  out += fmt::format("<text x=\"{:.1f}\" y=\"{:.1f}\" text-anchor=\"middle\" fill=\"#444\">{}</text>\n",
                     kLeft + kPlotWidth / 2, kChartHeight - 16, x.title());
  return out;
}

// A run's circle and its interval as an error bar, with what it was in its tooltip.
std::string run_svg(const store::TrendSeries& s, const store::TrendRow& r, double px, const YAxis& y, const char* colour) {
  std::string out;
  if (r.ci_low && r.ci_high && *r.ci_low > 0 && *r.ci_high > *r.ci_low)
    out += fmt::format(
        "<path class=\"error-bar\" d=\"M{0:.1f},{1:.1f}V{2:.1f}M{3:.1f},{1:.1f}H{4:.1f}M{3:.1f},{2:.1f}H{4:.1f}\" "
        "stroke=\"{5}\" stroke-width=\"1.2\" fill=\"none\"/>\n",
        px, y(*r.ci_low), y(*r.ci_high), px - 3, px + 3, colour);
  const std::string what = fmt::format("{}, run #{} ({}{}{}): {} {}", s.row_name, r.run_id, date_text(r.started),
                                       r.version.empty() ? "" : ", version " + r.version,
                                       r.revision.empty() ? "" : ", revision " + r.revision, cell_text(r), s.unit);
  out += fmt::format("<circle class=\"run\" cx=\"{:.1f}\" cy=\"{:.1f}\" r=\"3\" fill=\"{}\"><title>{}</title></circle>\n", px,
                     y(*r.median), colour, html_escape(what));
  return out;
}

// A change: a dashed line through the plot, a triangle above (worse) or below (better) the run.
std::string change_svg(const store::TrendSeries& s, const store::Change& c, double px, const YAxis& y) {
  const store::TrendRow& r = s.runs[c.index];
  const bool worse = c.change > 0;
  const char* colour = worse ? kWorse : kBetter;
  const double top = y(r.ci_high ? std::max(*r.ci_high, *r.median) : *r.median) - 8;
  const double bottom = y(r.ci_low && *r.ci_low > 0 ? std::min(*r.ci_low, *r.median) : *r.median) + 8;
  const double tip = worse ? top - 9 : bottom + 9, base = worse ? top : bottom;
  std::string out = fmt::format("<g class=\"change\"><title>{}: {}</title>\n", html_escape(s.row_name), html_escape(change_sentence(s, c)));
  out += fmt::format("<line x1=\"{0:.1f}\" y1=\"{1}\" x2=\"{0:.1f}\" y2=\"{2}\" stroke=\"{3}\" stroke-dasharray=\"3 3\" opacity=\"0.6\"/>\n",
                     px, kTop, kTop + kPlotHeight, colour);
  out += fmt::format("<path d=\"M{0:.1f},{1:.1f}L{2:.1f},{3:.1f}L{4:.1f},{3:.1f}Z\" fill=\"{5}\"/>\n", px, tip, px - 6, base, px + 6, colour);
  out += fmt::format("<text x=\"{:.1f}\" y=\"{:.1f}\" fill=\"{}\" font-size=\"11\" font-weight=\"bold\">{:+.1f}%</text>\n</g>\n",
                     px + 8, worse ? tip + 4 : tip + 4, colour, 100 * c.change);
  return out;
}

struct Style {
  const char* colour;
  const char* dashes;
};

std::string series_svg(const store::TrendSeries& s, const Style& style, double dodge, const XAxis& x, const YAxis& y) {
  std::string points, runs, missing, changes;
  for (const auto& r : s.runs) {
    const double px = kLeft + x(s, r) + dodge;
    if (!drawn(r)) {
      missing += fmt::format("<text class=\"missing-run\" x=\"{:.1f}\" y=\"{:.1f}\" text-anchor=\"middle\" fill=\"{}\">\u00d7<title>{}, run #{}: {}</title></text>\n",
                             px, kTop + kPlotHeight - 4, style.colour, html_escape(s.row_name), r.run_id, html_escape(cell_text(r)));
      continue;
    }
    points += fmt::format("{:.1f},{:.1f} ", px, y(*r.median));
    runs += run_svg(s, r, px, y, style.colour);
    if (const store::Change* c = change_at(s, run_index(s, r))) changes += change_svg(s, *c, px, y);
  }
  return fmt::format("<g class=\"series\"><title>{} ({})</title>\n<polyline fill=\"none\" stroke=\"{}\" stroke-width=\"1.6\"{} points=\"{}\"/>\n{}{}{}</g>\n",
                     html_escape(s.row_name), html_escape(s.machine), style.colour,
                     *style.dashes ? fmt::format(" stroke-dasharray=\"{}\"", style.dashes) : "", points, runs, missing, changes);
}

// Right of the plot, each series' label at the height of its last run (kept apart, in the lines'
// order there): a sample of its line, its row and, when the chart has several, its machine.
std::string end_labels(const Chart& c, const std::vector<Style>& styles, bool machines, const YAxis& y) {
  std::vector<double> ends;
  std::vector<std::size_t> labelled;
  for (std::size_t i = 0; i < c.series.size(); ++i) {
    const auto& runs = c.series[i]->runs;
    const auto last = std::find_if(runs.rbegin(), runs.rend(), drawn);
    if (last == runs.rend()) continue;
    ends.push_back(y(*last->median));
    labelled.push_back(i);
  }
  // As many as the chart's height holds, in the chart's order; the rest are named in their lines' tooltips.
  const auto fit = static_cast<std::size_t>((kChartHeight - 14 - kTop) / 14);
  std::string out;
  const double x0 = kLeft + kPlotWidth + 12;
  if (labelled.size() > fit) {
    out += fmt::format("<text x=\"{}\" y=\"{:.1f}\" fill=\"#555\">and {} more (see each line's tooltip)</text>\n", x0,
                       kChartHeight - 8, labelled.size() - (fit - 1));
    labelled.resize(fit - 1);
    ends.resize(fit - 1);
  }
  const auto at = chart::spread_labels(ends, 14, kTop, std::max(kTop + kPlotHeight, kTop + 14 * static_cast<double>(ends.size())));
  for (std::size_t k = 0; k < labelled.size(); ++k) {
    const auto* s = c.series[labelled[k]];
    const Style& st = styles[labelled[k]];
    const std::string text = shorten(s->row_name, 22) + (machines ? " \u00b7 " + shorten(s->machine, 14) : "");
    out += fmt::format("<g class=\"legend\"><line x1=\"{0}\" y1=\"{1:.1f}\" x2=\"{2}\" y2=\"{1:.1f}\" stroke=\"{3}\" stroke-width=\"2\"{4}/>"
                       "<text class=\"end-label\" x=\"{5}\" y=\"{6:.1f}\" fill=\"{3}\">{7}</text></g>\n",
                       x0, at[k], x0 + 16, st.colour, *st.dashes ? fmt::format(" stroke-dasharray=\"{}\"", st.dashes) : "", x0 + 20,
                       at[k] + 4, html_escape(text));
  }
  return out;
}

// A colour per row and a dash pattern per machine, in the chart's first-seen order.
std::vector<Style> styles_of(const Chart& c, std::size_t& machine_count) {
  std::map<std::string, std::size_t> rows, machines;
  std::vector<Style> out;
  for (const auto* s : c.series) {
    const std::size_t row = rows.try_emplace(s->row_id, rows.size()).first->second;
    const std::size_t machine = machines.try_emplace(s->machine, machines.size()).first->second;
    out.push_back({kPalette[row % std::size(kPalette)], kDashes[machine % std::size(kDashes)]});
  }
  machine_count = machines.size();
  return out;
}

}  // namespace

std::string chart_title(const Chart& c, const std::string& title) {
  return (title.empty() ? "" : title + ", ") + c.point_label + (c.row_name.empty() ? "" : ": " + c.row_name);
}

std::string chart_svg(const Chart& c, TrendAxis x, const std::string& title, bool standalone) {
  const store::TrendSeries& first = *c.series.front();
  const YAxis y = y_axis_of(c);
  std::string out = standalone ? "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n" : "";
  out += fmt::format(
      "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{0}\" height=\"{1}\" viewBox=\"0 0 {0} {1}\" role=\"img\" "
      "font-family=\"sans-serif\" font-size=\"12\">\n<title>{2}: {3} over runs</title>\n<rect width=\"100%\" height=\"100%\" fill=\"#ffffff\"/>\n"
      "<text x=\"12\" y=\"22\" font-size=\"15\" font-weight=\"bold\" fill=\"#222\">{2}</text>\n"
      "<text x=\"12\" y=\"40\" fill=\"#555\">{3}: median of each run, bars its 95% interval, {4} is better{5}; "
      "\u25b2 worse, \u25bc better: a change called from that run on</text>\n",
      kChartWidth, kChartHeight, html_escape(chart_title(c, title)), html_escape(first.unit), first.lower_is_better ? "lower" : "higher",
      y.axis.log ? "; log scale" : "");
  const bool any = std::any_of(c.series.begin(), c.series.end(), [](auto* s) { return std::any_of(s->runs.begin(), s->runs.end(), drawn); });
  if (!any) return out + "<text x=\"12\" y=\"80\" fill=\"#555\">no run of these rows has a number</text>\n</svg>\n";
  const XAxis xs(c, x);
  out += frame(y, xs, first.unit);
  std::size_t machines = 1;
  const auto styles = styles_of(c, machines);
  const double n = static_cast<double>(c.series.size());
  for (std::size_t i = 0; i < c.series.size(); ++i) {
    const double dodge = std::clamp((static_cast<double>(i) - (n - 1) / 2) * 2.5, -10.0, 10.0);  // error bars side by side
    out += series_svg(*c.series[i], styles[i], dodge, xs, y);
  }
  return out + end_labels(c, styles, machines > 1, y) + "</svg>\n";
}

}  // namespace benchbox::trend

namespace benchbox {

std::string trend_svg(const std::vector<store::TrendSeries>& series, TrendAxis x, const std::string& title, bool standalone) {
  const auto charts = trend::charts_of(series, x);
  if (charts.size() == 1) return trend::chart_svg(charts.front(), x, title, standalone);
  // Several charts: one document, the charts one under the other.
  const double height = trend::kChartHeight * static_cast<double>(std::max<std::size_t>(charts.size(), 1));
  std::string out = standalone ? "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n" : "";
  out += fmt::format("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{0}\" height=\"{1}\" viewBox=\"0 0 {0} {1}\" role=\"img\">\n"
                     "<title>{2}</title>\n",
                     trend::kChartWidth, height, html_escape(title.empty() ? "trend" : title + ": trend"));
  if (charts.empty()) out += "<text x=\"12\" y=\"30\" font-family=\"sans-serif\">no stored runs of these rows</text>\n";
  for (std::size_t k = 0; k < charts.size(); ++k)
    out += fmt::format("<g transform=\"translate(0,{})\">\n{}</g>\n", trend::kChartHeight * static_cast<double>(k),
                       trend::chart_svg(charts[k], x, title, false));
  return out + "</svg>\n";
}

}  // namespace benchbox
