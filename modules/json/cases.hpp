// The json module's case ids and proof names, shared by the driver side (module.cpp) and every
// adapter (common/json_adapter.hpp, floor/adapter.cpp): a misspelled case, count or figure fails to
// compile instead of showing up at run time as an unknown case or a missing proof.
#pragma once

#include <string>
#include <string_view>

#include <benchbox/enum_names.hpp>

namespace benchbox::json {

enum class Case { parse, stringify, conformance, last = conformance };

inline constexpr auto case_id = enum_names<Case>("parse", "stringify", "conformance");

// The conformance case's point that runs JSONTestSuite's inputs (the other, "own": the module's).
inline constexpr const char* kJsonTestSuite = "jsontestsuite";

// The counts and figures a trial reports beside done and checksum (the statistics' own counts are
// kStatNames, common/stats.hpp).
namespace proof {
// parse and stringify
inline constexpr const char* kBytes = "bytes";                // document (parse) or output (stringify) bytes, ops times over
inline constexpr const char* kValues = "values";              // parse: values visited by the timed walks
inline constexpr const char* kTextBytes = "text_bytes";       // parse: unescaped string and key bytes of the timed walks
inline constexpr const char* kOutputBytes = "output_bytes";   // stringify: bytes of the last output
inline constexpr const char* kAllocBytes = "alloc_bytes";     // figure: bytes allocated per document
inline constexpr const char* kAllocs = "allocs";              // figure: allocations per document
// conformance: per category of the module's inputs, or per JSONTestSuite kind (y, n, i)
inline std::string tried(std::string_view of) { return "tried_" + std::string(of); }    // count
inline std::string passed(std::string_view of) { return "passed_" + std::string(of); }  // count
inline std::string score(std::string_view of) { return "score_" + std::string(of); }    // figure
inline constexpr const char* kScore = "score";              // figure: inputs passed overall, percent
inline constexpr const char* kIAccepted = "i_accepted";     // count and figure: JSONTestSuite i inputs accepted
inline constexpr const char* kIRejected = "i_rejected";     // count and figure: ... rejected

// The trait that says how a row proves its work: the document's statistics, or (the floor) the
// byte sum of what it read or wrote.
inline constexpr const char* kTrait = "proof";
inline constexpr const char* kByStatistics = "statistics";
inline constexpr const char* kByBytes = "bytes";
}  // namespace proof

}  // namespace benchbox::json
