// benchbox floor: the smallest correct stackful context switches for x86-64 System V.
// Both save only the callee-saved integer registers and the stack pointer; unlike Boost.Context
// they do not save the x87 control word or MXCSR (nothing here changes them): a lower bound.
//
//   void bb_floor_switch(void** save_sp, void* load_sp);
//     returns with a plain `ret`. Meant for symmetric transfer where every context suspends at
//     the same call site (a ring of coroutines running the same loop): the return-stack
//     predictor's guess, the return address of this very call, is then always right.
//   void bb_floor_switch_jmp(void** save_sp, void* load_sp);
//     returns by an indirect jump. For two contexts that suspend at different call sites
//     (a producer and a consumer): `ret` would always be mispredicted there, while the indirect
//     branch predictor learns the alternation.
//
// New stacks start in bb_floor_trampoline with r12 = argument, r13 = entry function.

// What both switches do before they return: push the callee-saved registers, save the stack
// pointer to *save_sp, load load_sp, pop the registers saved there.
.macro switch_stacks
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
.endm

    .text
    .globl bb_floor_switch
    .type bb_floor_switch, @function
    .p2align 6
bb_floor_switch:
    switch_stacks
    ret
    .size bb_floor_switch, .-bb_floor_switch

    .globl bb_floor_switch_jmp
    .type bb_floor_switch_jmp, @function
    .p2align 6
bb_floor_switch_jmp:
    switch_stacks
    popq %rcx
    jmpq *%rcx
    .size bb_floor_switch_jmp, .-bb_floor_switch_jmp

    .globl bb_floor_trampoline
    .type bb_floor_trampoline, @function
bb_floor_trampoline:
    movq %r12, %rdi
    callq *%r13
    ud2                      // an entry function must never return
    .size bb_floor_trampoline, .-bb_floor_trampoline

    .section .note.GNU-stack,"",@progbits
