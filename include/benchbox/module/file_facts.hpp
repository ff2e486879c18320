// benchbox/module/file_facts.hpp: what a module's verification knows of an input file (its size,
// checksum, expected counts), worked out once per file and kept for every trial of the run.
#pragma once

#include <filesystem>
#include <fstream>
#include <functional>
#include <iterator>
#include <map>
#include <string>
#include <utility>

namespace benchbox {

template <class Facts>
class FileFacts {
 public:
  // `work` gets the file's bytes, or nullptr when it cannot be opened.
  using Work = std::function<Facts(const std::filesystem::path& path, const std::string* bytes)>;
  explicit FileFacts(Work work) : work_(std::move(work)) {}

  const Facts& of(const std::filesystem::path& path) {
    auto [it, fresh] = known_.try_emplace(path.string());
    if (fresh) {
      std::ifstream in(path, std::ios::binary);
      const std::string bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
      it->second = work_(path, in ? &bytes : nullptr);
    }
    return it->second;
  }

 private:
  Work work_;
  std::map<std::string, Facts> known_;
};

}  // namespace benchbox
