// The trend as one self-contained page, like --format html (html.cpp): inline CSS and SVG, no
// scripts, nothing fetched, every stored string through html_escape.
#include <fmt/format.h>

#include "report/escape.hpp"
#include "report/trend_parts.hpp"

namespace benchbox {
namespace {

constexpr const char* kStyle = R"(
body { font-family: sans-serif; margin: 2em auto; max-width: 62em; padding: 0 1em; color: #222; }
h1 { font-size: 1.5em; } h2 { font-size: 1.2em; margin-top: 2em; border-bottom: 1px solid #ddd; }
p.machine { color: #555; font-size: .9em; margin-bottom: 0; } p.legend { color: #555; font-size: .9em; }
div.scroll { overflow-x: auto; }
table { border-collapse: collapse; font-size: .9em; margin: .5em 0 1em; }
th, td { padding: .25em .7em; border-bottom: 1px solid #eee; text-align: right; white-space: nowrap; }
th { background: #f4f4f4; white-space: normal; max-width: 12em; overflow-wrap: anywhere; }
td.label, th.label { text-align: left; }
span.worse { color: #c62828; font-weight: bold; } span.better { color: #2e7d32; font-weight: bold; }
li.worse { color: #c62828; } li.better { color: #2e7d32; }
td.missing { color: #b00020; } svg { max-width: 100%; height: auto; }
footer { margin-top: 3em; color: #777; font-size: .8em; }
)";

std::string cell_html(const store::TrendSeries& s, const store::TrendRow* r) {
  if (!r) return "<td></td>";
  std::string out = html_escape(trend::cell_text(*r));
  if (const store::Change* c = trend::change_at(s, trend::run_index(s, *r)))
    out += fmt::format(" <span class=\"{}\" title=\"{}\">{}</span>", c->change > 0 ? "worse" : "better",
                       html_escape(trend::change_sentence(s, *c)), html_escape(trend::mark_text(*c)));
  return fmt::format("<td{}>{}</td>", r->status == "ok" ? "" : " class=\"missing\"", out);
}

std::string table_html(const trend::Table& t, TrendAxis x) {
  std::string out = fmt::format("<p class=\"machine\">machine: {}</p>\n<div class=\"scroll\"><table>\n<tr><th class=\"label\">run</th>"
                                "<th class=\"label\">date</th>{}",
                                html_escape(t.machine), x == TrendAxis::time ? "" : x == TrendAxis::version ? "<th class=\"label\">version</th>" : "<th class=\"label\">revision</th>");
  for (const auto* s : t.columns) out += "<th>" + html_escape(s->row_name) + "</th>";
  out += "</tr>\n";
  for (std::size_t k = 0; k < t.lines.size(); ++k) {
    const trend::Line& line = t.lines[k];
    out += fmt::format("<tr><td class=\"label\">#{}</td><td class=\"label\">{}</td>", line.run_id, html_escape(trend::date_text(line.started)));
    if (x == TrendAxis::revision) out += "<td class=\"label\">" + html_escape(line.revision) + "</td>";
    if (x == TrendAxis::version) out += "<td class=\"label\">" + html_escape(t.cells.front()[k] ? t.cells.front()[k]->version : "") + "</td>";
    for (std::size_t c = 0; c < t.columns.size(); ++c) out += cell_html(*t.columns[c], t.cells[c][k]);
    out += "</tr>\n";
  }
  out += "</table></div>\n";
  std::string changes;
  for (const auto* s : t.columns)
    for (const auto& c : s->changes)
      changes += fmt::format("<li class=\"{}\">{}: {}</li>\n", c.change > 0 ? "worse" : "better", html_escape(s->row_name),
                             html_escape(trend::change_sentence(*s, c)));
  return out + (changes.empty() ? "<p>No change called.</p>\n" : "<ul class=\"changes\">\n" + changes + "</ul>\n");
}

bool in_chart(const trend::Table& t, const trend::Chart& c, TrendAxis x) {
  const auto* first = c.series.front();
  return t.columns.front()->point == first->point && (x != TrendAxis::version || t.columns.front()->row_id == first->row_id);
}

}  // namespace

std::string trend_html(const std::vector<store::TrendSeries>& series, TrendAxis x, const std::string& title) {
  const std::string heading = html_escape("benchbox trend" + (title.empty() ? "" : ": " + title));
  std::string out = fmt::format(
      "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
      "<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; style-src 'unsafe-inline'\">\n"
      "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
      "<title>{0}</title>\n<style>{1}</style>\n</head>\n<body>\n<h1>{0}</h1>\n",
      heading, kStyle);
  if (series.empty()) out += "<p>No stored runs of these rows.</p>\n";
  else out += "<p class=\"legend\">" + html_escape(trend::legend(series)) + ".</p>\n";
  const auto tables = trend::tables_of(series, x);
  const auto charts = trend::charts_of(series, x);
  for (std::size_t k = 0; k < charts.size(); ++k) {
    out += fmt::format("<section id=\"chart-{}\">\n<h2>{}</h2>\n{}", k + 1, html_escape(trend::chart_title(charts[k], title)),
                       trend::chart_svg(charts[k], x, title, false));
    for (const auto& t : tables)
      if (in_chart(t, charts[k], x)) out += table_html(t, x);
    out += "</section>\n";
  }
  return out + "<footer>Written by benchbox " BENCHBOX_VERSION ".</footer>\n</body>\n</html>\n";
}

}  // namespace benchbox
