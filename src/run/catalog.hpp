// The libraries a module has on this machine. Each library folder's build writes a manifest,
// <libexec>/<module>/<library>.json, saying whether it was built and, if not, why and how to
// enable it; the driver reads whatever manifests are there and knows no library by name.
#pragma once

#include <filesystem>
#include <string>
#include <utility>
#include <vector>

namespace benchbox {

struct LibraryEntry {
  std::string id;
  std::string module;
  std::string title;      // display name, e.g. "Boost.Context fiber"
  bool available = false;
  std::filesystem::path program;  // absolute, when available
  std::string reason;     // when unavailable: why
  std::string enable;     // when unavailable: what the user can do
  int order = 100;        // position in runs and in tables sorted by declaration
  bool reference = false; // the module's reference row (its floor): drawn apart in reports
  std::vector<std::pair<std::string, std::string>> env;  // set for this library's adapter only
  // Another version or build of a library (id "zstd@1.5.6", BENCHBOX_VERSIONS or BENCHBOX_BUILDS):
  // the library it is another row of ("zstd") and what differs ("installed at /prefix: include/zstd.h, lib/libzstd.a").
  std::string base;
  std::string build;
  // A row outside the suite, run only when --lib names it: a build its library's folder makes in
  // every build of benchbox (benchbox_library's BUILDS).
  bool by_name = false;
};

// A variant's label for another version or build of its library: "@<name>" after the library's
// id where the label starts with it ("zstd -3" of zstd@1.5.6: "zstd@1.5.6 -3"), else after its
// first word ("lzip -6" of lzlib@1.14: "lzip@1.14 -6"); the label itself for any other library.
std::string other_row_label(const std::string& label, const LibraryEntry& lib);

// Where adapters and manifests live: $BENCHBOX_LIBEXEC, else <dir of this executable>/../libexec/benchbox.
std::filesystem::path default_libexec_dir();
// Where the modules' data sets live (<root>/<module>/data): <dir of this executable>/../share/benchbox
// where benchbox is installed (cmake --install), else empty (the libexec folder's, as in a build, or
// $BENCHBOX_LIBEXEC's when set).
std::filesystem::path default_data_root();
// The modules of benchbox's source that this build left out (<libexec>/modules.json, "not_built",
// written by configure); none when the file is absent.
std::vector<std::string> unbuilt_modules(const std::filesystem::path& libexec_dir);

// All manifests of a module, sorted by order then id. Throws std::runtime_error on an unreadable manifest.
std::vector<LibraryEntry> load_catalog(const std::filesystem::path& libexec_dir, const std::string& module);

}  // namespace benchbox
