// Reading the machine context of a results file defensively: the file may come from another
// machine or another benchbox version, so every field may be missing or of another type.
#pragma once

#include <nlohmann/json.hpp>
#include <string>
#include <utility>
#include <vector>

namespace benchbox {

// The field as text: strings as they are, numbers and booleans printed, "" when missing or null.
std::string context_text(const nlohmann::json& context, const std::string& key);

// "machine (cpu model, os)" when known (the machine's name, its host name in older files); what there is otherwise; "unknown machine" at worst.
std::string machine_label(const nlohmann::json& context);

// The fields a reader wants first, as (label, value) pairs, skipping empty ones.
std::vector<std::pair<std::string, std::string>> context_summary(const nlohmann::json& context);

}  // namespace benchbox
