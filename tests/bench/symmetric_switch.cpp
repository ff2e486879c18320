// An independent hand-written symmetric stackful switch, outside the adapter machinery: the
// yardstick for the floor's `switch` row (docs/method.md, "The floor"). Not a test: it times,
// so it is never run by ctest. Build target `bench_symmetric_switch`; run
//   build/release/bin/bench_symmetric_switch [N coroutines, default 2] [switches, default 2e8] [reps, default 7]
// pinned to the CPU benchbox uses (taskset -c 1 ...), and compare with
//   benchbox coroutine -n switch N --lib floor   in the same hour.
//
// Each coroutine runs the same loop: count its entry, stop after the requested number of
// switches, else transfer directly to the next one in the ring. The transfer saves the six
// callee-saved registers and the stack pointer and returns with `ret` to the one call site.
#include <time.h>

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <vector>

extern "C" void bench_swap(void** save, void* load);
extern "C" void bench_start();
asm(R"(
    .text
    .globl bench_swap
    .p2align 4
bench_swap:
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
    .globl bench_start
bench_start:
    mov %r12, %rdi
    call *%r13
    ud2
)");

namespace {

struct Ring;
struct Co {
  void* sp = nullptr;
  Co* next = nullptr;
  Ring* ring = nullptr;
  std::uint64_t entries = 0;
};
struct Ring {
  std::uint64_t remaining = 0;
  void* main_sp = nullptr;
};

void body(void* arg) {
  Co* self = static_cast<Co*>(arg);
  Ring* ring = self->ring;
  void** next_sp = &self->next->sp;  // kept in a register: one load, not two, before each transfer
  for (;;) {
    ++self->entries;
    if (--ring->remaining == 0) break;
    bench_swap(&self->sp, *next_sp);
  }
  void* dead;
  bench_swap(&dead, ring->main_sp);
}

std::uint64_t now() {
  timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return std::uint64_t(ts.tv_sec) * 1000000000u + std::uint64_t(ts.tv_nsec);
}

double once(std::size_t n, std::uint64_t switches) {
  constexpr std::size_t kStack = 64 * 1024;
  std::vector<std::unique_ptr<char[]>> stacks(n);
  std::vector<Co> cos(n);
  static Ring ring;  // not on main's stack: no chance of 4K aliasing with the coroutines' frames
  for (std::size_t i = 0; i < n; ++i) {
    stacks[i].reset(new char[kStack]);
    auto top = (reinterpret_cast<std::uintptr_t>(stacks[i].get()) + kStack) & ~std::uintptr_t{15};
    void** frame = reinterpret_cast<void**>(top - 72);
    frame[0] = frame[1] = frame[4] = frame[5] = nullptr;
    frame[2] = reinterpret_cast<void*>(&body);
    frame[3] = &cos[i];
    frame[6] = reinterpret_cast<void*>(&bench_start);
    cos[i].sp = frame;
    cos[i].next = &cos[(i + 1) % n];
    cos[i].ring = &ring;
  }
  // Untimed priming lap (first touch of each stack), then the timed run; the first entry of the
  // timed run into coroutine 0 comes from main, so one extra entry is counted and not timed.
  ring.remaining = n;
  bench_swap(&ring.main_sp, cos[0].sp);
  for (std::size_t i = 0; i < n; ++i) {
    if (cos[i].entries != 1) std::abort();
    cos[i].entries = 0;
    cos[i].sp = nullptr;
  }
  // Re-prepare: every coroutine but the last is suspended in its loop; the last one returned to
  // main. Start again from fresh frames for simplicity.
  for (std::size_t i = 0; i < n; ++i) {
    auto top = (reinterpret_cast<std::uintptr_t>(stacks[i].get()) + kStack) & ~std::uintptr_t{15};
    void** frame = reinterpret_cast<void**>(top - 72);
    frame[0] = frame[1] = frame[4] = frame[5] = nullptr;
    frame[2] = reinterpret_cast<void*>(&body);
    frame[3] = &cos[i];
    frame[6] = reinterpret_cast<void*>(&bench_start);
    cos[i].sp = frame;
  }
  ring.remaining = switches + 1;
  const std::uint64_t t0 = now();
  bench_swap(&ring.main_sp, cos[0].sp);
  const std::uint64_t t1 = now();
  std::uint64_t total = 0;
  for (auto& c : cos) total += c.entries;
  if (total != switches + 1) std::abort();
  return double(t1 - t0) / double(switches);
}

}  // namespace

int main(int argc, char** argv) {
  const std::size_t n = argc > 1 ? std::strtoull(argv[1], nullptr, 10) : 2;
  const std::uint64_t switches = argc > 2 ? std::strtoull(argv[2], nullptr, 10) : 200000000;
  const int reps = argc > 3 ? std::atoi(argv[3]) : 7;
  if (n < 2 || switches == 0 || reps < 1) {
    std::fprintf(stderr, "usage: %s [coroutines >= 2] [switches] [reps]\n", argv[0]);
    return 2;
  }
  std::vector<double> ns;
  for (int r = 0; r < reps; ++r) ns.push_back(once(n, switches));
  std::sort(ns.begin(), ns.end());
  std::printf("hand-written symmetric switch, %zu coroutines: median %.3f ns/switch (min %.3f, max %.3f, %d reps of %llu)\n",
              n, ns[ns.size() / 2], ns.front(), ns.back(), reps, static_cast<unsigned long long>(switches));
}
