// What the machine and the build were when the numbers were taken, and what about them can
// skew numbers (each finding a short warning that says what to do).
#pragma once

#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

namespace benchbox {

nlohmann::json collect_context(const std::vector<std::string>& command_line, std::optional<int> pinned_cpu);

// Whether this kernel lets a process count its own cycles and instructions (perf_event_open).
bool hardware_counters_available();

// Warnings about the environment in `context` (governor, turbo, load, virtual machine, build type).
// `unpinned_rows`: some of the run's cases run on several CPUs, unpinned, where the measured CPU's
// share taken by other programs is not measured: the load average is said for them.
std::vector<std::string> environment_warnings(const nlohmann::json& context, bool unpinned_rows = false);

}  // namespace benchbox
