// What the site's collection (site.cpp) hands its pages (site_pages.cpp): the machines, and per
// module each machine's latest run with its case groups.
#pragma once

#include <cctype>
#include <deque>
#include <string>
#include <vector>

#include "report/reporter.hpp"
#include "report/trend_series.hpp"
#include "store/store.hpp"

namespace benchbox::site {

struct Machine {
  std::string key;    // the store's "name [fingerprint]"
  std::string label;  // its name, with the fingerprint where another machine has the same name
  std::string cpu_model, kernel, host;
  std::size_t runs = 0;
  std::string first, last;  // the starts of its first and latest run
};

// One machine's latest run of a module, and its rows grouped by case and point.
struct Latest {
  const Machine* machine = nullptr;
  store::RunEntry run;
  Results results;
  std::vector<CaseGroup> groups;  // point into `results`
};

// A case at one point, as some machine's latest run holds it: each machine's group (nullptr where
// its latest run did not run it), and the rows over every run.
struct CasePage {
  std::string slug, title;  // "coroutine-switch-2", "coroutine switch, 2 coroutines"
  std::string case_id, point;
  std::vector<const CaseGroup*> by_machine;  // parallel to ModulePages::latest
  std::vector<store::TrendSeries> series;
};

struct ModulePages {
  std::string module;
  std::deque<Latest> latest;  // a machine each, in the order of Site::machines; a deque: groups point into it
  std::vector<CasePage> cases;
};

// The module's folder in the site: its id, any character but a letter, digit, - or _ as _.
inline std::string module_folder(const std::string& module) {
  std::string out;
  for (char c : module) out += (std::isalnum(static_cast<unsigned char>(c)) || c == '-' || c == '_') ? c : '_';
  return out;
}

// "page.html" for a module's case page, relative to the module's folder.
inline std::string case_file(const CasePage& c) { return c.slug + ".html"; }
inline std::string trend_file(const CasePage& c) { return c.slug + "-trend.html"; }

// A page's head (its title, the style, the way back: `up` is the path to the site's root, "" or
// "../"; `module`: a link to the module's page beside it) and its foot (site_pages.cpp).
std::string page_head(const std::string& title, const std::string& up, const std::string& module);
std::string page_foot();

// The pages' HTML (site_pages.cpp, site_case.cpp).
std::string index_html(const std::vector<Machine>& machines, const std::vector<std::pair<std::string, std::size_t>>& modules);
std::string module_html(const ModulePages& m);
std::string case_html(const ModulePages& m, const CasePage& c);
std::string trend_page_html(const ModulePages& m, const CasePage& c);

}  // namespace benchbox::site
