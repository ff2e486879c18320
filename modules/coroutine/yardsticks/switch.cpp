// A yardstick for the coroutine module (docs/method.md, "Yardsticks"): N coroutines taking turns,
// as a minimal program writes it, with nothing of benchbox in it (no adapter header, no tally):
//
//   coroutine_yardstick ring|boost.context|boost.fiber N OPS REPS
//
//  - ring: the floor's switch written again here (6 callee-saved registers, the stack pointer,
//    `ret`), each coroutine transferring to the next in a plain counted loop; above 64 coroutines
//    it asks for the frame 16 transfers ahead, as the floor does (the floor's limit, not a trick);
//  - boost.context: fiber::resume() into each coroutine round-robin, resume() of the caller back;
//  - boost.fiber: N fibers calling this_fiber::yield() on the default round_robin scheduler.
// Every coroutine is entered once before the clock starts (a fresh stack's first touch is not a
// switch). One untimed warm-up pass, then REPS timed passes of OPS switches (rounded to whole turns
// per coroutine): a line `ns_per_op <value>` each, then `check <switches of the last pass>`.
#include <boost/context/fiber.hpp>
#include <boost/context/fixedsize_stack.hpp>
#include <boost/fiber/all.hpp>

#include <yardstick.hpp>  // the clock and the passes, as in every yardstick

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <string>
#include <vector>

namespace {

using yardstick::start_clock;
using yardstick::stop_clock;

constexpr std::size_t kStackBytes = 64 * 1024;
std::uint64_t g_begin = 0, g_end = 0;

// ---- ring
extern "C" void yardstick_swap(void** save, void* load);
extern "C" void yardstick_start();
asm(R"(
    .text
    .globl yardstick_swap
    .p2align 6
yardstick_swap:
    push %rbp
    push %rbx
    push %r12
    push %r13
    push %r14
    push %r15
    mov %rsp, (%rdi)
    mov %rsi, %rsp
    pop %r15
    pop %r14
    pop %r13
    pop %r12
    pop %rbx
    pop %rbp
    ret
    .globl yardstick_start
yardstick_start:
    mov %r12, %rdi
    call *%r13
    ud2
)");

struct Co {
  void* sp = nullptr;
  Co* next = nullptr;
  Co* ahead = nullptr;
  void** main_sp = nullptr;
  std::size_t index = 0, n = 0;
  std::uint64_t turns = 0;
};

template <bool kPrefetch>
void ring_body(Co* self) {
  void** own = &self->sp;
  void** next = &self->next->sp;
  void* const* ahead = &self->ahead->sp;
  if (self->index + 1 == self->n) g_begin = start_clock();  // every other coroutine has been entered
  else yardstick_swap(own, *next);
  for (std::uint64_t k = self->turns; k != 0; --k) {
    if constexpr (kPrefetch) {
      __builtin_prefetch(*ahead, 1);
      __builtin_prefetch(static_cast<const char*>(*ahead) + 56, 1);
    }
    yardstick_swap(own, *next);
  }
  g_end = stop_clock();  // the last coroutine to start is the first to finish: N x turns switches made
  yardstick_swap(own, *self->main_sp);
}

double ring(std::size_t n, std::uint64_t turns) {
  std::vector<Co> ring(n);
  std::vector<std::unique_ptr<std::byte[]>> stacks(n);
  void* main_sp = nullptr;
  for (std::size_t i = 0; i < n; ++i) {
    stacks[i].reset(new std::byte[kStackBytes]);
    ring[i] = Co{nullptr, &ring[(i + 1) % n], &ring[(i + 16) % n], &main_sp, i, n, turns};
    auto top = (reinterpret_cast<std::uintptr_t>(stacks[i].get()) + kStackBytes) & ~std::uintptr_t{15};
    auto* frame = reinterpret_cast<void**>(top - 72);  // r15 r14 r13 r12 rbx rbp, return address
    frame[0] = frame[1] = frame[4] = frame[5] = nullptr;
    frame[2] = reinterpret_cast<void*>(n > 64 ? &ring_body<true> : &ring_body<false>);
    frame[3] = &ring[i];
    frame[6] = reinterpret_cast<void*>(&yardstick_start);
    ring[i].sp = frame;
  }
  yardstick_swap(&main_sp, ring[0].sp);
  return double(g_end - g_begin) / double(n * turns);
}

// ---- boost.context
double context(std::size_t n, std::uint64_t turns) {
  namespace ctx = boost::context;
  std::vector<ctx::fiber> fibers;
  for (std::size_t i = 0; i < n; ++i)
    fibers.emplace_back(std::allocator_arg, ctx::fixedsize_stack(kStackBytes), [](ctx::fiber&& caller) {
      for (;;) caller = std::move(caller).resume();
      return std::move(caller);
    });
  for (auto& f : fibers) f = std::move(f).resume();  // first entry of each
  const std::uint64_t resumes = turns / 2 * n;
  const std::uint64_t begin = start_clock();
  std::size_t i = 0;
  for (std::uint64_t k = 0; k < resumes; ++k) {
    fibers[i] = std::move(fibers[i]).resume();
    if (++i == n) i = 0;
  }
  const std::uint64_t end = stop_clock();
  return double(end - begin) / double(2 * resumes);
}

// ---- boost.fiber
double fiber(std::size_t n, std::uint64_t turns) {
  namespace fibers = boost::fibers;
  std::vector<fibers::fiber> all;
  bool stopped = false;
  for (std::size_t i = 0; i < n; ++i)
    all.emplace_back(std::allocator_arg, fibers::fixedsize_stack(kStackBytes), [&stopped, i, n, turns] {
      if (i + 1 == n) g_begin = start_clock();  // every other fiber has been entered
      else boost::this_fiber::yield();
      for (std::uint64_t k = turns; k != 0; --k) boost::this_fiber::yield();
      if (!stopped) {  // the last fiber to start is the first to finish: N x turns switches made
        g_end = stop_clock();
        stopped = true;
      }
    });
  for (auto& f : all) f.join();
  return double(g_end - g_begin) / double(n * turns);
}

}  // namespace

int main(int argc, char** argv) {
  yardstick::Command command;
  if (!yardstick::read_command(argc, argv, "ring|boost.context|boost.fiber", command)) return 2;
  const auto& [what, n, ops, reps] = command;
  std::uint64_t turns = ops / (2 * (n ? n : 1)) * 2;  // whole resume/yield pairs, the same for all
  if (n < 2 || turns == 0 || reps < 1 || (what != "ring" && what != "boost.context" && what != "boost.fiber")) {
    std::fprintf(stderr, "coroutine_yardstick: bad arguments\n");
    return 2;
  }
  yardstick::warm_up_then_time(reps, [&] { return what == "ring" ? ring(n, turns) : what == "boost.context" ? context(n, turns) : fiber(n, turns); });
  std::printf("check %llu\n", static_cast<unsigned long long>(n * turns));
  return 0;
}
