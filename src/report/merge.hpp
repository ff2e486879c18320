// `benchbox merge A.json B.json ...`: results of several machines side by side, one table per
// case with a column per machine (the layout of the original reports: macOS, Arch, Mint).
// Cells are the medians of the case's figure (ns per op for timed cases), named in each heading.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "results/results.hpp"

namespace benchbox {

struct MergeCell {
  bool present = false;  // the library was in that file for this case
  Status status = Status::failed;
  double value = 0;  // the median of the row's figure when ok
  std::string reason;
};

struct MergedCase {
  std::string module, case_id, param_label, unit;
  FigureSpec figure;
  Point point;
  unsigned cpus = 1;  // more than 1: the case ran unpinned on that many CPUs
  std::vector<std::string> libraries;        // rows' names (a library, or a variant's label), in first-seen order
  std::vector<std::vector<MergeCell>> cells;  // [library][machine]
};

struct Merged {
  std::vector<std::string> machines;  // column labels, unique
  std::vector<std::string> details;   // per column: full machine description and file
  std::vector<MergedCase> cases;
};

// Column labels: the host name, else CPU model and OS; duplicates get the file name, then a
// number, appended.
std::vector<std::string> machine_columns(const std::vector<Results>& inputs, const std::vector<std::string>& files);

Merged merge_results(const std::vector<Results>& inputs, const std::vector<std::string>& files);

// format: text, md or csv; throws std::invalid_argument otherwise.
std::string render_merged(const Merged& merged, const std::string& format);

}  // namespace benchbox
