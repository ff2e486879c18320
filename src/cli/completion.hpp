// Shell completion: `benchbox __complete WORD...` answers what may stand where the cursor is, from
// this benchbox's own command line, modules and libraries (packaging/benchbox.bash asks it at each
// Tab), so that completion stays right for whichever build or installed copy is completed.
#pragma once

#include <CLI/CLI.hpp>

#include <string>
#include <vector>

#include "cli/host.hpp"

namespace benchbox {

// The hidden command's name (cobra's, a common Go CLI library's, convention for the same job).
inline constexpr const char* kCompleteCommand = "__complete";

// `words`: the command line after the program's name, the last being the word under the cursor
// (empty: a new word). Prints "words" or "files" (the shell completes file names itself), then the
// candidates that start with that word, one a line. Always exit status 0.
int print_completions(const CLI::App& app, const std::vector<std::string>& words, const CliHost& host);

}  // namespace benchbox
