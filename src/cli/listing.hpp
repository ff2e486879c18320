// What `benchbox list` prints for a module: its cases, then each library with whether it is
// available here and, if so, how it runs the cases, asked through the same `describe` as a run.
#pragma once

#include <string>
#include <vector>

#include "run/catalog.hpp"
#include "run/executor.hpp"
#include <benchbox/module.hpp>
#include "run/settings.hpp"

namespace benchbox {

// `verbose`: every case of a library with all its traits; otherwise the cases it runs on one
// line and each trait once, with the cases it applies to where they differ.
std::string list_module(const Module& module, const std::vector<LibraryEntry>& catalog, const RunSettings& settings,
                        Executor& executor, bool verbose);

// `benchbox list` without a module: one screen, two lines a module (what it measures; its cases and
// how many of its libraries are available here), from the catalog alone (no adapter started).
std::string list_summary(const std::vector<std::pair<const Module*, std::vector<LibraryEntry>>>& modules);

}  // namespace benchbox
