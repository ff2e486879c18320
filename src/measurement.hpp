// One row of a run: calibrate the operation count, run the repetitions in fresh adapter
// processes, verify every trial (warm-ups and calibration probes too) before any figure is
// kept, and summarise. In instructions mode the adapter runs under Callgrind instead.
#pragma once

#include "catalog.hpp"
#include "executor.hpp"
#include "module.hpp"
#include "results.hpp"
#include "runner.hpp"

namespace benchbox {

// `m` arrives with module, case, param, library, version and traits set; leaves ok with its
// figures, or failed with the reason.
void measure(const CaseSpec& spec, const RunSettings& settings, const LibraryEntry& lib, Measurement& m);

// The child process for an adapter command line under these settings (pinning, environment).
ChildSpec adapter_child(const RunSettings& settings, std::vector<std::string> argv, std::chrono::milliseconds timeout);

// "exited with status 3; stderr: <last line>"
std::string child_failure(const ChildOutcome& out);

}  // namespace benchbox
