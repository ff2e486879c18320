#include "report/site.hpp"

#include <fmt/format.h>
#include <openssl/evp.h>
#include <unistd.h>

#include <algorithm>
#include <cctype>
#include <cerrno>
#include <cstring>
#include <fstream>
#include <map>
#include <nlohmann/json.hpp>
#include <set>
#include <sstream>
#include <stdexcept>

#include "build_revision.hpp"
#include "report/chart.hpp"
#include "report/site_parts.hpp"
#include "results/results_file.hpp"

namespace benchbox::site {
namespace fs = std::filesystem;
namespace {

bool kept_by(const std::vector<std::string>& only, const std::string& name) {
  return only.empty() || std::find(only.begin(), only.end(), name) != only.end();
}

std::vector<std::string> modules_of(const store::RunEntry& run) {
  std::vector<std::string> out;
  std::stringstream in(run.modules);
  for (std::string m; std::getline(in, m, ',');)
    if (!m.empty()) out.push_back(m);
  return out;
}

// The runs the filters keep, each with the modules it shows, oldest first.
std::vector<store::RunEntry> runs_kept(store::Store& store, const Filters& f) {
  std::vector<store::RunEntry> out;
  for (auto& run : store.runs()) {
    const auto modules = modules_of(run);
    const bool shown = std::any_of(modules.begin(), modules.end(), [&f](const std::string& m) { return kept_by(f.modules, m); });
    if (shown && kept_by(f.machines, run.machine_name)) out.push_back(std::move(run));
  }
  return out;
}

// The runs' machines in the order of their first run, each named by its name, with its
// fingerprint where another machine of the runs has the same name (as `history` names them).
std::vector<Machine> machines_of(const std::vector<store::RunEntry>& runs) {
  std::map<std::string, std::set<std::string>> fingerprints;
  for (const auto& r : runs) fingerprints[r.machine_name].insert(r.fingerprint);
  std::vector<Machine> out;
  for (const auto& r : runs) {
    auto m = std::find_if(out.begin(), out.end(), [&r](const Machine& o) { return o.key == r.machine; });
    if (m == out.end()) {
      const bool shared = fingerprints[r.machine_name].size() > 1;
      m = out.insert(out.end(), Machine{r.machine, shared ? r.machine_name + " [" + r.fingerprint + "]" : r.machine_name,
                                        r.cpu_model, r.kernel, r.host, 0, r.started, r.started});
    }
    ++m->runs;
    m->last = r.started;
  }
  return out;
}

std::string sha256_hex(const std::string& bytes) {
  unsigned char digest[EVP_MAX_MD_SIZE];
  unsigned int size = 0;
  if (EVP_Digest(bytes.data(), bytes.size(), digest, &size, EVP_sha256(), nullptr) != 1) throw std::runtime_error("SHA-256 unavailable");
  std::string out;
  for (unsigned int i = 0; i < size; ++i) out += fmt::format("{:02x}", digest[i]);
  return out;
}

// What a module's pages are made of: this benchbox, the filters and every shown run of the module
// (its key: the run's identity, store.hpp); the pages' own code is covered by the revision.
std::string inputs_digest(const std::string& module, const Filters& f, const std::vector<store::RunEntry>& runs) {
  std::string inputs = fmt::format("{}\n{}\n{}\n{}\n{}\n", BENCHBOX_VERSION, build_info::revision, module,
                                   fmt::join(f.modules, ","), fmt::join(f.machines, ","));
  for (const auto& r : runs) {
    const auto modules = modules_of(r);
    if (std::find(modules.begin(), modules.end(), module) != modules.end()) inputs += r.key + "\n";
  }
  return sha256_hex(inputs);
}

// The trend's rows of the case's point on the machines shown (a row's machine is its name, or
// "name [fingerprint]").
std::vector<store::TrendSeries> series_of(store::Store& store, const std::string& module, const CasePage& c, const Filters& f) {
  auto rows = store.trend({module, c.case_id, c.point, {}});
  std::erase_if(rows, [&f](const store::TrendRow& r) { return !kept_by(f.machines, r.machine.substr(0, r.machine.find(" ["))); });
  auto series = store::trend_series(rows, {});
  store::drop_never_ran(series);  // not available on these machines: in the latest tables' notes, not a line of ×
  return series;
}

// Each machine's latest run of the module, its case groups, and a page per case and point.
void collect(store::Store& store, ModulePages& m, const std::vector<Machine>& machines, const std::vector<store::RunEntry>& runs,
             const Filters& f) {
  for (const auto& machine : machines) {
    const store::RunEntry* latest = nullptr;
    for (const auto& r : runs) {
      const auto modules = modules_of(r);
      if (r.machine == machine.key && std::find(modules.begin(), modules.end(), m.module) != modules.end()) latest = &r;
    }
    if (!latest) continue;
    Latest& l = m.latest.emplace_back(Latest{&machine, *latest, store.results_of(latest->id, m.module), {}});
    l.groups = group_by_case(l.results);
  }
  for (std::size_t i = 0; i < m.latest.size(); ++i)
    for (const auto& g : m.latest[i].groups) {
      auto c = std::find_if(m.cases.begin(), m.cases.end(), [&g](const CasePage& p) { return p.case_id == g.case_id && p.point == g.point.key(); });
      if (c == m.cases.end()) c = m.cases.insert(m.cases.end(), CasePage{chart::case_slug(g), chart::case_title(g), g.case_id, g.point.key(), {}, {}});
      c->by_machine.resize(m.latest.size(), nullptr);
      c->by_machine[i] = &g;
    }
  for (auto& c : m.cases) {
    c.by_machine.resize(m.latest.size(), nullptr);
    c.series = series_of(store, m.module, c, f);
  }
}

}  // namespace

namespace {

// DIR/site.json: per module, the digest of its pages' inputs and the pages written for it.
struct Manifest {
  struct Module {
    std::string digest;
    std::vector<std::string> pages;  // relative to DIR
  };
  std::map<std::string, Module> modules;
};

// A page of the site as a manifest names it: FOLDER/NAME.html below DIR (never a path that leaves
// it: an earlier write's pages are removed by the names it recorded).
bool is_page_name(const std::string& page) {
  const fs::path p(page);
  return p.is_relative() && p.extension() == ".html" && std::none_of(p.begin(), p.end(), [](const fs::path& part) { return part == ".."; });
}

// An earlier write's manifest; none (everything rendered) when missing or not one.
Manifest read_manifest(const fs::path& file) {
  Manifest m;
  std::ifstream in(file);
  const auto j = nlohmann::json::parse(in, nullptr, false);
  if (!j.is_object() || j.value("schema", "") != "benchbox-site" || !j.contains("modules") || !j["modules"].is_object()) return m;
  for (const auto& [name, entry] : j["modules"].items()) {
    if (!entry.is_object() || !entry.contains("digest") || !entry["digest"].is_string() || !entry.contains("pages") ||
        !entry["pages"].is_array())
      continue;
    Manifest::Module& module = m.modules[name];
    module.digest = entry["digest"];
    for (const auto& page : entry["pages"])
      if (page.is_string() && is_page_name(page)) module.pages.push_back(page);
  }
  return m;
}

void write_manifest(const fs::path& file, const Manifest& m) {
  nlohmann::json modules = nlohmann::json::object();
  for (const auto& [name, entry] : m.modules) modules[name] = {{"digest", entry.digest}, {"pages", entry.pages}};
  write_file_atomically(file, nlohmann::json{{"schema", "benchbox-site"}, {"modules", modules}}.dump(1) + "\n");
}

// Writes the page unless the file holds these bytes already.
void write_page(const fs::path& dir, const std::string& page, const std::string& html, Written& w) {
  const fs::path file = dir / page;
  std::ifstream in(file, std::ios::binary);
  if (in) {
    const std::string old{std::istreambuf_iterator<char>(in), {}};
    if (old == html) {
      ++w.kept;
      return;
    }
  }
  fs::create_directories(file.parent_path());
  write_file_atomically(file, html);
  ++w.written;
}

// A module's pages: its index, and per case and point its page and its trend's page.
std::vector<std::pair<std::string, std::string>> module_pages(const ModulePages& m) {
  const std::string folder = module_folder(m.module) + "/";
  std::vector<std::pair<std::string, std::string>> out{{folder + "index.html", module_html(m)}};
  for (const auto& c : m.cases) {
    out.emplace_back(folder + case_file(c), case_html(m, c));
    out.emplace_back(folder + trend_file(c), trend_page_html(m, c));
  }
  return out;
}

void check_writable(const fs::path& dir) {
  std::error_code error;
  fs::create_directories(dir, error);
  if (error || !fs::is_directory(dir)) throw std::runtime_error("site: cannot make the folder " + dir.string() + (error ? ": " + error.message() : ""));
  if (::access(dir.c_str(), W_OK | X_OK) != 0) throw std::runtime_error("site: cannot write into " + dir.string() + ": " + std::strerror(errno));
}

}  // namespace

Written write_site(store::Store& store, const fs::path& dir, const Filters& filters) {
  const auto runs = runs_kept(store, filters);
  if (runs.empty())
    throw std::invalid_argument(fmt::format("site: no stored runs{}{} in {}", filters.modules.empty() ? "" : " of " + fmt::format("{}", fmt::join(filters.modules, ",")),
                                            filters.machines.empty() ? "" : " on " + fmt::format("{}", fmt::join(filters.machines, ",")), store.where()));
  check_writable(dir);
  const auto machines = machines_of(runs);
  std::map<std::string, std::size_t> counts;  // module -> runs
  for (const auto& r : runs)
    for (const auto& m : modules_of(r))
      if (kept_by(filters.modules, m)) ++counts[m];
  const Manifest old = read_manifest(dir / "site.json");
  Manifest now;
  Written w{0, 0, 0, machines.size(), runs.size(), counts.size()};
  for (const auto& [module, count] : counts) {
    Manifest::Module& entry = now.modules[module];
    entry.digest = inputs_digest(module, filters, runs);
    const auto before = old.modules.find(module);
    if (before != old.modules.end() && before->second.digest == entry.digest &&
        std::all_of(before->second.pages.begin(), before->second.pages.end(), [&dir](const std::string& p) { return fs::exists(dir / p); })) {
      entry.pages = before->second.pages;  // its inputs are as they were: not rendered, not read
      w.kept += entry.pages.size();
      continue;
    }
    ModulePages pages{module, {}, {}};
    collect(store, pages, machines, runs, filters);
    for (const auto& [page, html] : module_pages(pages)) {
      write_page(dir, page, html, w);
      entry.pages.push_back(page);
    }
  }
  write_page(dir, "index.html", index_html(machines, {counts.begin(), counts.end()}), w);
  for (const auto& [module, entry] : old.modules) {  // an earlier write's pages this one has not
    const auto kept = now.modules.find(module);
    for (const auto& page : entry.pages)
      if ((kept == now.modules.end() || std::find(kept->second.pages.begin(), kept->second.pages.end(), page) == kept->second.pages.end()) &&
          fs::remove(dir / page))
        ++w.removed;
  }
  write_manifest(dir / "site.json", now);
  return w;
}

}  // namespace benchbox::site
