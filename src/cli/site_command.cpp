// `benchbox site -o DIR`: the store as a static site (report/site.hpp, docs/reports.md "The site").
#include <fmt/format.h>

#include <chrono>

#include "cli/command_groups.hpp"
#include "cli/run_options.hpp"
#include "report/site.hpp"
#include "store/store.hpp"

namespace benchbox {

struct SiteCommand {
  CLI::App* site = nullptr;
  std::string output, store, modules, machines;
};

std::shared_ptr<SiteCommand> add_site_command(CLI::App& app) {
  auto c = std::make_shared<SiteCommand>();
  c->site = app.add_subcommand("site", "the store as a static site: every machine side by side and over time (docs/reports.md)");
  c->site->add_option("--output,-o", c->output, "the site's folder (made when missing; pages whose inputs did not change are kept)")
      ->required();
  c->site->add_option("--store", c->store, "the store: a SQLite file or a postgresql:// URL (default: as a run's, docs/store.md)");
  c->site->add_option("--module", c->modules, "only these modules (comma-separated)");
  c->site->add_option("--machine", c->machines, "only these machines, by name (comma-separated)");
  return c;
}

namespace {

// Every option checked before the store is opened or a page written.
site::Filters filters_of(const SiteCommand& c) {
  if (c.output.empty()) throw std::invalid_argument("site: --output needs a folder");
  site::Filters f;
  if (c.site->count("--module")) f.modules = names_from(c.modules, "--module");
  if (c.site->count("--machine")) f.machines = names_from(c.machines, "--machine");
  return f;
}

int write_site(const SiteCommand& c, const CliHost& host) {
  const site::Filters filters = filters_of(c);
  const std::string where = c.store.empty() ? host.store : c.store;
  if (where.empty()) throw std::invalid_argument("no store: give --store FILE or a postgresql:// URL");
  const auto start = std::chrono::steady_clock::now();
  auto store = store::open_store(where, store::Access::read);
  const site::Written w = site::write_site(*store, c.output, filters);
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  fmt::print(host.out, "{}/index.html: {} module{}, {} machine{}, {} run{}; {} page{} written, {} unchanged{} in {:.1f} s\n", c.output,
             w.modules, w.modules == 1 ? "" : "s", w.machines, w.machines == 1 ? "" : "s", w.runs, w.runs == 1 ? "" : "s", w.written,
             w.written == 1 ? "" : "s", w.kept, w.removed ? fmt::format(", {} removed", w.removed) : "", seconds);
  return exit_status::ok;
}

}  // namespace

int run_site_command(const SiteCommand& c, const CliHost& host) { return run_parsed(c, host, {{c.site, write_site}}); }

}  // namespace benchbox
