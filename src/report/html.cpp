// --format html: one self-contained page (inline CSS and SVG, no scripts, nothing fetched): the
// machine, the warnings, and per case the chart, the table and the rows without a number.
// Every string from the results file goes through html_escape; the page's Content-Security-Policy
// forbids scripts and any network access as a second line of defence.
#include <fmt/format.h>

#include "report/chart.hpp"
#include "report/columns.hpp"
#include "report/context.hpp"
#include "report/escape.hpp"
#include "report/frontier.hpp"
#include "report/reporter.hpp"
#include "report/sweep.hpp"

namespace benchbox {
namespace {

constexpr const char* kStyle = R"(
body { font-family: sans-serif; margin: 2em auto; max-width: 62em; padding: 0 1em; color: #222; }
h1 { font-size: 1.5em; } h2 { font-size: 1.2em; margin-top: 2em; border-bottom: 1px solid #ddd; }
dl.context { display: grid; grid-template-columns: max-content auto; gap: .2em 1em; font-size: .9em; }
dl.context dt { color: #555; } dl.context dd { margin: 0; word-break: break-word; }
.warnings { background: #fff6e0; border-left: 4px solid #e0a000; padding: .5em 1em; }
.interrupted { background: #fde8e8; border-left: 4px solid #b00020; padding: .5em 1em; }
table { border-collapse: collapse; font-size: .9em; margin: 1em 0; }
th, td { padding: .25em .7em; border-bottom: 1px solid #eee; text-align: right; white-space: nowrap; }
th { background: #f4f4f4; } td.name, th.name { text-align: left; }
tr.floor td { color: #a04f00; } svg { max-width: 100%; height: auto; }
ul.missing li.failed { color: #b00020; }
td.traits { font-size: .8em; max-width: 24em; text-align: left; color: #555; white-space: normal; }
footer { margin-top: 3em; color: #777; font-size: .8em; }
)";

std::string status_text(Status s) {
  return s == Status::failed ? "FAILED" : s == Status::not_applicable ? "n/a" : "not available";
}

std::string attribute(const std::string& name, const std::string& value) {
  return value.empty() ? "" : " " + name + "=\"" + html_escape(value) + "\"";
}

std::string cell_class(const TableColumn& c) {
  return c.id == Column::traits ? " class=\"traits\"" : c.left ? " class=\"name\"" : "";
}

// The case's table, the columns ReportOptions::columns chooses, and its legend; empty when no
// row has a number.
std::string table_of(const CaseGroup& g, const ColumnChoice& columns) {
  const CaseTable t = case_table_of(g, columns, Markup::html);
  if (t.rows.empty()) return "";
  std::string out = "<table>\n<tr>";
  for (const auto& c : t.columns) out += "<th" + cell_class(c) + attribute("title", c.tip) + ">" + html_escape(c.title) + "</th>";
  out += "</tr>\n";
  for (const auto& r : t.rows) {
    out += r.m->reference ? "<tr class=\"floor\">" : "<tr>";
    for (std::size_t i = 0; i < t.columns.size(); ++i)
      out += "<td" + cell_class(t.columns[i]) + attribute("title", r.tips[i]) + ">" + html_escape(r.cells[i]) + "</td>";
    out += "</tr>\n";
  }
  out += "</table>\n";
  const Legend legend = legend_of(g, t);
  std::string text;
  for (const auto* part : {&legend.figures, &legend.columns, &legend.marks})
    for (const auto& phrase : *part) text += (text.empty() ? "" : "; ") + html_escape(phrase);
  return out + (text.empty() ? "" : "<p class=\"legend\">" + text + ".</p>\n");
}

std::string case_section(const CaseGroup& g, const ColumnChoice& columns) {
  std::string out = fmt::format("<section id=\"{}\">\n<h2>{}</h2>\n", html_escape(chart::case_slug(g)),
                                html_escape(chart::case_title(g)));
  out += chart::render_svg(g, false);
  out += table_of(g, columns);
  std::string missing;
  for (const auto* m : g.rows)
    if (!m->ok())
      missing += fmt::format("<li class=\"{}\"><b>{}</b> {}: {}</li>\n", m->status == Status::failed ? "failed" : "na",
                             html_escape(m->row_name()), status_text(m->status), html_escape(m->reason));
  if (!missing.empty()) out += "<p>Without a number:</p>\n<ul class=\"missing\">\n" + missing + "</ul>\n";
  if (!g.not_offered.empty()) out += "<p class=\"legend\">Not offered by " + html_escape(not_offered_names(g)) + ".</p>\n";
  return out + "</section>\n";
}

class HtmlReporter : public Reporter {
 public:
  using Reporter::Reporter;
  std::string render(const Results& results) const override {
    const std::string machine = html_escape(machine_label(results.context));
    std::string out = fmt::format(
        "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
        "<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; style-src 'unsafe-inline'\">\n"
        "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
        "<title>benchbox results: {0}</title>\n<style>{1}</style>\n</head>\n<body>\n<h1>benchbox results: {0}</h1>\n",
        machine, kStyle);
    out += "<dl class=\"context\">\n";
    for (const auto& [label, value] : context_summary(results.context))
      out += fmt::format("<dt>{}</dt><dd>{}</dd>\n", html_escape(label), html_escape(value));
    out += "</dl>\n";
    if (results.interrupted)
      out += "<p class=\"interrupted\">This run was interrupted: the results are incomplete.</p>\n";
    if (!results.warnings.empty()) {
      out += "<ul class=\"warnings\">\n";
      for (const auto& w : results.warnings) out += "<li>" + html_escape(w) + "</li>\n";
      out += "</ul>\n";
    }
    out += "<p>Each case's figure is named above its table, with whether lower or higher is better; a legend under "
           "each table says what its columns and marks are.</p>\n";
    const auto all = groups(results);
    for (const auto& g : all) out += case_section(g, options_.columns);
    for (const auto& g : all)
      if (g.trade_off())
        out += fmt::format("<section id=\"{}\">\n<h2>{}</h2>\n{}</section>\n", html_escape(chart::frontier_slug(g)),
                           html_escape(chart::frontier_title(g)), chart::render_frontier_svg(g, false));
    for (const auto& sweep : chart::sweeps(all))
      out += fmt::format("<section id=\"{}\">\n<h2>{}</h2>\n{}</section>\n", html_escape(chart::sweep_slug(sweep)),
                         html_escape(chart::sweep_title(sweep)), chart::render_sweep_svg(sweep, false));
    for (const auto& c : coverage(all)) {
      out += fmt::format("<section id=\"{0}-{1}-coverage\">\n<h2>{0} {1}: which library offers which {2}</h2>\n<table>\n"
                         "<tr><th class=\"name\">{2}</th><th class=\"name\">libraries</th></tr>\n",
                         html_escape(c.module), html_escape(c.case_id), html_escape(c.axis));
      for (const auto& [value, names] : c.offered_by) {
        std::string list;
        for (const auto& n : names) list += (list.empty() ? "" : ", ") + n;
        out += fmt::format("<tr><td class=\"name\">{}</td><td class=\"name\">{}</td></tr>\n", html_escape(value),
                           list.empty() ? "-" : html_escape(list));
      }
      out += "</table>\n</section>\n";
    }
    if (const auto items = unavailable_items(results, "<li><b>{}</b> {}{}</li>\n", html_escape); !items.empty())
      out += "<section id=\"unavailable\">\n<h2>Not available here</h2>\n<ul class=\"missing\">\n" + items + "</ul>\n</section>\n";
    const std::string version = context_text(results.context, "benchbox_version");
    out += fmt::format("<footer>Written by benchbox{}.</footer>\n</body>\n</html>\n", version.empty() ? "" : " " + html_escape(version));
    return out;
  }
};
}  // namespace

std::unique_ptr<Reporter> make_html_reporter(const ReportOptions& options) { return std::make_unique<HtmlReporter>(options); }

}  // namespace benchbox
