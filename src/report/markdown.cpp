// --format md: a Markdown table per case, ready to paste into an issue or a README.
#include <fmt/format.h>

#include "report/columns.hpp"
#include "report/context.hpp"
#include "report/escape.hpp"
#include "report/reporter.hpp"

namespace benchbox {
namespace {

std::string status_text(Status s) {
  return s == Status::failed ? "FAILED" : s == Status::not_applicable ? "n/a" : "not available";
}

// A cell as Markdown: the reference mark escaped, so that two of them cannot make emphasis.
std::string md_text(const std::string& s) {
  std::string out;
  for (char c : md_cell(s)) out += c == '*' ? std::string("\\*") : std::string(1, c);
  return out;
}

std::string legend_paragraph(const Legend& l) {
  std::string out;
  for (const auto* part : {&l.figures, &l.columns, &l.marks})
    for (const auto& phrase : *part) out += (out.empty() ? "" : "; ") + md_text(phrase);
  return out.empty() ? "" : "\n" + out + ".\n";
}

class MarkdownReporter : public Reporter {
 public:
  using Reporter::Reporter;

  // The case's table (the columns options_ chooses), then its legend; the rows without a number
  // come under it.
  std::string table(const CaseGroup& g) const {
    const CaseTable t = case_table_of(g, options_.columns, Markup::md);
    if (t.rows.empty()) return "";
    std::string out = "|", align = "|";
    for (const auto& c : t.columns) {
      out += " " + md_text(c.title) + " |";
      align += c.left ? ":--|" : "--:|";
    }
    out += "\n" + align + "\n";
    for (const auto& r : t.rows) {
      out += "|";
      for (const auto& cell : r.cells) out += " " + md_text(cell) + " |";
      out += "\n";
    }
    return out + legend_paragraph(legend_of(g, t));
  }

  std::string render(const Results& results) const override {
    std::string out = fmt::format("Machine: {}", md_cell(machine_label(results.context)));
    if (auto date = context_text(results.context, "date"); !date.empty()) out += fmt::format(", {}", md_cell(date));
    if (auto v = context_text(results.context, "benchbox_version"); !v.empty()) out += fmt::format(", benchbox {}", md_cell(v));
    out += "\n\n";
    for (const auto& g : groups(results)) {
      out += fmt::format("### {} {}, {}{}\n\n", md_cell(g.module), md_cell(g.case_id), md_cell(g.param_label), g.cpus_note());
      out += table(g);
      std::string missing;
      for (const auto* m : g.rows)
        if (!m->ok()) missing += fmt::format("- {}: {}: {}\n", md_cell(m->row_name()), status_text(m->status), md_cell(m->reason));
      if (!missing.empty()) out += "\nWithout a number:\n\n" + missing;
      if (!g.not_offered.empty()) out += "\nNot offered by " + md_cell(not_offered_names(g)) + ".\n";
      out += "\n";
    }
    for (const auto& c : coverage(groups(results))) {
      out += fmt::format("### {} {}: which library offers which {}\n\n| {} | libraries |\n|:--|:--|\n", md_cell(c.module),
                         md_cell(c.case_id), md_cell(c.axis), md_cell(c.axis));
      for (const auto& [value, names] : c.offered_by) {
        std::string list;
        for (const auto& n : names) list += (list.empty() ? "" : ", ") + n;
        out += fmt::format("| {} | {} |\n", md_cell(value), list.empty() ? "-" : md_cell(list));
      }
      out += "\n";
    }
    for (const auto& r : ranks(results, groups(results))) {
      out += fmt::format("### {} {}: rank over {} points{}\n\n| rank | library | geomean | points |\n|--:|:--|--:|--:|\n",
                         md_cell(r.module), md_cell(r.case_id), r.points, r.within.empty() ? "" : " at " + md_cell(r.within));
      for (std::size_t i = 0; i < r.rows.size(); ++i)
        out += fmt::format("| {} | {} | {:.2f}x | {} of {} |\n", r.rows[i].place_text(), md_cell(r.rows[i].name), r.rows[i].geomean,
                           r.rows[i].points, r.points);
      out += "\ngeomean: geometric mean, over the points the library ran, of its figure's ratio to the best library's there "
             "(1.00x: the best at every point; lower is better); the reference row is not ranked; 2=: tied with the row above "
             "over the points both ran.\n\n";
    }
    if (const auto items = unavailable_items(results, "- {}: {}{}\n", md_cell); !items.empty())
      out += "Not available here:\n\n" + items + "\n";
    for (const auto& w : results.warnings) out += "> warning: " + md_cell(w) + "\n";
    return out;
  }
};
}  // namespace

std::unique_ptr<Reporter> make_markdown_reporter(const ReportOptions& options) { return std::make_unique<MarkdownReporter>(options); }

}  // namespace benchbox
