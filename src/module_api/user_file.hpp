// The user's own file as a parameter value (AxisSpec::user_file): checked before anything runs,
// passed to the adapters by its absolute path, recorded by its size and SHA-256 so that a report
// says what was measured.
#pragma once

#include <filesystem>
#include <string>

#include <benchbox/module.hpp>

namespace benchbox {

// The value for `text` as a path: a readable, non-empty regular file whose content the spec's
// check accepts. Throws std::invalid_argument with one line that starts with `where` ("data set
// for parse") and names the file.
AxisValue user_file_param(const AxisSpec& spec, const std::string& where, const std::string& text);

// The SHA-256 of a file's bytes, lower-case hex; throws std::runtime_error when it cannot be read.
std::string sha256_of_file(const std::filesystem::path& path);

}  // namespace benchbox
