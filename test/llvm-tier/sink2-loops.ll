; Sinking2 loop rules (seed 002 "Loop Considerations"): an address chain in the preheader sinks
; into the loop block that holds the texture-class load; instructions in a loop header are never
; candidates; a value computed in a loop and used after it never sinks out of the loop.
; RUN: %tilec --emit=llvm --disable-hot-cold-layout --disable-base-address-sr --dump-sink2 %s -o - 2>%t.dump | %FileCheck %s
; RUN: %FileCheck --check-prefix=DUMP %s < %t.dump
; RUN: %tilec --emit=llvm --disable-sink2 --disable-hot-cold-layout --disable-base-address-sr %s -o - | %FileCheck --check-prefix=OFF %s

; CHECK-LABEL: define void @preheader_into_loop(
; CHECK:       entry:
; CHECK-NEXT:    br label %loop
; CHECK:       loop:
; CHECK-NEXT:    %i = phi
; CHECK-NEXT:    %acc = phi
; CHECK-NEXT:    %scaled = shl i64 %i, 1
; CHECK:       body:
; CHECK-NEXT:    %base = getelementptr float, ptr addrspace(1) %a, i64 %off
; CHECK-NEXT:    %addr = getelementptr float, ptr addrspace(1) %base, i64 16
; CHECK-NEXT:    %p = getelementptr float, ptr addrspace(1) %addr, i64 %scaled
; CHECK-NEXT:    %v = load float
; OFF-LABEL:   define void @preheader_into_loop(
; OFF:         entry:
; OFF-NEXT:      %base = getelementptr
; DUMP: sink2[early] @preheader_into_loop round 1: sink %addr from %entry to %body: into loop
; DUMP: sink2[early] @preheader_into_loop round 1: sink %base from %entry to %body: into loop
; DUMP-NOT: sink %scaled
define void @preheader_into_loop(ptr addrspace(1) noalias readonly %a, ptr addrspace(1) %out, i64 %off, i64 %n) {
entry:
  %base = getelementptr float, ptr addrspace(1) %a, i64 %off
  %addr = getelementptr float, ptr addrspace(1) %base, i64 16
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %body ]
  %acc = phi float [ 0.0, %entry ], [ %acc.next, %body ]
  %scaled = shl i64 %i, 1
  %c = icmp slt i64 %i, %n
  br i1 %c, label %body, label %exit
body:
  %p = getelementptr float, ptr addrspace(1) %addr, i64 %scaled
  %v = load float, ptr addrspace(1) %p, align 4
  %acc.next = fadd float %acc, %v
  %i.next = add i64 %i, 1
  br label %loop
exit:
  store float %acc, ptr addrspace(1) %out, align 4
  ret void
}

; CHECK-LABEL: define void @never_out_of_loop(
; CHECK:       latch:
; CHECK-NEXT:    %t = fmul float %v, 2.0
; CHECK:       exit:
; CHECK-NEXT:    store float %t
; DUMP: sink2[early] @never_out_of_loop round 1: keep %t from %latch to %exit: never sinks out of a loop
define void @never_out_of_loop(ptr addrspace(1) %a, ptr addrspace(1) %out, i64 %n) {
entry:
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %latch ]
  %p = getelementptr float, ptr addrspace(1) %a, i64 %i
  %v = load float, ptr addrspace(1) %p, align 4
  br label %latch
latch:
  %t = fmul float %v, 2.0
  %i.next = add i64 %i, 1
  %c = icmp slt i64 %i.next, %n
  br i1 %c, label %loop, label %exit
exit:
  store float %t, ptr addrspace(1) %out, align 4
  ret void
}
