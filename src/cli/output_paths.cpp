#include "cli/output_paths.hpp"

#include <filesystem>
#include <stdexcept>

namespace benchbox {
namespace fs = std::filesystem;

namespace {

// What writing `path` replaces: the directory entry (its folder resolved, its last name kept): the
// file is written beside it and renamed over it, so a link at `path` is replaced, not its target.
fs::path entry_written(const std::string& path) {
  std::error_code ec;
  const auto full = fs::absolute(path);
  return fs::weakly_canonical(full.parent_path(), ec) / full.filename();
}

// What reading `path` reads: links followed to the end.
fs::path file_read(const std::string& path) {
  std::error_code ec;
  return fs::weakly_canonical(fs::absolute(path), ec);
}

}  // namespace

void check_output_file(const std::string& path, const std::string& option, bool given, bool directory_allowed) {
  if (path.empty()) {
    if (given) throw std::invalid_argument(option + " is empty: name a file (an unset variable?)");
    return;
  }
  std::error_code ec;
  if (!directory_allowed && fs::is_directory(path, ec))
    throw std::invalid_argument("cannot write " + path + " (" + option + "): it is a directory");
  if (!fs::is_directory(fs::absolute(path).parent_path(), ec))
    throw std::invalid_argument("cannot write " + path + " (" + option + "): its directory does not exist");
}

void check_distinct_files(const std::string& written, const std::string& written_as, const std::string& other,
                          const std::string& other_as) {
  if (written.empty() || other.empty()) return;
  const auto entry = entry_written(written);
  if (entry != entry_written(other) && entry != file_read(other)) return;
  throw std::invalid_argument(written_as + " and " + other_as + " name the same file (" + written + "): writing one would replace the other");
}

}  // namespace benchbox
