// benchbox floor: the smallest correct stackful context switch for x86-64 System V.
// Saves only the callee-saved integer registers and the stack pointer; unlike Boost.Context it
// does not save the x87 control word or MXCSR (nothing here changes them), so it is a lower bound.
//
//   void bb_floor_switch(void** save_sp, void* load_sp);
//   new stacks start in bb_floor_trampoline with r12 = argument, r13 = entry function.
    .text
    .globl bb_floor_switch
    .type bb_floor_switch, @function
bb_floor_switch:
    pushq %rbp
    pushq %rbx
    pushq %r12
    pushq %r13
    pushq %r14
    pushq %r15
    movq %rsp, (%rdi)
    movq %rsi, %rsp
    popq %r15
    popq %r14
    popq %r13
    popq %r12
    popq %rbx
    popq %rbp
    // Return by an indirect jump, not `ret`: the return-stack predictor would always guess the
    // caller of this context's own switch, which is never where the other context resumes.
    popq %rcx
    jmpq *%rcx
    .size bb_floor_switch, .-bb_floor_switch

    .globl bb_floor_trampoline
    .type bb_floor_trampoline, @function
bb_floor_trampoline:
    movq %r12, %rdi
    callq *%r13
    ud2                      // an entry function must never return
    .size bb_floor_trampoline, .-bb_floor_trampoline

    .section .note.GNU-stack,"",@progbits
