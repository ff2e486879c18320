// Files the command line names for output, checked before anything is measured or written: a
// mistake costs a message, never a run's results (README, "Bad input").
#pragma once

#include <string>

namespace benchbox {

// `given` with an empty value (an unset shell variable: --json "$OUT") is an error, not "no file";
// so are a directory (unless the format writes into one: svg's DIR/) and a missing parent directory.
void check_output_file(const std::string& path, const std::string& option, bool given, bool directory_allowed = false);

// Refuses when writing `written` would replace `other` (the results file and its report; a report
// and its input): one path spelt two ways, or `other` a link to the file `written` names. Writing
// to a link replaces the link, not the file it points to, which is left alone.
void check_distinct_files(const std::string& written, const std::string& written_as, const std::string& other,
                          const std::string& other_as);

}  // namespace benchbox
