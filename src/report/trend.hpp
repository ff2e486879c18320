// `benchbox trend`: a row's figure over stored runs (trend_series.hpp groups the runs into series
// and finds the changes) as a text table, an SVG chart and a self-contained HTML page.
#pragma once

#include <string>
#include <vector>

#include "report/trend_series.hpp"

namespace benchbox {

// Per point a table, one line per run and one column per row (its figure ± the half-width of its
// interval, a ▲ or ▼ where a change is called), as many columns as fit 100 characters, then the
// changes called. Each machine's runs are a table of their own; against the version axis each row
// is (its versions are its own). `title` heads the output ("coroutine switch").
std::string trend_text(const std::vector<store::TrendSeries>& series, TrendAxis x, const std::string& title = "");

// Per point a line chart (against the version axis: per point and row): a line per row and
// machine, each run's interval as an error bar, change points marked. One SVG document, the
// charts one under the other; `standalone` false: an <svg> element to inline in HTML.
std::string trend_svg(const std::vector<store::TrendSeries>& series, TrendAxis x, const std::string& title = "",
                      bool standalone = true);

// One page: per point the charts, the table and the changes; inline CSS and SVG, no scripts,
// nothing fetched (a Content-Security-Policy says so too); every stored string escaped.
std::string trend_html(const std::vector<store::TrendSeries>& series, TrendAxis x, const std::string& title = "");

}  // namespace benchbox
