// A case's page of the site (site.hpp): each machine's latest table side by side (the 2016
// report's form: per machine, the libraries' lines), the libraries by machine in one matrix, and
// the rows over the runs; and its trend's own page (trend.hpp's, with the way back).
#include <fmt/format.h>

#include <algorithm>

#include "report/chart.hpp"
#include "report/column_choice.hpp"
#include "report/columns.hpp"
#include "report/escape.hpp"
#include "report/numbers.hpp"
#include "report/site_parts.hpp"
#include "report/trend.hpp"
#include "report/trend_parts.hpp"

namespace benchbox::site {
namespace {

// A machine's table: the verified rows best first, then those without a number and why.
std::string machine_table(const CaseGroup& g) {
  const CaseTable t = case_table_of(g, columns_from("version,figure,rate,ci"), Markup::html);
  std::string out = "<div class=\"scroll\"><table>\n<tr>";
  for (const auto& c : t.columns) out += fmt::format("<th{}>{}</th>", c.left ? " class=\"name\"" : "", html_escape(c.title));
  out += "</tr>\n";
  for (const auto& r : t.rows) {
    out += r.m->reference ? "<tr class=\"floor\">" : "<tr>";
    for (std::size_t i = 0; i < t.columns.size(); ++i)
      out += fmt::format("<td{}>{}</td>", t.columns[i].left ? " class=\"name\"" : "", html_escape(r.cells[i]));
    out += "</tr>\n";
  }
  for (const auto* m : g.rows)
    if (!m->ok())
      out += fmt::format("<tr><td></td><td class=\"name\">{}</td><td class=\"missing name\" colspan=\"{}\" title=\"{}\">{}</td></tr>\n",
                         html_escape(m->row_name()), t.columns.size() - 2, html_escape(m->reason),
                         m->status == Status::failed ? "FAILED" : m->status == Status::not_applicable ? "n/a" : "not available");
  return out + "</table></div>\n";
}

std::string machines_side_by_side(const ModulePages& m, const CasePage& c) {
  std::string out = "<h2 id=\"machines\">Each machine's latest run</h2>\n<div class=\"machines\">\n";
  for (std::size_t i = 0; i < m.latest.size(); ++i) {
    const Latest& l = m.latest[i];
    out += fmt::format("<section class=\"machine\">\n<h3>{}</h3>\n<p class=\"run\">run #{}, {}{}</p>\n", html_escape(l.machine->label),
                       l.run.id, html_escape(trend::date_text(l.run.started)),
                       html_escape(l.run.source == "run" ? "" : ", imported from " + l.run.source));
    const CaseGroup* g = c.by_machine[i];
    out += g ? chart::render_svg(*g, false) + machine_table(*g) : "<p>Not in this machine's latest run.</p>\n";
    out += "</section>\n";
  }
  return out + "</div>\n";
}

// The rows' names over the machines: the first machine's order (best first), then any new ones.
std::vector<std::string> row_names(const CasePage& c) {
  std::vector<std::string> names;
  for (const CaseGroup* g : c.by_machine)
    if (g)
      for (const auto* m : g->rows)
        if (std::find(names.begin(), names.end(), m->row_name()) == names.end()) names.push_back(m->row_name());
  return names;
}

std::string matrix_cell(const CaseGroup* g, const std::string& name) {
  if (!g) return "<td></td>";
  const auto row = std::find_if(g->rows.begin(), g->rows.end(), [&name](const Measurement* m) { return m->row_name() == name; });
  if (row == g->rows.end()) return "<td></td>";
  if (!(*row)->ok()) return std::string("<td class=\"missing\">") + ((*row)->status == Status::failed ? "FAILED" : "n/a") + "</td>";
  const bool best = g->best() == *row;
  return fmt::format("<td{} title=\"{:.2f}x the best\">{}</td>", best ? " class=\"best\"" : "", g->relative(**row),
                     html_escape(format_figure(g->figure, (*row)->summary.median)));
}

// The figure of each library (a line) on each machine (a column), the best of each machine bold.
std::string matrix(const ModulePages& m, const CasePage& c) {
  const CaseGroup* any = *std::find_if(c.by_machine.begin(), c.by_machine.end(), [](const CaseGroup* g) { return g != nullptr; });
  std::string out = fmt::format("<h2 id=\"matrix\">Libraries by machine</h2>\n<p class=\"legend\">{}, {}, of each machine's latest "
                                "run; bold: the machine's best.</p>\n<div class=\"scroll\"><table class=\"matrix\">\n<tr><th class=\"name\">library</th>",
                                html_escape(any->figure.label), any->figure.direction());
  for (const auto& l : m.latest) out += "<th>" + html_escape(l.machine->label) + "</th>";
  out += "</tr>\n";
  for (const auto& name : row_names(c)) {
    out += "<tr><td class=\"name\">" + html_escape(name) + "</td>";
    for (const CaseGroup* g : c.by_machine) out += matrix_cell(g, name);
    out += "</tr>\n";
  }
  return out + "</table></div>\n";
}

std::string over_the_runs(const CasePage& c) {
  std::string out = "<h2 id=\"trend\">Over the runs</h2>\n";
  const auto charts = trend::charts_of(c.series, TrendAxis::time);
  if (charts.empty()) return out + "<p>No stored runs of this point.</p>\n";
  out += "<p class=\"legend\">" + html_escape(trend::legend(c.series)) + ". Each run's table and the changes called: <a href=\"" +
         html_escape(trend_file(c)) + "\">the trend's page</a>.</p>\n";
  for (const auto& chart : charts) out += trend::chart_svg(chart, TrendAxis::time, c.title, false);
  return out;
}

}  // namespace

std::string case_html(const ModulePages& m, const CasePage& c) {
  std::string out = page_head(c.title, "../", m.module);
  out += machines_side_by_side(m, c) + matrix(m, c) + over_the_runs(c);
  return out + page_foot();
}

// trend_html's page, with the site's way back after its <body>.
std::string trend_page_html(const ModulePages& m, const CasePage& c) {
  std::string page = trend_html(c.series, TrendAxis::time, c.title);
  const std::string nav = fmt::format("<nav><a href=\"../index.html\">all modules and machines</a><a href=\"index.html\">{}</a>"
                                      "<a href=\"{}\">{}</a></nav>\n",
                                      html_escape(m.module), html_escape(case_file(c)), html_escape(c.title));
  const std::size_t body = page.find("<body>\n");
  return body == std::string::npos ? page : page.insert(body + 7, nav);
}

}  // namespace benchbox::site
