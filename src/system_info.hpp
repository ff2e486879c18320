// What the machine and the build were when the numbers were taken, and what about them can
// skew numbers (each finding a short warning that says what to do).
#pragma once

#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

namespace benchbox {

struct RunSettings;

nlohmann::json collect_context(const std::vector<std::string>& command_line, std::optional<int> pinned_cpu);

// Warnings about the environment in `context` (governor, turbo, load, virtual machine, build type).
std::vector<std::string> environment_warnings(const nlohmann::json& context);

}  // namespace benchbox
