// A test's own module, as benchbox sees one: the settings its command line gives, and what
// Module::check says of a case.
#pragma once

#include <algorithm>
#include <stdexcept>
#include <string>
#include <vector>

#include <CLI/CLI.hpp>

#include "cli/run_options.hpp"

namespace benchbox::testing {

// The settings of `benchbox MODULE ARGS...`, parsed as the command line parses them.
inline RunSettings settings_of(const Module& module, std::vector<std::string> args) {
  CLI::App app;
  RunOptions options;
  add_run_command(app, module, options);
  args.insert(args.begin(), module.id);
  std::reverse(args.begin(), args.end());  // CLI11 takes them last first
  app.parse(args);
  return run_request(options).settings;
}

// The message Module::check throws for a module holding `c`, or "" when it accepts it.
inline std::string problem_of(const CaseSpec& c) {
  Module m{.id = "fake", .description = "", .cases = {c}};
  try {
    m.check();
    return "";
  } catch (const std::invalid_argument& e) {
    return e.what();
  }
}

}  // namespace benchbox::testing
