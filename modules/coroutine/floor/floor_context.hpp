// A coroutine context on a hand-made stack, switched by bb_floor_switch (switch_x86_64.S).
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>

extern "C" void bb_floor_switch(void** save_sp, void* load_sp);
extern "C" void bb_floor_trampoline();

namespace floor_impl {

class Context {
 public:
  Context() = default;  // the caller's context: filled by the first switch away from it
  Context(std::size_t stack_bytes, void (*entry)(void*), void* arg) : stack_(new std::byte[stack_bytes]) {
    auto top = reinterpret_cast<std::uintptr_t>(stack_.get() + stack_bytes) & ~std::uintptr_t{15};
    // Frame popped by the first switch: r15 r14 r13 r12 rbx rbp, then the return address. With
    // sp = top - 72 the trampoline's call happens on a 16-byte aligned stack, as the ABI wants.
    auto* frame = reinterpret_cast<void**>(top - 72);
    frame[0] = frame[1] = nullptr;                          // r15, r14
    frame[2] = reinterpret_cast<void*>(entry);              // r13
    frame[3] = arg;                                         // r12
    frame[4] = frame[5] = nullptr;                          // rbx, rbp
    frame[6] = reinterpret_cast<void*>(&bb_floor_trampoline);  // return address
    sp_ = frame;
  }

  // Leaves `this` (saving where it stopped) and continues `to`.
  void switch_to(Context& to) noexcept { bb_floor_switch(&sp_, to.sp_); }

 private:
  std::unique_ptr<std::byte[]> stack_;
  void* sp_ = nullptr;
};

}  // namespace floor_impl
