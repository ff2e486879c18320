#include "output_paths.hpp"

#include <filesystem>
#include <stdexcept>

namespace benchbox {
namespace fs = std::filesystem;

namespace {

bool same_file(const std::string& a, const std::string& b) {
  std::error_code ec_a, ec_b;
  if (fs::exists(a, ec_a) && fs::exists(b, ec_b)) {
    std::error_code ec;
    return fs::equivalent(a, b, ec);
  }
  const auto full_a = fs::weakly_canonical(fs::absolute(a), ec_a), full_b = fs::weakly_canonical(fs::absolute(b), ec_b);
  return !ec_a && !ec_b && full_a == full_b;
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
  if (written.empty() || other.empty() || !same_file(written, other)) return;
  throw std::invalid_argument(written_as + " and " + other_as + " name the same file (" + written + "): writing one would replace the other");
}

}  // namespace benchbox
