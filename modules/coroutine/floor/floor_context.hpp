// A coroutine context on a stack the caller provides, switched by switch_x86_64.S.
#pragma once

#include <cstddef>
#include <cstdint>

extern "C" void bb_floor_switch(void** save_sp, void* load_sp);
extern "C" void bb_floor_switch_jmp(void** save_sp, void* load_sp);
extern "C" void bb_floor_trampoline();

namespace floor_impl {

class Context {
 public:
  Context() = default;  // the caller's context: filled by the first switch away from it

  // A context that will start entry(arg) on the stack [stack, stack + stack_bytes). Writes only
  // the frame at the stack's top (one page is touched).
  void prepare(void* stack, std::size_t stack_bytes, void (*entry)(void*), void* arg) noexcept {
    auto top = (reinterpret_cast<std::uintptr_t>(stack) + stack_bytes) & ~std::uintptr_t{15};
    // Frame popped by the first switch: r15 r14 r13 r12 rbx rbp, then the return address. With
    // sp = top - 72 the trampoline's call happens on a 16-byte aligned stack, as the ABI wants.
    auto* frame = reinterpret_cast<void**>(top - 72);
    frame[0] = frame[1] = nullptr;                             // r15, r14
    frame[2] = reinterpret_cast<void*>(entry);                 // r13
    frame[3] = arg;                                            // r12
    frame[4] = frame[5] = nullptr;                             // rbx, rbp
    frame[6] = reinterpret_cast<void*>(&bb_floor_trampoline);  // return address
    sp_ = frame;
  }

  // Leaves `this` (saving where it stopped) and continues `to`, returning by `ret`: for contexts
  // that all suspend at the same call site (symmetric transfer around a ring).
  void switch_to(Context& to) noexcept { bb_floor_switch(&sp_, to.sp_); }
  // The same, returning by an indirect jump: for contexts that suspend at different call sites.
  void jump_to(Context& to) noexcept { bb_floor_switch_jmp(&sp_, to.sp_); }

  // Asks the cache for the saved frame a later switch to this context will pop (7 words).
  void prefetch() const noexcept {
    __builtin_prefetch(sp_, 1);
    __builtin_prefetch(static_cast<const char*>(sp_) + 56, 1);
  }

 private:
  void* sp_ = nullptr;
};

}  // namespace floor_impl
