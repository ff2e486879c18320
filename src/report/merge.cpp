#include "report/merge.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <filesystem>
#include <stdexcept>
#include <tuple>

#include "report/context.hpp"
#include "report/escape.hpp"
#include "report/numbers.hpp"

namespace benchbox {

std::vector<std::string> machine_columns(const std::vector<Results>& inputs, const std::vector<std::string>& files) {
  std::vector<std::string> labels;
  for (const auto& r : inputs) {
    std::string label = context_text(r.context, "host");
    if (label.empty()) {
      label = context_text(r.context, "cpu_model");
      if (auto os = context_text(r.context, "os"); !os.empty()) label += (label.empty() ? "" : ", ") + os;
    }
    labels.push_back(label.empty() ? "unknown" : label);
  }
  auto count = [&](const std::string& l) { return std::count(labels.begin(), labels.end(), l); };
  std::vector<std::string> out = labels;
  for (std::size_t i = 0; i < labels.size(); ++i)
    if (count(labels[i]) > 1 && i < files.size()) out[i] = labels[i] + " (" + std::filesystem::path(files[i]).filename().string() + ")";
  for (std::size_t i = 0; i < out.size(); ++i) {  // still equal (same file name twice): number them
    if (std::count(out.begin(), out.end(), out[i]) < 2) continue;
    std::size_t n = 1;
    const std::string same = out[i];
    for (auto& o : out)
      if (o == same) o = fmt::format("{} #{}", same, n++);
  }
  return out;
}

Merged merge_results(const std::vector<Results>& inputs, const std::vector<std::string>& files) {
  Merged merged;
  merged.machines = machine_columns(inputs, files);
  for (std::size_t i = 0; i < inputs.size(); ++i)
    merged.details.push_back(machine_label(inputs[i].context) + (i < files.size() ? " [" + files[i] + "]" : ""));
  const std::size_t columns = inputs.size();
  for (std::size_t col = 0; col < columns; ++col) {
    for (const auto& m : inputs[col].measurements) {
      auto c = std::find_if(merged.cases.begin(), merged.cases.end(), [&](const MergedCase& k) {
        return std::tie(k.module, k.case_id, k.figure.id) == std::tie(m.module, m.case_id, m.figure.id) && k.point == m.point;
      });
      if (c == merged.cases.end()) {
        merged.cases.push_back({m.module, m.case_id, m.param_label, m.unit, m.figure, m.point, m.cpus, {}, {}});
        c = merged.cases.end() - 1;
      }
      auto lib = std::find(c->libraries.begin(), c->libraries.end(), m.row_name());
      if (lib == c->libraries.end()) {
        c->libraries.push_back(m.row_name());
        c->cells.emplace_back(columns);
        lib = c->libraries.end() - 1;
      }
      MergeCell& cell = c->cells[static_cast<std::size_t>(lib - c->libraries.begin())][col];
      cell = {true, m.status, m.status == Status::ok ? m.summary.median : 0, m.reason};
    }
  }
  return merged;
}

namespace {

std::string cell_text(const MergeCell& c) {
  if (!c.present) return "";
  switch (c.status) {
    case Status::ok: return format_value(c.value);
    case Status::failed: return "FAILED";
    case Status::not_applicable: return "n/a";
    case Status::unavailable: return "-";
  }
  return "";
}

std::string value_name(const MergedCase& c) {
  return fmt::format("{} ({}; {}{}{})", c.figure.label, c.unit.empty() ? "ops" : c.unit, c.figure.direction(),
                     c.figure.exact() ? "; exact" : "", c.cpus > 1 ? fmt::format("; unpinned, {} CPUs", c.cpus) : "");
}

// Why a cell has no number, one line per library and reason, under the table.
std::vector<std::string> footnotes(const Merged& m, const MergedCase& c) {
  std::vector<std::string> out;
  for (std::size_t l = 0; l < c.libraries.size(); ++l) {
    std::vector<std::pair<std::string, std::vector<std::string>>> reasons;  // "n/a: why" -> machines
    for (std::size_t col = 0; col < m.machines.size(); ++col) {
      const MergeCell& cell = c.cells[l][col];
      if (!cell.present || cell.status == Status::ok) continue;
      const char* label = cell.status == Status::failed ? "FAILED" : cell.status == Status::not_applicable ? "n/a" : "not available";
      const std::string why = std::string(label) + ": " + cell.reason;
      auto it = std::find_if(reasons.begin(), reasons.end(), [&](const auto& r) { return r.first == why; });
      if (it == reasons.end()) reasons.push_back({why, {m.machines[col]}});
      else it->second.push_back(m.machines[col]);
    }
    for (const auto& [why, machines] : reasons)
      out.push_back(fmt::format("{} on {}: {}", c.libraries[l],
                                machines.size() == m.machines.size() && machines.size() > 1 ? "every machine"
                                                                                            : fmt::format("{}", fmt::join(machines, ", ")),
                                why));
  }
  return out;
}

std::string render_text(const Merged& m) {
  std::string out;
  for (std::size_t i = 0; i < m.machines.size(); ++i) out += fmt::format("[{}] {}\n", m.machines[i], m.details[i]);
  for (const auto& c : m.cases) {
    out += fmt::format("\n== {} {}, {}: {} ==\n{:<16}", c.module, c.case_id, c.param_label, value_name(c), "library");
    std::vector<std::size_t> widths;
    for (const auto& col : m.machines) {
      widths.push_back(std::max<std::size_t>(col.size(), 10));
      out += fmt::format(" {:>{}}", col, widths.back());
    }
    out += "\n";
    for (std::size_t l = 0; l < c.libraries.size(); ++l) {
      out += fmt::format("{:<16}", c.libraries[l]);
      for (std::size_t col = 0; col < m.machines.size(); ++col) out += fmt::format(" {:>{}}", cell_text(c.cells[l][col]), widths[col]);
      out += "\n";
    }
    for (const auto& f : footnotes(m, c)) out += "  " + f + "\n";
  }
  return out;
}

std::string render_md(const Merged& m) {
  std::string out;
  for (std::size_t i = 0; i < m.machines.size(); ++i) out += fmt::format("- **{}**: {}\n", md_cell(m.machines[i]), md_cell(m.details[i]));
  for (const auto& c : m.cases) {
    out += fmt::format("\n### {} {}, {}: {}\n\n| library |", md_cell(c.module), md_cell(c.case_id), md_cell(c.param_label),
                       md_cell(value_name(c)));
    for (const auto& col : m.machines) out += " " + md_cell(col) + " |";
    out += "\n|:--|";
    for (std::size_t i = 0; i < m.machines.size(); ++i) out += "--:|";
    out += "\n";
    for (std::size_t l = 0; l < c.libraries.size(); ++l) {
      out += "| " + md_cell(c.libraries[l]) + " |";
      for (std::size_t col = 0; col < m.machines.size(); ++col) out += " " + cell_text(c.cells[l][col]) + " |";
      out += "\n";
    }
    const auto notes = footnotes(m, c);
    if (!notes.empty()) out += "\n";
    for (const auto& f : notes) out += "- " + md_cell(f) + "\n";
  }
  return out;
}

std::string render_csv(const Merged& m) {
  std::string out = "module,case,param,param_label,unit,figure,figure_unit,library";
  for (const auto& col : m.machines) out += "," + csv_field(col);
  out += "\n";
  for (const auto& c : m.cases)
    for (std::size_t l = 0; l < c.libraries.size(); ++l) {
      out += fmt::format("{},{},{},{},{},{},{},{}", csv_field(c.module), csv_field(c.case_id), csv_field(c.point.key()),
                         csv_field(c.param_label), csv_field(c.unit), csv_field(c.figure.id), csv_field(c.figure.unit),
                         csv_field(c.libraries[l]));
      for (const auto& cell : c.cells[l]) {
        out += ",";
        if (cell.present) out += cell.status == Status::ok ? fmt::format("{:.6g}", cell.value) : to_string(cell.status);
      }
      out += "\n";
    }
  return out;
}

}  // namespace

std::string render_merged(const Merged& merged, const std::string& format) {
  if (format == "text") return render_text(merged);
  if (format == "md") return render_md(merged);
  if (format == "csv") return render_csv(merged);
  throw std::invalid_argument("unknown merge format '" + format + "' (formats: text, md, csv)");
}

}  // namespace benchbox
