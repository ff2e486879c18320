// The program case: the user's command, run with the allocator preloaded (the runner itself is
// program.hpp's).
#pragma once

#include <benchbox/shell_words.hpp>

#include "allocator_facts.hpp"
#include "program.hpp"

namespace benchbox::allocator {

// ---- program: the user's command, run with the allocator preloaded -----------------------------

// The library file the program case preloads: empty for none (glibc: the command as is), else
// its path with symbolic links resolved (as the command's memory map names it); or, in `missing`,
// why there is none. `fact`: AllocatorInfo::preload; `found`: the file configure found for a
// library's name, or for "malloc" the shared library beside the static archive linked in
// (run_facts::preload_file).
struct Preload {
  std::string file{};
  std::string missing{};
};

inline Preload preload_of(std::string_view fact, std::string_view found) {
  auto resolved = [](const std::string& path) {
    char* real = realpath(path.c_str(), nullptr);
    std::string out = real ? real : path;
    std::free(real);
    return out;
  };
  if (fact == "none") return {};
  if (fact.empty()) return {.missing = "its library.json names no library to preload (\"preload\")"};
  if (fact == "malloc") {
    if (!malloc_in_program()) return {.file = resolved(malloc_provider())};
    if (found.empty())
      return {.missing = "malloc is the adapter's own (the allocator's static archive is linked in) and no shared library of it was found beside the archive to preload"};
    return {.file = resolved(std::string(found))};
  }
  if (found.empty()) return {.missing = "lib" + std::string(fact) + " was not found when benchbox was configured"};
  return {.file = resolved(std::string(found))};
}

namespace detail {

// One run of the command a trial: timed from the fork to its exit being reaped, its memory map
// read at its exit (paused out of the clock). Its output's checksum, size and lines, its exit
// status and whether the preloaded file was mapped are the proof (module.cpp checks them against
// the run of the command as is); its peak resident memory is a figure and the row's peak.
inline void run_program(Trial& t, const std::string& preload) {
#if BENCHBOX_HAVE_CALLGRIND
  if (RUNNING_ON_VALGRIND) throw NotApplicable("Callgrind would count this adapter's instructions, not the command's");
#endif
  const auto words = split_words(t.axis_text());
  if (!words || words->empty()) throw std::runtime_error("the command is not a list of words: " + std::string(t.axis_text()));
  const program::Outcome o = program::run({.argv = *words, .preload = preload, .trace = true}, t);
  if (!o.error.empty()) throw std::runtime_error(o.error);
  if (o.exit_status != 0)
    throw std::runtime_error("the command " + program::exit_text(o.exit_status) + (preload.empty() ? "" : " with " + preload + " preloaded") +
                             (o.error_tail.empty() ? "" : "; the last line of its standard error: " + o.error_tail));
  if (!o.exit_seen) throw std::runtime_error("the command's exit was not stopped (ptrace): no proof of the libraries it loaded");
  t.count(proof::kExitStatus, static_cast<std::uint64_t>(o.exit_status));
  t.count(proof::kOutputBytes, o.output.bytes);
  t.count(proof::kOutputLines, o.output.lines);
  if (!preload.empty()) {
    const bool mapped = o.mapped.count(preload) > 0;
    t.count(proof::kPreloadMapped, mapped);
    t.detail(mapped ? preload + " was mapped in the command's process at its exit"
                    : preload + " was not mapped in the command's process at its exit");
  } else {
    t.detail("nothing preloaded (LD_PRELOAD removed): the command's own malloc");
  }
  t.figure(figure::kMaxRssMib, static_cast<double>(o.max_rss_bytes) / (1024.0 * 1024.0));
  t.peak_resident(o.max_rss_bytes);
  t.finish(1, o.output.checksum);
}

}  // namespace detail

inline constexpr const char* kProgramNotes =
    "the command given after --, one run a trial, with LD_PRELOAD set to the library file preloaded (none: removed); "
    "timed from the fork to its exit being reaped, its memory map read at its exit with the clock paused";

// Declares the program case for describe: with the file it preloads, or n/a with why there is none.
inline void describe_program_case(Adapter& adapter, const AllocatorInfo& info, std::string_view preload_file) {
  const Preload preload = preload_of(info.preload, preload_file);
  if (!preload.missing.empty()) {
    adapter.not_applicable(case_id(Case::program), preload.missing);
    return;
  }
  adapter.add(case_id(Case::program),
              {.notes = kProgramNotes,
               .traits = {{"api", info.api}, {"options", info.options},
                          {trait::kPreload, preload.file.empty() ? "none (glibc's malloc, as is)" : preload.file}}},
              [file = preload.file](Trial& t) { detail::run_program(t, file); });
}

// The program case for a run: the file is found when the case runs, not before every case's trials.
inline void run_program_case(Trial& t) {
  const Preload preload = preload_of(run_facts::preload, run_facts::preload_file);
  if (!preload.missing.empty()) throw NotApplicable(preload.missing);
  detail::run_program(t, preload.file);
}

}  // namespace benchbox::allocator
