// The site's pages (site.hpp): plain HTML, inline CSS and SVG, no scripts, nothing fetched, links
// relative to the page; every stored string through html_escape.
#include <fmt/format.h>

#include <algorithm>

#include "report/chart.hpp"
#include "report/columns.hpp"
#include "report/escape.hpp"
#include "report/numbers.hpp"
#include "report/site_parts.hpp"
#include "report/trend.hpp"
#include "report/trend_parts.hpp"

namespace benchbox::site {
namespace {

constexpr const char* kStyle = R"(
body { font-family: sans-serif; margin: 1.5em auto; max-width: 90em; padding: 0 1em; color: #222; }
h1 { font-size: 1.5em; } h2 { font-size: 1.2em; margin-top: 2em; border-bottom: 1px solid #ddd; } h3 { font-size: 1em; margin: .3em 0; }
nav { font-size: .9em; color: #555; } nav a { margin-right: 1em; }
div.machines { display: grid; grid-template-columns: repeat(auto-fit, minmax(26em, 1fr)); gap: 1.5em; }
section.machine { border: 1px solid #e4e4e4; padding: .6em; } p.run { color: #555; font-size: .85em; margin: 0 0 .4em; }
div.scroll { overflow-x: auto; }
table { border-collapse: collapse; font-size: .9em; margin: .5em 0 1em; }
th, td { padding: .25em .7em; border-bottom: 1px solid #eee; text-align: right; white-space: nowrap; }
th { background: #f4f4f4; } td.name, th.name { text-align: left; } td.best { font-weight: bold; }
tr.floor td { color: #a04f00; } td.missing { color: #b00020; } p.legend { color: #555; font-size: .85em; }
svg { max-width: 100%; height: auto; }
footer { margin-top: 3em; color: #777; font-size: .8em; }
)";

// The page's head and its way back: `up` is the path to the site's root ("" or "../").
}  // namespace

std::string page_head(const std::string& title, const std::string& up, const std::string& module) {
  std::string nav = fmt::format("<nav><a href=\"{}index.html\">all modules and machines</a>", up);
  if (!module.empty()) nav += fmt::format("<a href=\"index.html\">{}</a>", html_escape(module));
  return fmt::format(
      "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
      "<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; style-src 'unsafe-inline'\">\n"
      "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n<title>{0}</title>\n<style>{1}</style>\n"
      "</head>\n<body>\n{2}</nav>\n<h1>{0}</h1>\n",
      html_escape(title), kStyle, nav);
}

std::string page_foot() { return "<footer>Written by benchbox " BENCHBOX_VERSION " from its store (benchbox site).</footer>\n</body>\n</html>\n"; }

namespace {

std::string run_line(const Latest& l) {
  return fmt::format("run #{}, {}{}{}", l.run.id, trend::date_text(l.run.started), l.run.cpu_model.empty() ? "" : ", " + l.run.cpu_model,
                     l.run.source == "run" ? "" : ", imported from " + l.run.source);
}

}  // namespace

std::string index_html(const std::vector<Machine>& machines, const std::vector<std::pair<std::string, std::size_t>>& modules) {
  std::size_t runs = 0;
  for (const auto& m : machines) runs += m.runs;
  std::string out = page_head(fmt::format("benchbox: {} machine{}, {} run{}", machines.size(), machines.size() == 1 ? "" : "s", runs,
                                     runs == 1 ? "" : "s"),
                         "", "");
  out += "<h2>Modules</h2>\n<ul class=\"modules\">\n";
  for (const auto& [module, count] : modules)
    out += fmt::format("<li><a href=\"{0}/index.html\">{1}</a>: {2} run{3}</li>\n", html_escape(module_folder(module)), html_escape(module), count,
                       count == 1 ? "" : "s");
  out += "</ul>\n<h2>Machines</h2>\n<div class=\"scroll\"><table>\n<tr><th class=\"name\">machine</th><th class=\"name\">CPU</th>"
         "<th class=\"name\">kernel</th><th class=\"name\">host</th><th>runs</th><th class=\"name\">first</th><th class=\"name\">latest</th></tr>\n";
  for (const auto& m : machines)
    out += fmt::format("<tr><td class=\"name\" title=\"{}\">{}</td><td class=\"name\">{}</td><td class=\"name\">{}</td><td class=\"name\">{}</td>"
                       "<td>{}</td><td class=\"name\">{}</td><td class=\"name\">{}</td></tr>\n",
                       html_escape(m.key), html_escape(m.label), html_escape(m.cpu_model), html_escape(m.kernel), html_escape(m.host),
                       m.runs, html_escape(trend::date_text(m.first)), html_escape(trend::date_text(m.last)));
  return out + "</table></div>\n" + page_foot();
}

std::string module_html(const ModulePages& m) {
  std::string out = page_head(m.module, "../", "");
  out += "<h2>Each machine's latest run</h2>\n<ul>\n";
  for (const auto& l : m.latest) out += fmt::format("<li><b>{}</b>: {}</li>\n", html_escape(l.machine->label), html_escape(run_line(l)));
  out += "</ul>\n<h2>Cases</h2>\n<p class=\"legend\">The best library of each machine's latest run, by the case's figure.</p>\n"
         "<div class=\"scroll\"><table>\n<tr><th class=\"name\">case</th>";
  for (const auto& l : m.latest) out += "<th class=\"name\">" + html_escape(l.machine->label) + "</th>";
  out += "</tr>\n";
  for (const auto& c : m.cases) {
    out += fmt::format("<tr><td class=\"name\"><a href=\"{}\">{}</a></td>", html_escape(case_file(c)), html_escape(c.title));
    for (const CaseGroup* g : c.by_machine) {
      const Measurement* best = g ? g->best() : nullptr;
      out += "<td class=\"name\">" + (best ? html_escape(best->row_name()) : "") + "</td>";
    }
    out += "</tr>\n";
  }
  return out + "</table></div>\n" + page_foot();
}

}  // namespace benchbox::site
