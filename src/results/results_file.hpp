// The results file (docs/results-schema.md): what `--json` writes and every reader reads, with the
// rows' standings recomputed on reading (results/standing.hpp).
#pragma once

#include <filesystem>
#include <string>

#include <nlohmann/json.hpp>

#include "results/results.hpp"

namespace benchbox {

nlohmann::json to_json(const Results& results);

// Reads a results file; throws std::runtime_error with a one-line message naming what is wrong.
Results results_from_json(const nlohmann::json& j);
Results load_results(const std::filesystem::path& path);

// Writes through a temporary file and rename(2): readers see the old file or the whole new one.
// A destination that is there and is not a regular file (/dev/null, a FIFO, a link) is written
// in place: renaming over it would replace a device or a link with a file (as root, /dev/null).
void write_file_atomically(const std::filesystem::path& path, const std::string& content);

}  // namespace benchbox
