// What `benchbox MODULE --verify` prints: one line per row, whether its adapter's work was proved
// (the trial's count and checksum, as the module's verifier accepted them) or why not. No figure:
// one short trial per row times nothing worth showing.
#pragma once

#include <string>

#include "results/results.hpp"

namespace benchbox::verify {

// "2000 switches, checksum 0x00000000000007d0, bytes 123": a row's proof, or empty.
std::string proof_text(const Measurement& m);
// Every row in run order (library, case, point, result, proof or reason), then a count per result.
std::string table(const Results& results);

}  // namespace benchbox::verify
