// Rows that must agree with each other: where every library of a case computes one function
// (CaseSpec::same_checksum: the hashing module's digests), each point's rows must report the same
// checksum. Decided once the run has every row, so that no row's order in the run decides which is
// wrong.
#pragma once

#include "results/results.hpp"

namespace benchbox {

struct Module;

// The checksum that the most libraries give at a point stands (a library's variants are one
// library); the rows that give another fail, naming the libraries they differ from. Where no
// checksum has more libraries than every other (two that disagree), every row of the point fails.
// Only measured rows with a proof count; the reference row (a floor computes no such function)
// is left out.
void check_agreement(const Module& module, Results& results);

}  // namespace benchbox
