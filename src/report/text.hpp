// The terminal format: the original tool's line per library, then a table per case.
#pragma once

#include <string>

#include "report/columns.hpp"
#include "report/reporter.hpp"

namespace benchbox::text {

// "tbox: 10000000 switches in 205 ms, 48780487 switches per second" for a verified row; the row's
// status and reason otherwise.
std::string original_line(const Measurement& m);
// The original_line of each row of the case, in the order of its table.
std::string original_lines(const CaseGroup& group);
std::string case_heading(const CaseGroup& group);
// The case's table (the columns `columns` chooses), its legend and what it does not offer. The
// default table fits in 100 columns: long names and versions cut in the middle, long column titles
// abbreviated (and named under the table).
std::string case_table(const CaseGroup& group, const ColumnChoice& columns = default_columns());
// A title too wide for its table, abbreviated word by word: each word of four letters or more to its
// first letter and the consonants after it, a letter repeated once, at most three ("faults/message"
// -> "flt/msg").
std::string abbreviated(const std::string& title);
// The rank tables of the ranked cases (reporter.hpp, Rank), each after a blank line; empty when none.
std::string rank_tables(const Results& results, const std::vector<CaseGroup>& groups);
std::string coverage_tables(const std::vector<CaseGroup>& groups);
// The libraries not installed here, once, with how to enable each; empty when there are none.
std::string unavailable_summary(const Results& results);

}  // namespace benchbox::text
