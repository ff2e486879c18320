// Shared by the allocator module's adapters: the cases and the adapter (Library). The workloads,
// the proof and the memory figures are the same for every allocator, one header per case (small,
// churn, cross_thread, threads, fragmentation, program_case; blocks.hpp the proof's pieces they
// share); an adapter only names its allocator's two calls in a small class (see `Allocator
// concept`). What the allocator is (its calls, options and notes) is in its folder's library.json,
// read by allocator_info() (allocator_facts.hpp) when describing; a run checks a few of its facts
// as constants (run_facts.hpp, Library).
//
// Allocator concept:
//   explicit A(std::size_t window);          // one per thread that allocates (the floor's arena);
//                                            // window: the most bytes the schedule requests while
//                                            // any one block is live (only the floor needs it)
//   void* allocate(std::size_t bytes);       // nullptr: out of memory
//   void release(void* p, std::size_t bytes);
// A block may be released by another thread than the one that allocated it (cross-thread):
// release must then be safe to call from there on the allocating thread's object.
//
// The proof (modules/allocator/README.md): every block gets its tag (schedule.hpp) written in its first and
// last 8 bytes when allocated, and both words are read back and added into a local checksum just
// before it is freed; the counts of allocations and frees and the sum of the sizes requested are
// kept in locals; after the clock, the blocks that were live together are checked for overlap
// by address. module.cpp checks all of it against the schedule.
#pragma once

#include <benchbox/adapter.hpp>
#include <benchbox/library_facts.hpp>

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "../cases.hpp"
#include "allocator_facts.hpp"
#include "blocks.hpp"
#include "small.hpp"
#include "churn.hpp"
#include "cross_thread.hpp"
#include "threads.hpp"
#include "fragmentation.hpp"
#include "program_case.hpp"
#include "run_facts.hpp"

namespace benchbox::allocator {

inline constexpr std::int64_t kMinValue = 1;  // every case runs from one block (or step) up

inline benchbox::CaseInfo case_info(const AllocatorInfo& info, std::uint64_t bytes_per_unit, std::string notes) {
  return {.notes = notes + (info.notes.empty() ? "" : "; " + info.notes),
          .min_value = kMinValue,
          .bytes_per_unit = bytes_per_unit,
          .traits = {{"api", info.api}, {"options", info.options}}};
}

// The module's cases: what describe shows of each beside the allocator's facts (the memory one
// unit of its axis costs, the notes) and the function that runs it for allocator A.
struct CaseDefinition {
  Case c;
  std::uint64_t bytes_per_unit;
  const char* notes;
  void (*run)(Trial&);
};

template <class A>
inline constexpr CaseDefinition kCaseDefinitions[] = {
    {Case::small, 300, "N blocks allocated, then freed in reverse order", detail::run_small<A>},
    {Case::churn, 800, "each step frees a live block and allocates its replacement", detail::run_churn<A>},
    {Case::cross_thread, 300, "this thread allocates, a second thread frees", detail::run_cross_thread<A>},
    {Case::threads, 1600, "two threads, each churning its own live set", detail::run_threads<A>},
    {Case::fragmentation, 400, "N small blocks, 90% freed in a random order, then large blocks", detail::run_fragmentation<A>},
};

// Declares every case of the module for allocator A, with all that describe shows; `preload_file`
// and `archive`: what configure found (run_facts::preload_file, run_facts::malloc_archive).
template <class A>
void add_cases(Adapter& adapter, const AllocatorInfo& info, std::string_view preload_file = {}, std::string_view archive = {}) {
  const std::string provider = malloc_provider();
  adapter.info("malloc resolves to", provider + (malloc_in_program() && !archive.empty() ? " (linked in from " + std::string(archive) + ")" : ""));
  if (!info.implementation.empty()) adapter.info("implementation", info.implementation);
  if (const auto why = wrong_malloc(provider, info.malloc_from, archive)) {
    for (Case c : kCases) adapter.not_applicable(case_id(c), *why);
    return;
  }
  for (const CaseDefinition& d : kCaseDefinitions<A>) {
    CaseInfo ci = case_info(info, d.bytes_per_unit, d.notes);
    for (const auto& l : info.limits)
      if (l.c == d.c) ci.max_value = l.max_value, ci.max_value_reason = l.reason;
    adapter.add(case_id(d.c), std::move(ci), d.run);
  }
  describe_program_case(adapter, info, preload_file);
  for (const auto& n : info.not_applicable) adapter.not_applicable(case_id(n.c), n.reason);
}

// Declares the cases as `run` needs them, from the constants of run_facts.hpp: each case's function
// and the largest value it may run at, the cases that do not apply, and all of them n/a when
// malloc resolves to another library. No JSON, and nothing only describe shows (notes, traits).
template <class A>
void add_cases_to_run(Adapter& adapter) {
  if (run_facts::malloc_from[0] != '\0') {
    if (const auto why = wrong_malloc(malloc_provider(), run_facts::malloc_from, run_facts::malloc_archive)) {
      for (Case c : kCases) adapter.not_applicable(case_id(c), *why);
      return;
    }
  }
  for (const CaseDefinition& d : kCaseDefinitions<A>) {
    CaseInfo ci;
    ci.min_value = kMinValue;
    for (const run_facts::Limit* l = run_facts::limits; l->case_id; ++l)
      if (case_named(l->case_id) == d.c) ci.max_value = l->max_value;
    adapter.add(case_id(d.c), std::move(ci), d.run);
  }
  adapter.add(case_id(Case::program), CaseInfo{}, run_program_case);
  for (const run_facts::NotApplicable* n = run_facts::not_applicable; n->case_id; ++n)
    if (const auto c = case_named(n->case_id)) adapter.not_applicable(case_id(*c), n->reason);
}

// An allocator's adapter: `Library(id, version)`, add<A>(read_back) with A the allocator's calls
// (above), then main(argc, argv). Only describe reads the library.json (and calls `read_back`:
// the values its "options" shows in braces, read from the library); every other command, `run`
// above all, declares the cases from run_facts.hpp's constants: no JSON parsed, no string made
// that only describe shows. What a run allocates before its trials changes the heap the measured
// allocator starts from: parsing the file there moved Callgrind's counts per operation of
// jemalloc, tcmalloc and tcmalloc_minimal by up to 0.24%.
class Library : public Adapter {
 public:
  using Adapter::Adapter;
  template <class A>
  Library& add(ReadBack (*read_back)() = nullptr) {
    serve_ = &serve_allocator<A>;
    read_back_ = read_back;
    return *this;
  }
  // With the facts given here, not read from library.json (a test adapter's, which has none).
  template <class A>
  Library& add(AllocatorInfo given) {
    serve_ = &serve_given<A>;
    given_ = std::move(given);
    return *this;
  }

 protected:
  int serve(int argc, char** argv) override { return serve_ ? serve_(*this, argc, argv) : Adapter::serve(argc, argv); }

 private:
  // Declares the cases of allocator A and serves the command. Where a run asks for `thread main`,
  // both happen on a thread of their own and the trials on this, the main, thread
  // (detail::main_thread): nothing of the protocol's is then in the main thread's allocator state.
  template <class A>
  static int serve_allocator(Library& library, int argc, char** argv) {
    if (describing(argc, argv)) {
      const LibraryFacts facts = LibraryFacts::embedded();
      const AllocatorInfo info = allocator_info(facts, library.read_back_ ? library.read_back_() : ReadBack{});
      check_run_facts(facts, info);
      facts.done();
      add_cases<A>(library, info, run_facts::preload_file, run_facts::malloc_archive);
      return library.Adapter::serve(argc, argv);
    }
    return serve_command(argc, argv, [&] {
      add_cases_to_run<A>(library);
      return library.Adapter::serve(argc, argv);
    });
  }
  template <class A>
  static int serve_given(Library& library, int argc, char** argv) {
    return serve_command(argc, argv, [&] {
      add_cases<A>(library, library.given_);
      return library.Adapter::serve(argc, argv);
    });
  }
  template <class Command>
  static int serve_command(int argc, char** argv, Command&& command) {
    return detail::main_thread::requested(argc, argv) ? detail::main_thread::serve(command) : command();
  }

  int (*serve_)(Library&, int, char**) = nullptr;
  ReadBack (*read_back_)() = nullptr;
  AllocatorInfo given_;
};

}  // namespace benchbox::allocator
