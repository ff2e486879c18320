#include "cli_store.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <filesystem>

#include "results.hpp"
#include "store/store.hpp"

namespace benchbox {

struct StoreCommands {
  std::string store;  // --store: every command reads or writes one store

  CLI::App* import = nullptr;
  std::vector<std::string> files;

  CLI::App* history = nullptr;
  std::string history_module;
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

// "2026-12-06T16:48:47Z" as "2026-12-06 16:48".
std::string short_date(const std::string& iso) {
  std::string date = iso.substr(0, 16);
  std::replace(date.begin(), date.end(), 'T', ' ');
  return date;
}

int history(const StoreCommands& c, const CliHost& host) {
  auto store = open_given_store(c, host, store::Access::read);
  const auto runs = store->runs(c.history_module);
  fmt::print(host.out, "{} run(s){} in {}\n", runs.size(), c.history_module.empty() ? "" : " of " + c.history_module,
             store->where());
  if (runs.empty()) return exit_status::ok;
  fmt::print(host.out, "{:>5}  {:<16}  {:<12}  {:<24}  {:>5}  {:<10}  {}\n", "run", "started (UTC)", "host", "modules",
             "rows", "revision", "command (or the file imported)");
  for (const auto& r : runs) {
    const std::string what = r.source == "run" ? r.command_line : r.source;
    fmt::print(host.out, "{:>5}  {:<16}  {:<12.12}  {:<24.24}  {:>5}  {:<10.10}  {}{}\n", r.id, short_date(r.started), r.host,
               r.modules, r.rows, r.revision, what, r.interrupted ? " (interrupted)" : "");
  }
  return exit_status::ok;
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
  return c;
}

int run_store_commands(const StoreCommands& c, const CliHost& host) {
  if (c.import->parsed()) return import_files(c, host);
  if (c.history->parsed()) return history(c, host);
  return -1;
}

}  // namespace benchbox
