// benchbox/adapter.hpp: the one header every C/C++ library adapter includes.
//
// An adapter is a small program that runs one library's implementation of a module's cases and
// speaks the benchbox protocol (docs/protocol.md) on standard output:
//
//   adapter describe                     -> one JSON line: library, version, variants, cases, n/a reasons
//   adapter run --case C --axis VALUE --ops N [--reps R] [--warmup W] [--warmup-ops N] [--variant V]
//                                        -> one JSON line per trial (warm-ups first, then reps)
//
// The point's VALUE is text: a number ("1000") or a name the module declares ("canada"). A case
// with several axes gets one `--axis NAME=VALUE` per axis instead (Trial::axis_text(name)). A
// library that declares variants (a codec's levels) is run once per variant, with --variant.
// The adapter proves its work: each trial reports how many operations really happened, a
// checksum and any further counts the module checks; the driver compares them with what it asked
// for. Only the region between Trial::start() and Trial::stop() is timed (a monotonic nanosecond
// clock), and the same region is the one counted by hardware counters and by Callgrind when those
// are in use. Figures the adapter measures itself (bytes, a score) travel with the trial.
//
// The pieces, each its own header under benchbox/adapter/: json_text.hpp (what the protocol
// prints), process.hpp (peak memory, the data folder), hardware_counters.hpp (--counters),
// trial.hpp (the timed region and its proof), library_adapter.hpp (the program: cases, describe,
// run).
#pragma once

#include <benchbox/adapter/hardware_counters.hpp>
#include <benchbox/adapter/json_text.hpp>
#include <benchbox/adapter/library_adapter.hpp>
#include <benchbox/adapter/process.hpp>
#include <benchbox/adapter/trial.hpp>
