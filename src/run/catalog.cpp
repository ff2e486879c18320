#include "run/catalog.hpp"

#include <algorithm>
#include <cctype>
#include <cstdlib>
#include <fstream>
#include <nlohmann/json.hpp>
#include <stdexcept>

namespace benchbox {

std::filesystem::path default_libexec_dir() {
  if (const char* env = std::getenv("BENCHBOX_LIBEXEC"); env && *env) return env;
  std::error_code ec;
  auto exe = std::filesystem::read_symlink("/proc/self/exe", ec);
  if (ec) return "libexec/benchbox";
  return exe.parent_path().parent_path() / "libexec" / "benchbox";
}

std::filesystem::path default_data_root() {
  if (const char* env = std::getenv("BENCHBOX_LIBEXEC"); env && *env) return {};
  std::error_code ec;
  const auto exe = std::filesystem::read_symlink("/proc/self/exe", ec);
  if (ec) return {};
  const auto share = exe.parent_path().parent_path() / "share" / "benchbox";
  return std::filesystem::is_directory(share, ec) ? share : std::filesystem::path();
}

std::vector<std::string> unbuilt_modules(const std::filesystem::path& libexec_dir) {
  std::ifstream in(libexec_dir / "modules.json");
  if (!in) return {};
  const auto j = nlohmann::json::parse(in, nullptr, false);
  std::vector<std::string> out;
  if (j.is_object() && j.contains("not_built") && j["not_built"].is_array())
    for (const auto& m : j["not_built"])
      if (m.is_string()) out.push_back(m.get<std::string>());
  return out;
}

std::vector<LibraryEntry> load_catalog(const std::filesystem::path& libexec_dir, const std::string& module) {
  std::vector<LibraryEntry> entries;
  const auto dir = libexec_dir / module;
  std::error_code ec;
  if (!std::filesystem::is_directory(dir, ec)) return entries;
  for (const auto& file : std::filesystem::directory_iterator(dir)) {
    if (file.path().extension() != ".json") continue;
    std::ifstream in(file.path());
    auto j = nlohmann::json::parse(in, nullptr, false);
    if (j.is_discarded() || !j.is_object() || !j.contains("id") || !j.contains("available"))
      throw std::runtime_error("unreadable library manifest " + file.path().string() + " (rebuild benchbox)");
    LibraryEntry e;
    e.id = j.value("id", "");
    e.module = module;
    e.title = j.value("title", e.id);
    e.available = j.value("available", false);
    e.reason = j.value("reason", "");
    e.enable = j.value("enable", "");
    e.order = j.value("order", 100);
    e.reference = j.value("reference", false);
    e.base = j.value("base", "");
    e.build = j.value("build", "");
    e.by_name = j.value("by_name", false);
    if (!e.base.empty() && e.id.rfind(e.base + "@", 0) != 0)
      throw std::runtime_error("library manifest " + file.path().string() + ": id '" + e.id + "' is not " + e.base + "@NAME (rebuild benchbox)");
    if (auto env = j.find("env"); env != j.end()) {
      if (!env->is_object()) throw std::runtime_error("library manifest " + file.path().string() + ": 'env' is not an object");
      for (auto& [k, v] : env->items()) e.env.emplace_back(k, v.is_string() ? v.get<std::string>() : v.dump());
    }
    if (e.available) e.program = dir / j.value("program", "");
    entries.push_back(std::move(e));
  }
  std::sort(entries.begin(), entries.end(),
            [](const auto& a, const auto& b) { return a.order != b.order ? a.order < b.order : a.id < b.id; });
  return entries;
}

std::string other_row_label(const std::string& label, const LibraryEntry& lib) {
  if (lib.base.empty() || label.empty()) return label;
  const std::string suffix = lib.id.substr(lib.base.size());  // "@1.5.6"
  const std::size_t n = lib.base.size();
  const bool starts_with_id = label.rfind(lib.base, 0) == 0 &&
                              (label.size() == n || !(std::isalnum(static_cast<unsigned char>(label[n])) || label[n] == '-' ||
                                                      label[n] == '_' || label[n] == '.'));
  const auto at = starts_with_id ? n : std::min(label.find(' '), label.size());
  return label.substr(0, at) + suffix + label.substr(at);
}

}  // namespace benchbox
