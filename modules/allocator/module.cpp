// The allocator module, driver side: its cases and how each trial's proof is checked against the
// schedule (common/schedule.hpp: every block's size and tag follow from its serial number), never
// against anything an allocator computed. One operation is one allocation and its free.
//  - small: ops/N rounds, each allocating N blocks of 8..256 bytes, then freeing them in reverse;
//  - churn: L blocks live (set up untimed); each step frees one in a random order and allocates
//    its replacement;
//  - cross-thread: one thread allocates, a second frees, through a queue of at most Q blocks;
//  - threads: two threads, each churning its own L blocks (ops split between them);
//  - fragmentation: N small blocks, 90% freed in a random order, then larger blocks as many bytes:
//    the figures are resident memory (modules/allocator/README.md);
//  - program: the user's command, preloaded with each allocator; its output must be the output of
//    its run as is (glibc's malloc), which the driver makes before anything is measured.
#include <algorithm>
#include <functional>
#include <map>
#include <mutex>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "common/program.hpp"
#include "common/schedule.hpp"
#include <benchbox/module.hpp>
#include <benchbox/shell_words.hpp>

namespace {

using benchbox::CaseContext;
using benchbox::FigureSpec;
using benchbox::AxisValue;
using benchbox::TrialProof;
namespace al = benchbox::allocator;

std::uint64_t param_of(const CaseContext& c) { return static_cast<std::uint64_t>(c.point.first().number.value_or(0)); }

// What a trial must report: the counts of one allocation schedule (blocks `first`..`first+count-1`
// of a size table), possibly two (two threads' serial ranges).
struct Expected {
  std::uint64_t allocations = 0, bytes = 0, checksum = 0;
  void add(const al::SizeTable& t, std::uint64_t first, std::uint64_t count) {
    allocations += count;
    bytes += t.sum(first, count);
    checksum += al::checksum_of(first, count);
  }
};

std::optional<std::string> expect_count(const TrialProof& p, const std::string& name, std::uint64_t want, const char* what) {
  auto it = p.counts.find(name);
  if (it == p.counts.end()) return "the adapter reported no '" + name + "' count";
  if (it->second != want) return std::string(what) + " " + std::to_string(it->second) + ", expected " + std::to_string(want);
  return std::nullopt;
}

// `overlaps`: whether the case checks the blocks live together for overlap (all but cross-thread).
std::optional<std::string> check(const TrialProof& p, const Expected& e, bool overlaps = true) {
  if (p.done != p.ops) return "did " + std::to_string(p.done) + " operations, asked for " + std::to_string(p.ops);
  if (auto wrong = expect_count(p, al::proof::kAllocations, e.allocations, "allocations")) return wrong;
  if (auto wrong = expect_count(p, al::proof::kFrees, e.allocations, "frees")) return wrong;
  if (auto wrong = expect_count(p, al::proof::kBytes, e.bytes, "bytes requested")) return wrong;
  if (overlaps)
    if (auto wrong = expect_count(p, al::proof::kOverlaps, 0, "blocks live at the same time that overlap in memory:")) return wrong;
  if (p.checksum != e.checksum)
    return "the tags read back before the frees sum to " + std::to_string(p.checksum) + ", expected " +
           std::to_string(e.checksum) + ": a block was overwritten while live (overlapping blocks)";
  return std::nullopt;
}

// small and churn: the trial ran on the thread its point names (a thread of its own, or the main one).
std::optional<std::string> on_its_thread(const CaseContext& c, const TrialProof& p) {
  const AxisValue* thread = c.point.find(al::kThreadAxis);
  const bool main = thread && thread->text == al::kMainThread;
  return expect_count(p, al::proof::kOnMainThread, main ? 1 : 0, "the trial's thread (1: the process's main thread, 0: one of its own):");
}

std::optional<std::string> verify_small(const CaseContext& c, const TrialProof& p) {
  if (auto wrong = on_its_thread(c, p)) return wrong;
  const auto n = param_of(c);
  if (n == 0 || p.ops % n != 0) return "ops " + std::to_string(p.ops) + " is not a whole number of rounds of N blocks";
  Expected e;
  e.add(al::sizes(al::Sizes::small), 0, p.ops);
  return check(p, e);
}

std::optional<std::string> verify_churn(const CaseContext& c, const TrialProof& p) {
  if (auto wrong = on_its_thread(c, p)) return wrong;
  Expected e;
  e.add(al::sizes(al::Sizes::churn), 0, param_of(c) + p.ops);  // the live set, then one block per step
  return check(p, e);
}

// The two-thread cases: their adapter must have been free to use two CPUs (CaseSpec::cpus).
std::optional<std::string> two_cpus(const TrialProof& p) {
  auto it = p.counts.find(al::proof::kCpusAllowed);
  if (it == p.counts.end()) return std::string("the adapter reported no '") + al::proof::kCpusAllowed + "' count";
  if (it->second < 2) return "the adapter could run on " + std::to_string(it->second) + " CPU(s), the case needs two threads on two";
  // Unpinned, the threads shared one CPU for part of some trials: the figure was the scheduler's.
  it = p.counts.find(al::proof::kPinnedCpus);
  if (it == p.counts.end()) return std::string("the adapter reported no '") + al::proof::kPinnedCpus + "' count";
  if (it->second != 2) return "its two threads were pinned to " + std::to_string(it->second) + " distinct CPU(s), not one each";
  return std::nullopt;
}

std::optional<std::string> verify_cross_thread(const CaseContext&, const TrialProof& p) {
  if (auto wrong = two_cpus(p)) return wrong;
  Expected e;
  e.add(al::sizes(al::Sizes::small), 0, p.ops);
  return check(p, e, false);  // blocks in flight are proven by their tags, not by address
}

std::optional<std::string> verify_threads(const CaseContext& c, const TrialProof& p) {
  if (auto wrong = two_cpus(p)) return wrong;
  const auto live = param_of(c);
  Expected e;
  e.add(al::sizes(al::Sizes::churn), 0, live + (p.ops - p.ops / 2));
  e.add(al::sizes(al::Sizes::churn), al::kSecondThreadSerial, live + p.ops / 2);
  return check(p, e);
}

// fragmentation: one pattern per trial; its blocks' schedule follows from N (schedule.hpp).
std::optional<std::string> verify_fragmentation(const CaseContext& c, const TrialProof& p) {
  const auto n = param_of(c);
  static std::mutex lock;
  static std::uint64_t planned = 0, large_blocks = 0;
  {
    std::lock_guard guard(lock);
    if (planned != n) {
      large_blocks = al::fragmentation_plan(n).large_blocks;
      planned = n;
    }
  }
  Expected e;
  e.add(al::sizes(al::Sizes::small), 0, n);
  e.allocations += large_blocks;  // serials N.., sizes from the large table's start
  e.bytes += al::sizes(al::Sizes::large).sum(0, large_blocks);
  e.checksum += al::checksum_of(n, large_blocks);
  return check(p, e);
}

// ---- program: the user's command ---------------------------------------------------------------

namespace program = al::program;

// The output kept of a run, to show where another run's differs.
constexpr std::size_t kKeptText = std::size_t{16} << 20;

std::string with_error_tail(const program::Outcome& o) {
  return o.error_tail.empty() ? "" : "; the last line of its standard error: " + o.error_tail;
}

// The command's run with `preload` (empty: as is), made once per command and preload: the first
// one, as is, is the output every row must reproduce (made when the point is planned, before the
// run waits for the machine or measures anything); the others only show where a row differs.
const program::Outcome& run_once(const std::string& command, const std::string& preload) {
  static std::mutex lock;
  static std::map<std::pair<std::string, std::string>, program::Outcome> runs;
  std::lock_guard guard(lock);
  const auto key = std::make_pair(command, preload);
  if (auto it = runs.find(key); it != runs.end()) return it->second;
  program::NoClock clock;
  const auto words = benchbox::split_words(command);
  program::Outcome o = program::run({.argv = words.value_or(std::vector<std::string>{}), .preload = preload, .keep_text = kKeptText}, clock);
  return runs.emplace(key, std::move(o)).first->second;
}

std::optional<std::string> check_command(const std::string& text) {
  const auto words = benchbox::split_words(text);
  if (!words) return "an unclosed quote or a backslash at the end";
  if (words->empty()) return "no command";
  return std::nullopt;
}

// A command that does not start or fails as is: a usage error before anything is measured.
std::optional<std::string> refuse_command(const benchbox::Point& p) {
  const program::Outcome& o = run_once(p.first().text, "");
  if (!o.error.empty()) return o.error;
  if (o.exit_status != 0) return "the command " + program::exit_text(o.exit_status) + " with glibc's malloc (run as is)" + with_error_tail(o);
  return std::nullopt;
}

// Line `n` (from 1) of a text, quoted and cut to 100 characters; "(none)" past its end.
std::string line_of(const std::string& text, std::size_t n) {
  std::size_t start = 0;
  for (std::size_t k = 1; k < n; ++k) {
    const auto newline = text.find('\n', start);
    if (newline == std::string::npos) return "(none)";
    start = newline + 1;
  }
  if (start >= text.size()) return "(none)";
  const std::string line = text.substr(start, text.find('\n', start) - start);
  return "'" + (line.size() > 100 ? line.substr(0, 100) + "..." : line) + "'";
}

// Where a row's output differs from the run as is: the trial's output is not kept, so the command
// runs once more with the row's `preload` for this message, which says so.
std::string first_difference(const std::string& command, const std::string& preload) {
  const program::Outcome& as_is = run_once(command, "");
  const program::Outcome& again = run_once(command, preload);
  if (!again.error.empty() || again.exit_status != 0) return "";
  if (again.output.checksum == as_is.output.checksum)
    return "; run once more, it printed what glibc's run did: its output varies from run to run";
  const std::string &want = as_is.output.text, &got = again.output.text;
  const auto at = std::mismatch(want.begin(), want.end(), got.begin(), got.end()).first - want.begin();
  if (static_cast<std::size_t>(at) == want.size() && want.size() == got.size())
    return "; run once more, its first " + std::to_string(kKeptText >> 20) + " MiB are glibc's";
  const auto line = static_cast<std::size_t>(std::count(want.begin(), want.begin() + at, '\n')) + 1;
  return "; run once more, its first difference is line " + std::to_string(line) + ": " + line_of(got, line) +
         " where glibc's run has " + line_of(want, line);
}

// One run of the command: exit status 0, its standard output that of its run as is (checksum,
// bytes, lines), and the file preloaded (the row's trait) mapped in its process at its exit.
std::optional<std::string> verify_program(const CaseContext& c, const TrialProof& p) {
  if (p.done != 1) return "ran the command " + std::to_string(p.done) + " times, asked for once";
  if (auto wrong = expect_count(p, al::proof::kExitStatus, 0, "exit status")) return wrong;
  const std::string preloaded = c.traits.value(al::trait::kPreload);
  const std::string preload = preloaded.rfind('/', 0) == 0 ? preloaded : "";
  if (!preload.empty()) {
    const auto mapped = p.counts.find(al::proof::kPreloadMapped);
    if (mapped == p.counts.end()) return std::string("the adapter reported no '") + al::proof::kPreloadMapped + "' count";
    if (mapped->second != 1)
      return "LD_PRELOAD did not take effect: " + preload + " was not in the command's memory map at its exit (a static "
             "program, or one that clears its environment, keeps its own malloc)";
  }
  const program::Outcome& as_is = run_once(c.point.first().text, "");
  const auto& want = as_is.output;
  const auto bytes = p.counts.find(al::proof::kOutputBytes), lines = p.counts.find(al::proof::kOutputLines);
  if (bytes == p.counts.end() || lines == p.counts.end()) return "the adapter reported no size of the command's output";
  if (p.checksum == want.checksum && bytes->second == want.bytes && lines->second == want.lines) return std::nullopt;
  const auto size = [](std::uint64_t b, std::uint64_t l) { return std::to_string(b) + " bytes in " + std::to_string(l) + " lines"; };
  const std::string ours = size(bytes->second, lines->second), theirs = size(want.bytes, want.lines);
  return "its standard output differs from the command's run as is (glibc's malloc): " +
         (ours == theirs ? "the same " + ours + ", another checksum" : ours + " against " + theirs) +
         first_difference(c.point.first().text, preload);
}

FigureSpec mib(std::string id, std::string label, std::string description) {
  return {.id = std::move(id), .kind = benchbox::FigureKind::bytes, .unit = "MiB", .label = std::move(label),
          .lower_is_better = true, .description = std::move(description)};
}

std::uint64_t whole_rounds(const benchbox::Point& point, std::uint64_t ops) {
  const AxisValue& p = point.first();
  const auto n = static_cast<std::uint64_t>(std::max<std::int64_t>(p.number.value_or(1), 1));
  return (std::max<std::uint64_t>(ops, 1) + n - 1) / n * n;
}

benchbox::AxisSpec count_axis(std::string name, std::int64_t max, std::string default_value, std::string help,
                                std::vector<std::string> suite = {}) {
  if (suite.empty()) suite = {default_value};
  return {.name = std::move(name),
          .min = 1,
          .max = max,
          .default_value = default_value,
          .suite = std::move(suite),
          .help = std::move(help)};
}

std::string blocks_label(const AxisValue& p, const char* one, const char* many) { return p.text + (p.number == 1 ? one : many); }

// small's and churn's thread: one started for each trial, or the process's main thread, as a
// single-threaded program's work runs (the heap state a trial starts from: README, "Design choices
// that move a figure"). Optional, `own` in the suite: its points are those of before.
benchbox::AxisSpec thread_axis() {
  return {.name = al::kThreadAxis,
          .choices = {al::kOwnThread, al::kMainThread},
          .default_value = al::kOwnThread,
          .suite = {al::kOwnThread},
          .help = "the thread each trial runs on: own (one started for it) or main (the process's main thread, its "
                  "allocator state what the C and C++ runtimes left, the adapter's protocol on another thread)",
          .optional = true};
}

// "100 blocks", and ", main thread" where the trial runs there.
std::function<std::string(const benchbox::Point&)> threaded_label(const char* one, const char* many) {
  return [one, many](const benchbox::Point& p) {
    std::string out = blocks_label(p.first(), one, many);
    if (const AxisValue* thread = p.find(al::kThreadAxis); thread && thread->text == al::kMainThread) out += ", main thread";
    return out;
  };
}

// cross-thread's blocks handed over up to 64 at a time, or each as soon as it is made: what a
// program's queue between the threads does, which moves every row (README, "Design choices that
// move a figure"). Optional, `batches` in the suite: its points are those of before.
benchbox::AxisSpec handover_axis() {
  return {.name = al::kHandoverAxis,
          .choices = {al::kBatches, al::kSingle},
          .default_value = al::kBatches,
          .suite = {al::kBatches},
          .help = "how the producer hands blocks to the consumer: batches (up to 64 at a time) or single (each as it is made)",
          .optional = true};
}

std::string cross_thread_label(const benchbox::Point& p) {
  std::string out = "queue of " + blocks_label(p.first(), " block", " blocks");
  if (const AxisValue* handover = p.find(al::kHandoverAxis); handover && handover->text == al::kSingle) out += ", one at a time";
  return out;
}

constexpr const char* kUnit = "allocations";  // one operation: one allocation and its free

const benchbox::Module allocator_module{
    .id = "allocator",
    .description = "memory allocators (malloc and its replacements): ns per allocation+free, one and two threads, "
                   "and the memory they keep",
    .reference_note = "a bump allocator that never frees: the limit of allocation cost on this machine",
    // The driver's 9 first, then the budget's rounds for the open questions (README, "Duration").
    .cases = {
        {.id = al::case_id(al::Case::small),
         .unit = kUnit,
         .description = "N blocks of 8..256 bytes allocated, then freed in reverse order (LIFO): the fast path",
         .timed = "each round's N allocations, the tag written at both ends of every block, then the N frees in "
                  "reverse order, each after reading both tags back into a local sum; proven after the clock: that sum, "
                  "the counts and bytes against the schedule, and the last round's blocks checked for overlap by address",
         .axes = {count_axis("blocks", 1'000'000, "100", "blocks live at once in a round (allocated, then freed in reverse)"),
                  thread_axis()},
         .legal_ops = whole_rounds,
         .verify = verify_small,
         .describe_point = threaded_label(" block", " blocks")},
        {.id = al::case_id(al::Case::churn),
         .unit = kUnit,
         .description = "L blocks of 8 B..64 KiB live; each step frees one in a random order and allocates its replacement",
         .timed = "the steps: read a live block's two tags into a local sum, free it, allocate its replacement and write its "
                  "tags; the live set is allocated before the clock and freed after it (its tags read the same way); "
                  "proven: the sum, counts and bytes against the schedule, the live set checked for overlap by address",
         // 1000 live blocks (about 680 KB) stay in the caches, where the floor is a limit; 100000 (68 MB) do not
         .axes = {count_axis("live", 10'000'000, "1000", "blocks live at once", {"1000", "100000"}), thread_axis()},
         .verify = verify_churn,
         .describe_point = threaded_label(" live block", " live blocks")},
        {.id = al::case_id(al::Case::cross_thread),
         .unit = kUnit,
         .description = "one thread allocates blocks of 8..256 bytes, a second thread frees them (producer and consumer, each pinned to its own CPU)",
         .timed = "from the producer's first allocation to the consumer's last free: allocations with their tags written, a "
                  "queue of at most Q blocks between the threads, handed over up to 64 at a time (handover single: one at a time), each free after its tags are read into a local sum; "
                  "proven: the sum, counts and bytes against the schedule",
         .axes = {count_axis("queue", 1'000'000, "1000", "blocks in flight between the threads at most"), handover_axis()},
         .cpus = 2,
         .verify = verify_cross_thread,
         .describe_point = cross_thread_label},
        {.id = al::case_id(al::Case::threads),
         .unit = kUnit,
         .description = "two threads, each pinned to its own CPU and churning its own L live blocks as in churn (the operations split between them)",
         .timed = "from both threads' start to the later one's end, both churning as in churn; the figure is wall time per "
                  "operation of both threads together; proven as churn, the two live sets checked for overlap together",
         .axes = {count_axis("live", 10'000'000, "1000", "blocks live at once in each thread")},
         .cpus = 2,
         .verify = verify_threads,
         .describe_point = [](const benchbox::Point& p) { return blocks_label(p.first(), " live block", " live blocks") + " per thread"; }},
        {.id = al::case_id(al::Case::fragmentation),
         .unit = "patterns",
         .description = "N blocks of 8..256 bytes, 90% freed in a random order, then blocks of 1..8 KiB as many bytes: "
                        "the resident memory kept after the free, at the peak and at the end",
         .timed = "one pattern per fresh process: the four phases' allocations and frees (tags written and read as in "
                  "small), the reads of /proc/self/statm between them paused out; its ns per allocation is a figure. "
                  "Proven after the clock: the sum, counts and bytes against the schedule, all N small blocks checked "
                  "for overlap, then the kept and the large ones together",
         .axes = {count_axis("blocks", 10'000'000, "300000", "small blocks allocated in the first phase")},
         .figure = mib(al::figure::kResidentAfterFreeMib, "after free MiB",
                       "growth of resident memory after 90% of the small blocks were freed (lower: more given back)"),
         .extra_figures = {mib(al::figure::kResidentFullMib, "full MiB", "growth of resident memory with all N small blocks live"),
                           mib(al::figure::kResidentEndMib, "end MiB",
                               "growth of resident memory once the large blocks are live (lower: freed memory reused)"),
                           mib(al::figure::kPeakGrowthMib, "peak +MiB",
                               "growth of the process's peak resident memory over the pattern"),
                           [] {
                             FigureSpec f{.id = al::figure::kNsPerAllocation, .kind = "duration", .unit = "ns", .label = "ns/alloc",
                                          .lower_is_better = true,
                                          .description = "the pattern's timed phases per allocation (with its free)"};
                             return f;
                           }()},
         // One pattern in a fresh process: memory an earlier trial freed would be reused and hide the cost.
         .fixed_ops = 1,
         .trials = benchbox::CaseSpec::Trials::cold,
         .verify = verify_fragmentation,
         .describe_point = [](const benchbox::Point& p) { return blocks_label(p.first(), " small block", " small blocks"); }},
        {.id = al::case_id(al::Case::program),
         .unit = "runs",
         .description = "a command of yours, run with each allocator preloaded (LD_PRELOAD; glibc's malloc: as is): "
                        "its wall time and peak resident memory",
         .timed = "one run of the command: from the fork of its process to its exit being reaped (wait4), its memory map "
                  "read at its exit paused out. Proven after the clock: exit status 0, and its standard output's checksum, "
                  "bytes and lines those of the command's run as is (glibc's malloc), which benchbox makes before "
                  "measuring; the preloaded library found in the command's memory map at its exit",
         .axes = {{.name = "command",
                   .help = "the command and its arguments, after --: benchbox allocator -n program -- CMD [ARGS...]",
                   .free_text = check_command,
                   .words = true}},
         .in_suite = false,
         .figure = [] {
           FigureSpec f = FigureSpec::time();
           f.unit = f.label = "ns/run";
           f.description = "wall time of one run of the command, median of the runs";
           return f;
         }(),
         .extra_figures = {[] {
           FigureSpec f = mib(al::figure::kMaxRssMib, "max RSS MiB",
                              "the command's peak resident memory (wait4's ru_maxrss: its process or a descendant's), "
                              "median of the runs");
           f.trade_off = true;
           return f;
         }()},
         .fixed_ops = 1,
         .refuse_point = refuse_command,
         .verify = verify_program},
    }};

const benchbox::ModuleRegistration registration{allocator_module};

}  // namespace
