#include "cli/command_groups.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <filesystem>
#include <map>
#include <set>

#include <benchbox/module.hpp>
#include "cli/run_options.hpp"
#include "report/trend.hpp"
#include "report/trend_parts.hpp"
#include "report/trend_series.hpp"
#include "results/results.hpp"
#include "results/results_file.hpp"
#include "store/store.hpp"

namespace benchbox {

struct StoreCommands {
  std::string store;  // --store: every command reads or writes one store

  CLI::App* import = nullptr;
  std::vector<std::string> files;

  CLI::App* history = nullptr;
  std::string history_module;

  CLI::App* trend = nullptr;
  std::string module, case_id, libraries, by = "time", format = "text", output;
  std::vector<std::string> point;
  double min_change_pct = 100 * store::ChangeOptions{}.min_change, fail_pct = -1;
};

namespace {

void add_store_option(CLI::App& command, StoreCommands& c) {
  command.add_option("--store", c.store, "the store: a SQLite file or a postgresql:// URL (default: as a run's, docs/store.md)");
}

std::unique_ptr<store::Store> open_given_store(const StoreCommands& c, const CliHost& host, store::Access access) {
  const std::string where = c.store.empty() ? host.store : c.store;
  if (where.empty()) throw std::invalid_argument("no store: give --store FILE or a postgresql:// URL");
  return store::open_store(where, access);
}

bool holds_figures(const Results& r) {
  const auto settings = r.context.find("settings");
  return settings == r.context.end() || !settings->is_object() || settings->value("mode", "time") != "verify";
}

// Every file is read before anything is stored: a file that cannot be read stores nothing.
int import_files(const StoreCommands& c, const CliHost& host) {
  std::vector<Results> runs;
  for (const auto& file : c.files) runs.push_back(load_results(file));
  auto store = open_given_store(c, host, store::Access::write);
  for (std::size_t i = 0; i < runs.size(); ++i) {
    if (!holds_figures(runs[i])) {
      fmt::print(host.out, "{}: a --verify run, which holds no figures: not stored\n", c.files[i]);
      continue;
    }
    const auto added = store->add(runs[i], std::filesystem::path(c.files[i]).filename().string());
    fmt::print(host.out, "{}: run {}{}\n", c.files[i], added.id, added.added ? "" : " (stored before)");
  }
  fmt::print(host.out, "store: {}\n", store->where());
  return exit_status::ok;
}

// Each run's machine as history shows it: its name, and its fingerprint where another machine of
// the runs has the same name.
std::vector<std::string> machine_names(const std::vector<store::RunEntry>& runs) {
  std::map<std::string, std::set<std::string>> fingerprints;
  for (const auto& r : runs) fingerprints[r.machine_name].insert(r.fingerprint);
  std::vector<std::string> names;
  for (const auto& r : runs)
    names.push_back(fingerprints[r.machine_name].size() > 1 ? r.machine_name + " [" + r.fingerprint + "]" : r.machine_name);
  return names;
}

int history(const StoreCommands& c, const CliHost& host) {
  auto store = open_given_store(c, host, store::Access::read);
  const auto runs = store->runs(c.history_module);
  fmt::print(host.out, "{} run(s){} in {}\n", runs.size(), c.history_module.empty() ? "" : " of " + c.history_module,
             store->where());
  if (runs.empty()) return exit_status::ok;
  const auto machines = machine_names(runs);
  std::size_t width = 7;  // "machine"
  for (const auto& m : machines) width = std::max(width, m.size());
  width = std::min<std::size_t>(width, 32);
  fmt::print(host.out, "{:>5}  {:<16}  {:<{}}  {:<24}  {:>5}  {:<10}  {}\n", "run", "started (UTC)", "machine", width, "modules",
             "rows", "revision", "command (or the file imported)");
  for (std::size_t i = 0; i < runs.size(); ++i) {
    const auto& r = runs[i];
    const std::string what = r.source == "run" ? r.command_line : r.source;
    fmt::print(host.out, "{:>5}  {:<16}  {:<{}.{}}  {:<24.24}  {:>5}  {:<10.10}  {}{}\n", r.id, trend::date_text(r.started),
               machines[i], width, width, r.modules, r.rows, r.revision, what, r.interrupted ? " (interrupted)" : "");
  }
  return exit_status::ok;
}

// The point's key (Point::key) from its values as a run takes them, one per axis of the case.
std::optional<std::string> point_key(const StoreCommands& c) {
  if (c.point.empty()) return std::nullopt;
  const CaseSpec* spec = nullptr;
  for (const Module* m : modules())
    if (m->id == c.module)
      for (const auto& k : m->cases)
        if (k.id == c.case_id) spec = &k;
  if (!spec && c.point.size() == 1) return c.point[0];  // a module not built here: its stored key as given
  if (!spec) throw std::invalid_argument("several values after -n " + c.case_id + ", but module " + c.module + " is not built here to name its axes");
  if (c.point.size() > spec->axes.size())
    throw std::invalid_argument(fmt::format("case {} has {} axes, got {} values after -n {}", c.case_id, spec->axes.size(),
                                            c.point.size(), c.case_id));
  return spec->point_of(c.point).key();  // as a run names it: optional axes at their default left out
}

TrendAxis trend_axis(const std::string& by) {
  if (by == "time") return TrendAxis::time;
  if (by == "version") return TrendAxis::version;
  if (by == "revision") return TrendAxis::revision;
  throw std::invalid_argument("--by must be time, version or revision, got '" + by + "'");
}

// Nothing stored for the query: say what there is for the case instead.
std::string nothing_stored(store::Store& s, const store::TrendQuery& q) {
  std::string what = fmt::format("no stored runs of {} {}{}{} in {}", q.module, q.case_id, q.point ? " at " + *q.point : "",
                                 q.rows.empty() ? "" : fmt::format(" for {}", fmt::join(q.rows, ",")), s.where());
  std::vector<std::string> points, rows;
  for (const auto& r : s.trend({q.module, q.case_id, std::nullopt, {}})) {
    if (std::find(points.begin(), points.end(), r.point) == points.end()) points.push_back(r.point);
    if (std::find(rows.begin(), rows.end(), r.row_id) == rows.end()) rows.push_back(r.row_id);
  }
  if (points.empty()) return what + " (benchbox history lists what is there)";
  return what + fmt::format(" (stored: points {}; rows {})", fmt::join(points, ", "), fmt::join(rows, ", "));
}

// A series whose latest step made it worse by at least `fraction`: what --fail-on-change fails on.
std::vector<std::string> regressions(const std::vector<store::TrendSeries>& series, double fraction) {
  std::vector<std::string> found;
  for (const auto& s : series)
    if (!s.changes.empty() && s.changes.back().change >= fraction)
      found.push_back(fmt::format("{} at {} ({}): {:+.1f}% from run {}", s.row_name, s.point_label, s.machine,
                                  100 * s.changes.back().change, s.runs[s.changes.back().index].run_id));
  return found;
}

int show_trend(const StoreCommands& c, const CliHost& host) {
  const TrendAxis x = trend_axis(c.by);
  if (c.format != "text" && c.format != "svg" && c.format != "html")
    throw std::invalid_argument("--format must be text, svg or html, got '" + c.format + "'");
  const store::TrendQuery query{c.module, c.case_id, point_key(c), c.trend->count("--lib") ? names_from(c.libraries, "--lib") : std::vector<std::string>{}};
  auto s = open_given_store(c, host, store::Access::read);
  const auto rows = s->trend(query);
  if (rows.empty()) throw std::invalid_argument(nothing_stored(*s, query));
  auto series = store::trend_series(rows, {.min_change = c.min_change_pct / 100});
  const auto never_ran = store::drop_never_ran(series);
  const std::string title = c.module + " " + c.case_id;
  const std::string text = c.format == "svg"    ? trend_svg(series, x, title)
                           : c.format == "html" ? trend_html(series, x, title)
                                                : trend_text(series, x, title);
  if (c.output.empty()) std::fputs(text.c_str(), host.out);
  else write_file_atomically(c.output, text);
  if (!never_ran.empty()) fmt::print(host.err, "not shown: {} (never measured in these runs)\n", fmt::join(never_ran, ", "));
  if (c.fail_pct < 0) return exit_status::ok;
  const auto worse = regressions(series, c.fail_pct / 100);
  for (const auto& w : worse) fmt::print(host.err, "benchbox: worse: {}\n", w);
  return worse.empty() ? exit_status::ok : exit_status::failed_rows;
}

}  // namespace

std::shared_ptr<StoreCommands> add_store_commands(CLI::App& app) {
  auto c = std::make_shared<StoreCommands>();
  CLI::App* store = app.add_subcommand("store", "the results store: every run kept (docs/store.md)");
  store->require_subcommand(1);
  c->import = store->add_subcommand("import", "add results files (--json) to the store; a run stored before is not added again");
  c->import->add_option("files", c->files, "results JSON files, any schema version benchbox has written")->required();
  add_store_option(*c->import, *c);

  c->history = app.add_subcommand("history", "the runs in the store, oldest first");
  c->history->add_option("module", c->history_module, "only runs with rows of this module");
  add_store_option(*c->history, *c);

  c->trend = app.add_subcommand("trend", "each row's figure over the stored runs, with the steps found in it (docs/store.md)");
  c->trend->add_option("module", c->module, "the module")->required();
  c->trend->add_option("point", c->point, "the point, one value per axis as a run takes them (default: every stored point)");
  c->trend->add_option("-n,--name", c->case_id, "the case")->required();
  c->trend->add_option("--lib", c->libraries, "only these rows (comma-separated ids; LIBRARY:VARIANT for a variant's row)");
  c->trend->add_option("--by", c->by, "draw the runs against time (default), the library's version, or benchbox's revision");
  c->trend->add_option("--format,-f", c->format, "text (default), svg or html");
  c->trend->add_option("--output,-o", c->output, "write to this file instead of standard output");
  c->trend->add_option("--min-change", c->min_change_pct, "percent: smaller steps are not called (default 5)")
      ->check(CLI::Range(0.0, 1000.0));
  c->trend->add_option("--fail-on-change", c->fail_pct,
                       "exit 1 when a row's latest step made it worse by at least this percent (for CI)")
      ->check(CLI::Range(0.0, 1e6));
  add_store_option(*c->trend, *c);
  return c;
}

int run_store_commands(const StoreCommands& c, const CliHost& host) {
  return run_parsed(c, host, {{c.import, import_files}, {c.history, history}, {c.trend, show_trend}});
}

}  // namespace benchbox
