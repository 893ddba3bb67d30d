// A rank-0 (or otherwise replicated) pointer tile: the atomic is performed once, by the owning thread
// (not once per thread). When its result is used, the owners hand the old values to the other
// threads through shared memory (lower_atomic.c share_owner_results): bar.sync, st.shared by the
// owners, bar.sync, ld.shared by everyone.
// An unused result: one atom, no exchange.
// RUN: %tilec -O3 %S/Inputs/atomic_scalar_ok.mlir -o %t.ptx
// RUN: %FileCheck %s --check-prefix=UNUSED < %t.ptx
// RUN: %check-ptx sm_90a %t.ptx
// UNUSED-COUNT-1: atom.relaxed.gpu.global.add.u32
// UNUSED-NOT: bar.sync
// UNUSED-NOT: atom.
//
// Tickets (Inputs/atomic_ticket.mlir): a rank-0 counter whose old value every thread uses, then an
// 8-element max on a tile replicated across lanes, whose old values are stored; both targets.
// RUN: %tilec -O3 --gpu-name=sm_90a %S/Inputs/atomic_ticket.mlir -o %t.t90.ptx
// RUN: %FileCheck %s --check-prefix=TICKET < %t.t90.ptx
// RUN: %check-ptx sm_90a %t.t90.ptx
// RUN: %tilec -O3 --gpu-name=sm_100a %S/Inputs/atomic_ticket.mlir -o %t.t100.ptx
// RUN: %FileCheck %s --check-prefix=TICKET < %t.t100.ptx
// RUN: %check-ptx sm_100a %t.t100.ptx
// TICKET: atom.relaxed.gpu.global.add.u32 [[OLD:%r[0-9]+]], [%rd{{[0-9]+}}], %r{{[0-9]+}};
// TICKET: bar.sync 0;
// TICKET: st.shared.b32 [{{.*}}], [[OLD]];
// TICKET: bar.sync 0;
// TICKET: ld.shared.b32
// TICKET: atom.relaxed.gpu.global.max.s32 [[MAXOLD:%r[0-9]+]],
// TICKET: bar.sync 0;
// TICKET: st.shared.b32 [{{.*}}], [[MAXOLD]];
// TICKET: bar.sync 0;
// TICKET: ld.shared.b32
// The interpreter's answer (blocks in order): tickets 0 1 2; the slots held 0 before blocks 0 and 1,
// and 1 before block 2.
// RUN: %tilec-run --interpret %S/Inputs/atomic_ticket.mlir --grid 3 --arg ptr:i32:1:zeros --arg ptr:i32:3:zeros \
// RUN:   --arg ptr:i32:8:zeros --arg ptr:i32:24:zeros --save 1=%t.out --save 3=%t.prev
// RUN: od -A n -t d4 -v %t.out | %FileCheck %s --check-prefix=OUT
// RUN: od -A n -t d4 -v %t.prev | %FileCheck %s --check-prefix=PREV
// OUT: 0 1 2
// PREV-COUNT-4: 0 0 0 0
// PREV-NEXT: 1 1 1 1
// PREV-NEXT: 1 1 1 1
