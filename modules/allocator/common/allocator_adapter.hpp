// Shared by the allocator module's adapters: the workloads, the proof and the memory figures are
// this file's, the same for every allocator; an adapter only names its allocator's two calls in
// a small class (see `Allocator concept`). What the allocator is (its calls, options and notes) is
// in its folder's library.json, read by allocator_info() when describing; a run checks a few of its
// facts as constants (run_facts.hpp, Library).
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

#include <dlfcn.h>
#include <fcntl.h>
#include <sched.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <condition_variable>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <exception>
#include <mutex>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <thread>
#include <utility>
#include <vector>

#include <benchbox/shell_words.hpp>

#include "../cases.hpp"
#include "program.hpp"
#include "run_facts.hpp"
#include "schedule.hpp"

namespace benchbox::allocator {

// What the cases and docs show about an allocator: in its folder's library.json, the keys of the
// same names (limits and not_applicable: arrays of objects naming a case by its id), read by
// allocator_info().
struct AllocatorInfo {
  std::string api;      // the calls the timed loop makes: "malloc/free (glibc)", "mi_malloc/mi_free"
  std::string options;  // the options it runs with (defaults, or what was set and why)
  std::string notes{};  // anything else about how it maps to the cases
  // Where `malloc` must resolve for the adapter to measure this allocator (a fragment of the
  // library file's name: "libjemalloc"); empty when the adapter calls the library's own API.
  std::string malloc_from{};
  // The largest parameter it can honestly run a case at, and why (the floor: where its fresh
  // memory is colder than what a real allocator reuses); cases not named have no limit.
  struct Limit {
    Case c;
    std::int64_t max_param;
    std::string reason;
  };
  std::vector<Limit> limits{};
  // Cases it cannot run, and why (the floor's fragmentation: it never frees).
  struct NotApplicable {
    Case c;
    std::string reason;
  };
  std::vector<NotApplicable> not_applicable{};
  std::string implementation{};  // shown as the adapter's "implementation" (the floor: what it is)
  // What the program case preloads (LD_PRELOAD) into the user's command: "none" (glibc's malloc,
  // the command as is), "malloc" (the shared library this adapter's malloc resolves to), or a
  // library's name as for -l ("tbbmalloc_proxy": the file configure found, run_facts.hpp). Empty:
  // none named, the case is n/a.
  std::string preload{};
};

// Values an adapter reads back from its library when it describes (jemalloc's mallctl), by name:
// the library.json's "options" shows each as {name} ("tcache {opt.tcache}").
using ReadBack = std::vector<std::pair<std::string, std::string>>;

namespace detail {

// `text` with each {name} replaced by the value read back under that name; a name with no value,
// or a value no {name} shows, is a problem of the facts (done() says it).
inline std::string fill_in(const LibraryFacts& facts, const char* key, const std::string& text, const ReadBack& values) {
  std::vector<bool> used(values.size(), false);
  std::string out;
  for (std::size_t at = 0; at < text.size();) {
    const std::size_t open = text.find('{', at);
    const std::size_t close = open == std::string::npos ? open : text.find('}', open);
    if (close == std::string::npos) {
      out += text.substr(at);
      break;
    }
    out += text.substr(at, open - at);
    const std::string name = text.substr(open + 1, close - open - 1);
    std::size_t i = 0;
    while (i < values.size() && values[i].first != name) ++i;
    if (i == values.size()) {
      facts.problem(std::string("\"") + key + "\" shows {" + name + "}, which the adapter does not read back");
    } else {
      out += values[i].second;
      used[i] = true;
    }
    at = close + 1;
  }
  for (std::size_t i = 0; i < values.size(); ++i)
    if (!used[i]) facts.problem(std::string("\"") + key + "\" does not show {" + values[i].first + "}, which the adapter reads back");
  return out;
}

// The case an object of "limits" or "not_applicable" names ("case": its id).
inline Case case_of(const LibraryFacts& o) {
  const std::string id = o.text("case");
  if (const auto c = case_named(id)) return *c;
  std::string known;
  for (Case c : kCases) known += std::string(known.empty() ? "" : ", ") + case_id(c);
  o.problem("\"case\" is \"" + id + "\", not a case of the allocator module (" + known + ")");
  return Case::small;
}

}  // namespace detail

// The allocator's facts from its library.json; `read_back`: the values its "options" shows in
// braces, read from the library.
inline AllocatorInfo allocator_info(const LibraryFacts& facts, const ReadBack& read_back = {}) {
  AllocatorInfo info{.api = facts.text("api"),
                     .options = detail::fill_in(facts, "options", facts.text("options"), read_back),
                     .notes = facts.text_or("notes", ""),
                     .malloc_from = facts.text_or("malloc_from", ""),
                     .preload = facts.text_or("preload", "")};
  for (const auto& l : facts.objects("limits")) {
    info.limits.push_back({detail::case_of(l), l.integer("max_param"), l.text("reason")});
    l.done();
  }
  for (const auto& n : facts.objects("not_applicable")) {
    info.not_applicable.push_back({detail::case_of(n), n.text("reason")});
    n.done();
  }
  info.implementation = facts.text_or("implementation", "");
  facts.done();
  return info;
}

// Where this process's `malloc` resolves: the file of the first definition in the global search
// order, which is the one every call binds to (a library linked before libc replaces glibc's).
inline std::string malloc_provider() {
  Dl_info info{};
  void* symbol = dlsym(RTLD_DEFAULT, "malloc");
  if (!symbol || !dladdr(symbol, &info) || !info.dli_fname) return "unknown";
  return info.dli_fname;
}

// Whether `malloc` is defined in the adapter program itself: linked in from a static archive (the
// harness defines none).
inline bool malloc_in_program() {
  Dl_info symbol{}, program{};
  void* found = dlsym(RTLD_DEFAULT, "malloc");
  return found && dladdr(found, &symbol) && dladdr(reinterpret_cast<void*>(&malloc_in_program), &program) &&
         symbol.dli_fbase == program.dli_fbase;
}

// The calls of a program that uses malloc: the allocator is whichever `malloc` the adapter's
// link resolved to (glibc's, or a library linked before libc that replaces it process-wide, as
// linking with -ljemalloc does for a user's program); AllocatorInfo::malloc_from checks which.
struct MallocFree {
  explicit MallocFree(std::size_t) {}
  void* allocate(std::size_t n) { return std::malloc(n); }
  void release(void* p, std::size_t) { std::free(p); }
};

namespace detail {

[[noreturn]] inline void out_of_memory(std::size_t bytes) {
  std::printf("{\"protocol\":%d,\"error\":\"the allocator returned null for %zu bytes\"}\n", kProtocolVersion, bytes);
  std::fflush(stdout);
  std::_Exit(2);
}

// One block: where it is and its serial (its size and tag follow from the serial).
struct Block {
  unsigned char* p;
  std::uint64_t serial;
};

// What a trial's loops did, kept in locals by each loop and added here after it.
struct Tally {
  std::uint64_t allocations = 0, frees = 0, bytes = 0, checksum = 0;
  // Blocks live together that overlap in memory, where the case checks it (cross-thread does
  // not: which blocks were in flight together is not known after the clock; its tags are read).
  std::optional<std::uint64_t> overlaps{};
  void add(const Tally& o) {
    allocations += o.allocations;
    frees += o.frees;
    bytes += o.bytes;
    checksum += o.checksum;
    if (o.overlaps) overlaps = overlaps.value_or(0) + *o.overlaps;
  }
  void report(Trial& t, std::uint64_t done) const {
    t.count(proof::kAllocations, allocations);
    t.count(proof::kFrees, frees);
    t.count(proof::kBytes, bytes);
    if (overlaps) t.count(proof::kOverlaps, *overlaps);
    t.finish(done, checksum);
  }
};

// Allocates block `serial` of `size` bytes and writes its tag at both ends.
template <class A>
[[gnu::always_inline]] inline unsigned char* take(A& a, std::uint64_t serial, std::uint32_t size) {
  auto* p = static_cast<unsigned char*>(a.allocate(size));
  if (!p) [[unlikely]]
    out_of_memory(size);
  const std::uint64_t tag = tag_of(serial);
  std::memcpy(p, &tag, 8);
  std::memcpy(p + size - 8, &tag, 8);
  return p;
}

// Reads both tags of a block back (their sum, for the checksum), then frees it.
template <class A>
[[gnu::always_inline]] inline std::uint64_t give_back(A& a, unsigned char* p, std::uint32_t size) {
  std::uint64_t head, tail;
  std::memcpy(&head, p, 8);
  std::memcpy(&tail, p + size - 8, 8);
  a.release(p, size);
  return head + tail;
}

// Blocks that were live at the same time and overlap in memory: after sorting by address, each
// block that starts before its predecessor ends. Untimed; the addresses may be stale (freed).
inline std::uint64_t overlaps(std::vector<std::pair<std::uintptr_t, std::uint32_t>> spans) {
  std::sort(spans.begin(), spans.end());
  std::uint64_t found = 0;
  for (std::size_t i = 1; i < spans.size(); ++i) found += spans[i].first < spans[i - 1].first + spans[i - 1].second;
  return found;
}

inline std::vector<std::pair<std::uintptr_t, std::uint32_t>> spans_of(const std::vector<Block>& blocks, const SizeTable& t) {
  std::vector<std::pair<std::uintptr_t, std::uint32_t>> spans;
  spans.reserve(blocks.size());
  for (const Block& b : blocks) spans.emplace_back(reinterpret_cast<std::uintptr_t>(b.p), t.size[b.serial & kTableMask]);
  return spans;
}

inline std::uint64_t param_of(const Trial& t) { return static_cast<std::uint64_t>(t.param()); }

// ---- small: rounds of N blocks allocated, then freed in reverse (LIFO) order ----------------

template <class A>
[[gnu::noinline]] Tally lifo_rounds(A& a, const std::uint32_t* size, unsigned char** ptrs, std::uint64_t n, std::uint64_t rounds) {
  std::uint64_t serial = 0, bytes = 0, sum = 0;
  for (std::uint64_t r = 0; r < rounds; ++r, serial += n) {
    for (std::uint64_t j = 0; j < n; ++j) {
      const std::uint32_t s = size[(serial + j) & kTableMask];
      ptrs[j] = take(a, serial + j, s);
      bytes += s;
    }
    for (std::uint64_t j = n; j-- > 0;) sum += give_back(a, ptrs[j], size[(serial + j) & kTableMask]);
  }
  return {.allocations = serial, .frees = serial, .bytes = bytes, .checksum = sum};
}

// Runs one trial's work on a thread started for it, and waits for it: the allocator state that
// thread allocates from (glibc's arena and tcache, mimalloc's heap, jemalloc's arena and tcache)
// then holds what the work allocated and nothing of the adapter's own strings and tables, which
// live in the main thread's (modules/allocator/README.md, "Yardstick": heap history).
template <class Work>
void on_own_thread(Work&& work) {
  std::exception_ptr failed;
  std::thread([&] {
    try {
      work();
    } catch (...) {
      failed = std::current_exception();
    }
  }).join();
  if (failed) std::rethrow_exception(failed);
}

// `thread main`: the trial runs on the process's main thread, as a single-threaded program's work
// does. That thread's allocator state must then hold what a minimal program's holds (what the C
// and C++ runtimes allocated before main) and not the adapter's own strings and tables (on the
// main thread with them, mimalloc's small 100 read 0.88 of its yardstick, glibc's churn 1000
// 1.17-1.25: README, "Yardstick"). So in such a process the protocol runs on a thread of its own
// from the start (serve, from Library::serve) and hands each trial to the main thread (run).
namespace main_thread {

struct Server {
  std::mutex lock;
  std::condition_variable changed;
  void (*work)(void*) = nullptr;  // the trial handed over, or nothing
  void* context = nullptr;
  bool serving = false, protocol_done = false;
};

inline Server& server() {
  static Server s;
  return s;
}

// Whether this process's run asks for `thread main` (its --param, as the driver passes a point of
// several axes: NAME=VALUE); read before anything is allocated for the protocol.
inline bool requested(int argc, char** argv) {
  const std::string_view axis = kThreadAxis, value = kMainThread;
  for (int i = 1; i + 1 < argc; ++i) {
    const std::string_view key = argv[i], param = argv[i + 1];
    if (key == "--param" && param.size() == axis.size() + 1 + value.size() && param.starts_with(axis) &&
        param[axis.size()] == '=' && param.ends_with(value))
      return true;
  }
  return false;
}

// Runs `protocol` on a thread of its own and, on this (the main) thread, the trials it hands over,
// until it returns; its result.
template <class Protocol>
int serve(Protocol&& protocol) {
  Server& s = server();
  s.serving = true;
  int result = 2;
  std::thread protocol_thread([&] {
    result = protocol();
    std::lock_guard guard(s.lock);
    s.protocol_done = true;
    s.changed.notify_all();
  });
  for (std::unique_lock guard(s.lock);;) {
    s.changed.wait(guard, [&] { return s.work || s.protocol_done; });
    if (!s.work) break;
    guard.unlock();
    s.work(s.context);  // the trial, while the protocol thread waits for it
    guard.lock();
    s.work = nullptr;
    s.changed.notify_all();
  }
  protocol_thread.join();
  return result;
}

// Hands `work` to the main thread and waits for it (from the protocol thread of serve).
template <class Work>
void run(Work& work) {
  Server& s = server();
  if (!s.serving) throw std::logic_error("a thread-main trial in a process that does not serve them");
  std::exception_ptr failed;
  auto call = [&] {
    try {
      work();
    } catch (...) {
      failed = std::current_exception();
    }
  };
  std::unique_lock guard(s.lock);
  s.context = &call;
  s.work = [](void* c) { (*static_cast<decltype(call)*>(c))(); };
  s.changed.notify_all();
  s.changed.wait(guard, [&] { return !s.work; });
  guard.unlock();
  if (failed) std::rethrow_exception(failed);
}

}  // namespace main_thread

// Whether the calling thread is the process's main thread, for module.cpp to check against the
// point's `thread`.
inline void report_thread(Trial& t) { t.count(proof::kOnMainThread, static_cast<std::uint64_t>(gettid() == getpid())); }

// Runs a small or churn trial on the thread its point names: one started for it, or the main thread.
template <class Work>
void on_trial_thread(const Trial& t, Work&& work) {
  if (t.param_text_or(kThreadAxis, kOwnThread) == kMainThread) main_thread::run(work);
  else on_own_thread(work);
}

template <class A>
void small_trial(Trial& t) {
  const std::uint64_t n = param_of(t), rounds = t.ops() / n;
  const SizeTable& table = sizes(Sizes::small);
  A a(table.max_window(n) + kMaxSize[0]);
  std::vector<unsigned char*> ptrs(n);
  t.start();
  Tally tally = lifo_rounds(a, table.size.data(), ptrs.data(), n, rounds);
  t.stop();
  // The last round's blocks were all live together: their (now stale) addresses must not overlap.
  std::vector<std::pair<std::uintptr_t, std::uint32_t>> spans;
  for (std::uint64_t j = 0; j < n; ++j)
    spans.emplace_back(reinterpret_cast<std::uintptr_t>(ptrs[j]), table.size[((rounds - 1) * n + j) & kTableMask]);
  tally.overlaps = overlaps(std::move(spans));
  report_thread(t);
  tally.report(t, rounds * n);
}

template <class A>
void run_small(Trial& t) {
  on_trial_thread(t, [&] { small_trial<A>(t); });
}

// ---- churn: a steady live set of L blocks; each step frees one, allocates its replacement ----

// The pass orders of a live set of L slots (kPasses permutations), built once per L.
inline const std::vector<std::vector<std::uint32_t>>& pass_orders(std::uint64_t live, std::uint64_t salt) {
  static std::vector<std::vector<std::uint32_t>> orders[2];
  static std::uint64_t built_for[2] = {0, 0};
  auto& o = orders[salt];
  if (built_for[salt] != live) {
    o.clear();
    for (std::uint64_t k = 0; k < kPasses; ++k) o.push_back(permutation(live, kPassSeed + 16 * k + salt));
    built_for[salt] = live;
  }
  return o;
}

// The live set of one thread: set up untimed, churned by the timed loop, checked and freed untimed.
template <class A>
struct LiveSet {
  const SizeTable& table = sizes(Sizes::churn);
  std::uint64_t first_serial;
  std::vector<Block> blocks;
  Tally untimed;  // the set-up's allocations and the teardown's frees

  LiveSet(A& a, std::uint64_t live, std::uint64_t first) : first_serial(first), blocks(live) {
    for (std::uint64_t k = 0; k < live; ++k) {
      const std::uint32_t s = table.size[(first + k) & kTableMask];
      blocks[k] = {take(a, first + k, s), first + k};
      untimed.bytes += s;
    }
    untimed.allocations = live;
  }
  void free_all(A& a) {
    for (const Block& b : blocks) untimed.checksum += give_back(a, b.p, table.size[b.serial & kTableMask]);
    untimed.frees += blocks.size();
    blocks.clear();
  }
};

template <class A>
[[gnu::noinline]] Tally churn_steps(A& a, const std::uint32_t* size, Block* blocks, const std::vector<std::uint32_t>* orders,
                                    std::uint64_t live, std::uint64_t next_serial, std::uint64_t steps) {
  std::uint64_t bytes = 0, sum = 0, done = 0;
  for (std::uint64_t pass = 0; done < steps; ++pass) {
    const std::uint32_t* order = orders[pass % kPasses].data();
    const std::uint64_t this_pass = std::min(live, steps - done);
    for (std::uint64_t k = 0; k < this_pass; ++k, ++next_serial) {
      Block& b = blocks[order[k]];
      sum += give_back(a, b.p, size[b.serial & kTableMask]);
      const std::uint32_t s = size[next_serial & kTableMask];
      b = {take(a, next_serial, s), next_serial};
      bytes += s;
    }
    done += this_pass;
  }
  return {.allocations = steps, .frees = steps, .bytes = bytes, .checksum = sum};
}

// The bytes the churn schedule requests while one block is live: two passes of L blocks.
inline std::size_t churn_window(std::uint64_t live) { return sizes(Sizes::churn).max_window(2 * live) + kMaxSize[1]; }

template <class A>
void churn_trial(Trial& t) {
  const std::uint64_t live = param_of(t), steps = t.ops();
  const auto& orders = pass_orders(live, 0);
  A a(churn_window(live));
  LiveSet<A> set(a, live, 0);
  t.start();
  Tally tally = churn_steps(a, set.table.size.data(), set.blocks.data(), orders.data(), live, live, steps);
  t.stop();
  tally.overlaps = overlaps(spans_of(set.blocks, set.table));
  set.free_all(a);
  tally.add(set.untimed);
  report_thread(t);
  tally.report(t, steps);
}

template <class A>
void run_churn(Trial& t) {
  on_trial_thread(t, [&] { churn_trial<A>(t); });
}

// The CPUs this process may run on, as it started: the driver leaves the two-thread cases'
// adapters unpinned, they report this set (module.cpp requires two or more) and pin each of
// their threads to one of it (pin_thread).
inline const cpu_set_t& process_cpus() {
  static const cpu_set_t set = [] {
    cpu_set_t s;
    CPU_ZERO(&s);
    if (sched_getaffinity(0, sizeof s, &s) != 0) CPU_ZERO(&s);
    return s;
  }();
  return set;
}

inline void report_cpus_allowed(Trial& t) { t.count(proof::kCpusAllowed, static_cast<std::uint64_t>(CPU_COUNT(&process_cpus()))); }

// Pins the calling thread to the k-th CPU of process_cpus() counted from the last (fewer: left as
// is): from the last, away from CPU 0's interrupts, as the driver pins one-thread rows. Left to the
// scheduler, the two threads shared one CPU for part of a trial, in some processes and not others:
// a cross-thread row ranged 38 to 257 ns/op process by process (tcmalloc); one thread per CPU,
// within 10%. The case then measures the allocator with both threads running, not the scheduler.
// Returns the CPU, or -1 where the thread stays unpinned (report_pinned_cpus says so).
inline int pin_thread(unsigned k) {
  const cpu_set_t& allowed = process_cpus();
  for (int cpu = CPU_SETSIZE - 1, seen = 0; cpu >= 0; --cpu) {
    if (!CPU_ISSET(cpu, &allowed) || seen++ != static_cast<int>(k)) continue;
    cpu_set_t one;
    CPU_ZERO(&one);
    CPU_SET(cpu, &one);
    return sched_setaffinity(0, sizeof one, &one) == 0 ? cpu : -1;  // refused: a cpuset changed under us
  }
  return -1;
}

// The distinct CPUs the two threads were pinned to (2: each its own), for module.cpp to check.
inline void report_pinned_cpus(Trial& t, const int (&cpu)[2]) {
  t.count(proof::kPinnedCpus, static_cast<std::uint64_t>((cpu[0] >= 0) + (cpu[1] >= 0 && cpu[1] != cpu[0])));
}

// ---- cross-thread: this thread allocates, another frees (a single-producer queue between) ----

// Spinning with a pause; after many rounds, yields the CPU (another process may hold the other one).
inline void spin(std::uint64_t& rounds) {
  if (++rounds % 4096 == 0) sched_yield();
  else __builtin_ia32_pause();
}

// Both ends publish their index once per Batch blocks (and before waiting): kHandOverBatch by
// default, as xmalloc-test hands over batches: published block by block, the queue's own cache
// lines cross between the CPUs at every block (the floor's figure ranged 8x process by process
// before the threads were pinned); batched, what is left is the blocks' own lines, which every
// cross-thread free moves. One at a time is the `single` value of the handover axis.
inline constexpr std::uint64_t kHandOverBatch = 64;

struct Queue {
  explicit Queue(std::uint64_t capacity) : slots(capacity) {}
  std::vector<unsigned char*> slots;
  alignas(64) std::atomic<std::uint64_t> pushed{0};
  alignas(64) std::atomic<std::uint64_t> popped{0};
  alignas(64) std::atomic<bool> consumer_ready{false};
};

template <class A, std::uint64_t Batch>
[[gnu::noinline]] Tally produce(A& a, const std::uint32_t* size, Queue& q, std::uint64_t count) {
  const std::uint64_t capacity = q.slots.size();
  unsigned char** slots = q.slots.data();
  std::uint64_t bytes = 0, room = capacity, waits = 0;
  for (std::uint64_t i = 0; i < count; ++i) {
    const std::uint32_t s = size[i & kTableMask];
    unsigned char* p = take(a, i, s);
    bytes += s;
    if (i >= room) {
      q.pushed.store(i, std::memory_order_release);  // the consumer may be waiting for these
      for (;;) {
        room = q.popped.load(std::memory_order_acquire) + capacity;
        if (i < room) break;
        spin(waits);
      }
    }
    slots[i % capacity] = p;
    if ((i + 1) % Batch == 0) q.pushed.store(i + 1, std::memory_order_release);
  }
  q.pushed.store(count, std::memory_order_release);
  return {.allocations = count, .bytes = bytes};
}

template <class A, std::uint64_t Batch>
[[gnu::noinline]] Tally consume(A& a, const std::uint32_t* size, Queue& q, std::uint64_t count) {
  const std::uint64_t capacity = q.slots.size();
  unsigned char** slots = q.slots.data();
  std::uint64_t sum = 0, seen = 0, waits = 0;
  for (std::uint64_t i = 0; i < count; ++i) {
    if (i >= seen) {
      q.popped.store(i, std::memory_order_release);  // the producer may be waiting for room
      for (;;) {
        seen = q.pushed.load(std::memory_order_acquire);
        if (i < seen) break;
        spin(waits);
      }
    }
    sum += give_back(a, slots[i % capacity], size[i & kTableMask]);
    if ((i + 1) % Batch == 0) q.popped.store(i + 1, std::memory_order_release);
  }
  return {.frees = count, .checksum = sum};
}

template <class A, std::uint64_t Batch>
void cross_thread_trial(Trial& t) {
  const std::uint64_t capacity = param_of(t), count = t.ops();
  const SizeTable& table = sizes(Sizes::small);
  A a(table.max_window(2 * capacity + 2) + kMaxSize[0]);
  Queue q(capacity);
  Tally freed;
  int pinned[2] = {pin_thread(0), -1};  // process_cpus() read first, in there
  std::thread consumer([&] {
    pinned[1] = pin_thread(1);
    q.consumer_ready.store(true, std::memory_order_release);
    freed = consume<A, Batch>(a, table.size.data(), q, count);
    t.stop();  // after the last free; the join below orders it before the trial is read
  });
  for (std::uint64_t waits = 0; !q.consumer_ready.load(std::memory_order_acquire);) spin(waits);
  t.start();
  Tally tally = produce<A, Batch>(a, table.size.data(), q, count);
  consumer.join();
  tally.add(freed);
  report_cpus_allowed(t);
  report_pinned_cpus(t, pinned);
  tally.report(t, count);
}

template <class A>
void run_cross_thread(Trial& t) {
  if (t.param_text_or(kHandoverAxis, kBatches) == kSingle) cross_thread_trial<A, 1>(t);
  else cross_thread_trial<A, kHandOverBatch>(t);
}

// ---- threads: two threads, each churning its own live set of L blocks ------------------------

template <class A>
void run_threads(Trial& t) {
  const std::uint64_t live = param_of(t), steps = t.ops();
  const std::uint64_t steps_of[2] = {steps - steps / 2, steps / 2};
  const std::uint64_t first_of[2] = {0, kSecondThreadSerial};
  const std::vector<std::vector<std::uint32_t>>* orders[2] = {&pass_orders(live, 0), &pass_orders(live, 1)};
  // 1: the second thread's set is up; 2: go; 3: it is done (the clock stops); 5: its spans are
  // built; 6: tear down.
  std::atomic<int> phase{0};
  Tally result[2];
  std::uint64_t overlaps_found = 0;
  std::vector<std::pair<std::uintptr_t, std::uint32_t>> spans[2];
  // Both threads: set up its live set (so that its allocator's per-thread state is its own), churn
  // when told, report its live blocks' addresses, free them when told.
  process_cpus();  // read before either thread is pinned
  int pinned[2] = {-1, -1};
  const auto work = [&](int k, auto&& on_ready, auto&& on_done, auto&& before_teardown) {
    pinned[k] = pin_thread(static_cast<unsigned>(k));  // before its live set: the allocator's per-thread state on its CPU
    A a(churn_window(live));
    LiveSet<A> set(a, live, first_of[k]);
    on_ready();
    Tally tally =
        churn_steps(a, set.table.size.data(), set.blocks.data(), orders[k]->data(), live, first_of[k] + live, steps_of[k]);
    on_done();
    spans[k] = spans_of(set.blocks, set.table);  // after the clock: it allocates, with the allocator under test
    before_teardown();
    set.free_all(a);
    tally.add(set.untimed);
    result[k] = tally;
  };
  const auto wait_for = [&](int value) {
    for (std::uint64_t waits = 0; phase.load(std::memory_order_acquire) < value;) spin(waits);
  };
  std::thread second([&] {
    work(1, [&] { phase.store(1, std::memory_order_release); wait_for(2); },
         [&] { phase.store(3, std::memory_order_release); }, [&] { phase.store(5, std::memory_order_release); wait_for(6); });
  });
  work(
      0, [&] { wait_for(1); t.start(); phase.store(2, std::memory_order_release); },
      [&] {
        wait_for(3);
        t.stop();
      },
      [&] {
        wait_for(5);  // the second thread's spans are built
        auto all = spans[0];
        all.insert(all.end(), spans[1].begin(), spans[1].end());
        overlaps_found = overlaps(std::move(all));
        phase.store(6, std::memory_order_release);
      });
  second.join();
  Tally tally = result[0];
  tally.add(result[1]);
  tally.overlaps = overlaps_found;
  report_cpus_allowed(t);
  report_pinned_cpus(t, pinned);
  tally.report(t, steps);
}


// ---- fragmentation: N small blocks, 90% freed in a random order, then large blocks ------------

// This process's resident bytes now, from /proc/self/statm, read without allocating (the reading
// must not change what it reads).
inline std::uint64_t resident_bytes() {
  char text[256];
  const int fd = open("/proc/self/statm", O_RDONLY | O_CLOEXEC);
  if (fd < 0) throw std::runtime_error("cannot open /proc/self/statm: no resident memory to report");
  const ssize_t got = read(fd, text, sizeof text - 1);
  close(fd);
  if (got <= 0) throw std::runtime_error("cannot read /proc/self/statm: no resident memory to report");
  text[got] = '\0';
  char* end = nullptr;
  std::strtoull(text, &end, 10);  // size
  return std::strtoull(end, nullptr, 10) * static_cast<std::uint64_t>(sysconf(_SC_PAGESIZE));
}

// Resets the process's peak resident memory (VmHWM) to its resident memory now (Linux 4.0+);
// false where the kernel refuses.
inline bool reset_peak_resident() {
  const int fd = open("/proc/self/clear_refs", O_WRONLY | O_CLOEXEC);
  if (fd < 0) return false;
  const bool done = write(fd, "5", 1) == 1;
  close(fd);
  return done;
}

inline const FragmentationPlan& plan_for(std::uint64_t n) {
  static FragmentationPlan plan;
  static std::uint64_t planned = 0;
  if (planned != n) {
    plan = fragmentation_plan(n);
    planned = n;
  }
  return plan;
}

template <class A>
[[gnu::noinline]] Tally allocate_all(A& a, const std::uint32_t* size, unsigned char** out, std::uint64_t first_serial,
                                     std::uint64_t count) {
  std::uint64_t bytes = 0;
  for (std::uint64_t k = 0; k < count; ++k) {
    const std::uint32_t s = size[k & kTableMask];
    out[k] = take(a, first_serial + k, s);
    bytes += s;
  }
  return {.allocations = count, .bytes = bytes};
}

template <class A>
[[gnu::noinline]] Tally free_listed(A& a, const std::uint32_t* size, unsigned char** blocks, const std::uint32_t* which,
                                    std::uint64_t count) {
  std::uint64_t sum = 0;
  for (std::uint64_t k = 0; k < count; ++k) sum += give_back(a, blocks[which[k]], size[which[k] & kTableMask]);
  return {.frees = count, .checksum = sum};
}

template <class A>
[[gnu::noinline]] Tally free_all(A& a, const std::uint32_t* size, unsigned char** blocks, std::uint64_t count) {
  std::uint64_t sum = 0;
  for (std::uint64_t k = 0; k < count; ++k) sum += give_back(a, blocks[k], size[k & kTableMask]);
  return {.frees = count, .checksum = sum};
}

inline double mib(std::uint64_t after, std::uint64_t before) {
  return after > before ? static_cast<double>(after - before) / (1024.0 * 1024.0) : 0.0;
}

// One pattern per process (a cold trial): the memory figures are growths of resident memory over
// the moment before the first allocation, the harness's arrays already faulted in. The clock holds
// the four phases' allocations and frees; the three reads of resident memory are paused out.
template <class A>
void run_fragmentation(Trial& t) {
  const std::uint64_t n = param_of(t);
  const FragmentationPlan& plan = plan_for(n);
  const std::uint64_t m = plan.large_blocks;
  const SizeTable &small = sizes(Sizes::small), &large = sizes(Sizes::large);
  A a(0);
  std::vector<unsigned char*> smalls(n, nullptr), larges(m, nullptr);
  const std::uint64_t before = resident_bytes();
  const bool peak_reset = reset_peak_resident();
  Tally tally;
  t.start();
  tally.add(allocate_all(a, small.size.data(), smalls.data(), 0, n));
  t.pause();
  const std::uint64_t full = resident_bytes();
  t.resume();
  tally.add(free_listed(a, small.size.data(), smalls.data(), plan.free_order.data(), plan.free_order.size()));
  t.pause();
  const std::uint64_t after_free = resident_bytes();
  t.resume();
  tally.add(allocate_all(a, large.size.data(), larges.data(), n, m));
  t.pause();
  const std::uint64_t end = resident_bytes();
  t.resume();
  tally.add(free_all(a, large.size.data(), larges.data(), m));
  tally.add(free_listed(a, small.size.data(), smalls.data(), plan.kept.data(), plan.kept.size()));
  t.stop();
  const std::uint64_t peak = peak_resident_bytes();
  // Live together: all N small blocks after the first phase; the kept ones and the large ones at the end.
  std::vector<std::pair<std::uintptr_t, std::uint32_t>> spans;
  for (std::uint64_t k = 0; k < n; ++k) spans.emplace_back(reinterpret_cast<std::uintptr_t>(smalls[k]), small.size[k & kTableMask]);
  tally.overlaps = overlaps(spans);
  spans.clear();
  for (std::uint32_t k : plan.kept) spans.emplace_back(reinterpret_cast<std::uintptr_t>(smalls[k]), small.size[k & kTableMask]);
  for (std::uint64_t k = 0; k < m; ++k) spans.emplace_back(reinterpret_cast<std::uintptr_t>(larges[k]), large.size[k & kTableMask]);
  *tally.overlaps += overlaps(std::move(spans));
  t.figure(figure::kResidentAfterFreeMib, mib(after_free, before));
  t.figure(figure::kResidentFullMib, mib(full, before));
  t.figure(figure::kResidentEndMib, mib(end, before));
  if (peak_reset) t.figure(figure::kPeakGrowthMib, mib(peak, before));
  t.figure(figure::kNsPerAllocation, static_cast<double>(t.elapsed_ns()) / static_cast<double>(n + m));
  tally.report(t, 1);
}

}  // namespace detail

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
  const auto words = split_words(t.param_text());
  if (!words || words->empty()) throw std::runtime_error("the command is not a list of words: " + std::string(t.param_text()));
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

inline constexpr std::int64_t kMinParam = 1;  // every case runs from one block (or step) up

inline benchbox::CaseInfo case_info(const AllocatorInfo& info, std::uint64_t bytes_per_param, std::string notes) {
  return {.notes = notes + (info.notes.empty() ? "" : "; " + info.notes),
          .min_param = kMinParam,
          .bytes_per_param = bytes_per_param,
          .traits = {{"api", info.api}, {"options", info.options}}};
}

// The module's cases: what describe shows of each beside the allocator's facts (the memory one
// unit of the parameter costs, the notes) and the function that runs it for allocator A.
struct CaseDefinition {
  Case c;
  std::uint64_t bytes_per_param;
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

// Why the adapter would measure the wrong allocator: `malloc` resolves to `provider`, not to the
// library `malloc_from` names (linking did not replace glibc's), or, where its static archive
// `archive` is linked in (run_facts::malloc_archive), not to the adapter itself; nothing when it
// does, or when there is no such fact.
inline std::optional<std::string> wrong_malloc(const std::string& provider, std::string_view malloc_from, std::string_view archive) {
  if (malloc_from.empty()) return std::nullopt;
  if (!archive.empty()) {
    if (malloc_in_program()) return std::nullopt;
    return "malloc resolves to " + provider + ", not to this adapter, which links " + std::string(archive) +
           ": the archive did not replace glibc's malloc, so this adapter would measure the wrong allocator";
  }
  if (provider.find(malloc_from) != std::string::npos) return std::nullopt;
  return "malloc resolves to " + provider + ", not to " + std::string(malloc_from) +
         ": linking did not replace glibc's malloc, so this adapter would measure the wrong allocator";
}

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
    CaseInfo ci = case_info(info, d.bytes_per_param, d.notes);
    for (const auto& l : info.limits)
      if (l.c == d.c) ci.max_param = l.max_param, ci.max_param_reason = l.reason;
    adapter.add(case_id(d.c), std::move(ci), d.run);
  }
  describe_program_case(adapter, info, preload_file);
  for (const auto& n : info.not_applicable) adapter.not_applicable(case_id(n.c), n.reason);
}

// Declares the cases as `run` needs them, from the constants of run_facts.hpp: each case's function
// and the largest parameter it may run at, the cases that do not apply, and all of them n/a when
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
    ci.min_param = kMinParam;
    for (const run_facts::Limit* l = run_facts::limits; l->case_id; ++l)
      if (case_named(l->case_id) == d.c) ci.max_param = l->max_param;
    adapter.add(case_id(d.c), std::move(ci), d.run);
  }
  adapter.add(case_id(Case::program), CaseInfo{}, run_program_case);
  for (const run_facts::NotApplicable* n = run_facts::not_applicable; n->case_id; ++n)
    if (const auto c = case_named(n->case_id)) adapter.not_applicable(case_id(*c), n->reason);
}

// A problem of the facts when the constants a run checks do not say what the file says (a fault of
// allocator_run_facts, modules/allocator/CMakeLists.txt, which wrote them from the same file).
inline void check_run_facts(const LibraryFacts& facts, const AllocatorInfo& info) {
  std::vector<std::pair<std::optional<Case>, std::int64_t>> limits, run_limits;
  std::vector<std::pair<std::optional<Case>, std::string>> not_applicable, run_not_applicable;
  for (const auto& l : info.limits) limits.emplace_back(l.c, l.max_param);
  for (const run_facts::Limit* l = run_facts::limits; l->case_id; ++l) run_limits.emplace_back(case_named(l->case_id), l->max_param);
  for (const auto& n : info.not_applicable) not_applicable.emplace_back(n.c, n.reason);
  for (const run_facts::NotApplicable* n = run_facts::not_applicable; n->case_id; ++n)
    run_not_applicable.emplace_back(case_named(n->case_id), n->reason);
  if (info.malloc_from != run_facts::malloc_from || info.preload != run_facts::preload || limits != run_limits ||
      not_applicable != run_not_applicable)
    facts.problem("the constants a run checks (allocator_run_facts, run_facts.hpp) say otherwise: configure again");
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
