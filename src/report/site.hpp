// `benchbox site`: a static site of the store (docs/reports.md, "The site"). An index of modules
// and machines; per module its cases; per case and point, each machine's latest table side by
// side, a library-by-machine matrix of the figure and the rows' trend over the runs with the
// changes called. Plain files with relative links, inline CSS and SVG, no scripts, nothing fetched:
// it reads the same from file:// as from any static host.
#pragma once

#include <cstddef>
#include <filesystem>
#include <string>
#include <vector>

#include "store/store.hpp"

namespace benchbox::site {

// Which runs the site shows: only these modules, only these machines' names (empty: all).
struct Filters {
  std::vector<std::string> modules, machines;
};

// What a write did: pages written, pages kept as they were, pages of an earlier write removed
// (no longer part of the site), and what the site shows.
struct Written {
  std::size_t written = 0, kept = 0, removed = 0;
  std::size_t machines = 0, runs = 0, modules = 0;
};

// Writes the site into `dir` (created when missing). Incremental: a module's pages are rendered
// only when the digest of their inputs (the keys of the module's runs shown, the filters and this
// benchbox's version and revision) differs from the one recorded for them in DIR/site.json at the
// last write, and a page is written only when its bytes differ from the file's. Throws
// std::invalid_argument when the store holds no run the filters keep, std::runtime_error when
// `dir` cannot be written.
Written write_site(store::Store& store, const std::filesystem::path& dir, const Filters& filters);

}  // namespace benchbox::site
