; Base-address strength reduction (seed 001 knobs; levels in docs/llvm-tier.md): addresses that
; differ from an earlier one only by a constant are rebased on it as `gep i8, %anchor, <bytes>`.
; RUN: %tilec --emit=llvm --disable-sink2 --disable-hot-cold-layout --dump-base-address-sr %s -o - 2>%t.dump | %FileCheck --check-prefixes=CHECK,L4 %s
; RUN: %FileCheck --check-prefix=DUMP %s < %t.dump
; RUN: %tilec --emit=llvm --disable-sink2 --disable-hot-cold-layout --do-base-address-strength-reduce=0 %s -o - | %FileCheck --check-prefix=OFF %s
; RUN: %tilec --emit=llvm --disable-sink2 --disable-hot-cold-layout --do-base-address-strength-reduce=1 %s -o - | %FileCheck --check-prefix=L1 %s
; RUN: %tilec --emit=llvm --disable-sink2 --disable-hot-cold-layout --do-base-address-strength-reduce=2 %s -o - | %FileCheck --check-prefix=L2 %s
; RUN: %tilec --emit=llvm --disable-sink2 --disable-hot-cold-layout --do-base-address-strength-reduce=3 %s -o - | %FileCheck --check-prefix=L3 %s
; RUN: %tilec --emit=llvm --disable-sink2 --disable-hot-cold-layout --max-chain-length=1 %s -o - | %FileCheck --check-prefix=CHAIN1 %s
; RUN: %tilec --emit=llvm --disable-sink2 --disable-hot-cold-layout --scev-cgp-inst-limit=5 --dump-base-address-sr %s -o - 2>&1 | %FileCheck --check-prefix=BUDGET %s
; RUN: not %tilec --emit=llvm --do-base-address-strength-reduce=5 %s -o - 2>&1 | %FileCheck --check-prefix=BAD %s
; BAD: invalid value '5' for --do-base-address-strength-reduce: expected an integer in 0..4

; Same block, i32 index with nsw adds (GEP sign-extends): all rebased on %p0.
; CHECK-LABEL: define float @unrolled(
; CHECK:         %p0 = getelementptr inbounds float, ptr addrspace(1) %a, i32 %i
; CHECK-NEXT:    %v0 = load float, ptr addrspace(1) %p0
; CHECK-NEXT:    %i1 = add nsw i32 %i, 1
; CHECK-NEXT:    %p1 = getelementptr inbounds i8, ptr addrspace(1) %p0, i64 4
; CHECK:         %p2 = getelementptr inbounds i8, ptr addrspace(1) %p0, i64 8
; CHECK:         %p3 = getelementptr i8, ptr addrspace(1) %p0, i64 -4
; CHAIN1-LABEL: define float @unrolled(
; CHAIN1:         %p1 = getelementptr inbounds i8, ptr addrspace(1) %p0, i64 4
; CHAIN1:         %p2 = getelementptr inbounds float, ptr addrspace(1) %a, i32 %i2
; CHAIN1:         %p3 = getelementptr i8, ptr addrspace(1) %p2, i64 -12
; OFF-LABEL: define float @unrolled(
; OFF:         %p1 = getelementptr inbounds float, ptr addrspace(1) %a, i32 %i1
; DUMP: basr @unrolled: %p1 = %p0 +4 bytes (chain 1)
; DUMP: basr @unrolled: %p2 = %p0 +8 bytes (chain 2)
; DUMP: basr @unrolled: %p3 = %p0 -4 bytes (chain 3)
; BUDGET: basr @unrolled: 15 instructions exceed --scev-cgp-inst-limit=5, skipped
define float @unrolled(ptr addrspace(1) %a, i32 %i) {
entry:
  %p0 = getelementptr inbounds float, ptr addrspace(1) %a, i32 %i
  %v0 = load float, ptr addrspace(1) %p0, align 4
  %i1 = add nsw i32 %i, 1
  %p1 = getelementptr inbounds float, ptr addrspace(1) %a, i32 %i1
  %v1 = load float, ptr addrspace(1) %p1, align 4
  %i2 = add nsw i32 %i, 2
  %p2 = getelementptr inbounds float, ptr addrspace(1) %a, i32 %i2
  %v2 = load float, ptr addrspace(1) %p2, align 4
  %i3 = sub nsw i32 %i, 1
  %p3 = getelementptr float, ptr addrspace(1) %a, i32 %i3
  %v3 = load float, ptr addrspace(1) %p3, align 4
  %s = fadd float %v0, %v1
  %t = fadd float %v2, %v3
  %r = fadd float %s, %t
  ret float %r
}

; Without nsw the i32 add may wrap before the sign extension: not rebased.
; CHECK-LABEL: define float @wrapping(
; CHECK:         %p1 = getelementptr float, ptr addrspace(1) %a, i32 %i1
define float @wrapping(ptr addrspace(1) %a, i32 %i) {
entry:
  %p0 = getelementptr float, ptr addrspace(1) %a, i32 %i
  %v0 = load float, ptr addrspace(1) %p0, align 4
  %i1 = add i32 %i, 1
  %p1 = getelementptr float, ptr addrspace(1) %a, i32 %i1
  %v1 = load float, ptr addrspace(1) %p1, align 4
  %r = fadd float %v0, %v1
  ret float %r
}

; Level 2: across blocks (the anchor dominates); level 3: through `sext (add nsw)`; level 4: into
; a loop from outside it.
; L1-LABEL: define void @levels(
; L1:         %q = getelementptr float, ptr addrspace(1) %a, i64 %j1
; L1:         %s1 = getelementptr float, ptr addrspace(1) %a, i64 %e1
; L1:         %r = getelementptr float, ptr addrspace(1) %a, i64 %j2
; L2-LABEL: define void @levels(
; L2:         %q = getelementptr i8, ptr addrspace(1) %p, i64 4
; L2:         %s1 = getelementptr float, ptr addrspace(1) %a, i64 %e1
; L2:         %r = getelementptr float, ptr addrspace(1) %a, i64 %j2
; L3-LABEL: define void @levels(
; L3:         %s1 = getelementptr i8, ptr addrspace(1) %s0, i64 12
; L3:         %r = getelementptr float, ptr addrspace(1) %a, i64 %j2
; L4-LABEL: define void @levels(
; L4:         %q = getelementptr i8, ptr addrspace(1) %p, i64 4
; L4:         %s1 = getelementptr i8, ptr addrspace(1) %s0, i64 12
; L4:       loop:
; L4:         %r = getelementptr i8, ptr addrspace(1) %p, i64 8
define void @levels(ptr addrspace(1) %a, i64 %j, i32 %k, i64 %n, i1 %c) {
entry:
  %p = getelementptr float, ptr addrspace(1) %a, i64 %j
  store float 0.0, ptr addrspace(1) %p, align 4
  %ke = sext i32 %k to i64
  %s0 = getelementptr float, ptr addrspace(1) %a, i64 %ke
  store float 0.0, ptr addrspace(1) %s0, align 4
  br i1 %c, label %then, label %pre
then:
  %j1 = add i64 %j, 1
  %q = getelementptr float, ptr addrspace(1) %a, i64 %j1
  store float 1.0, ptr addrspace(1) %q, align 4
  %k3 = add nsw i32 %k, 3
  %e1 = sext i32 %k3 to i64
  %s1 = getelementptr float, ptr addrspace(1) %a, i64 %e1
  store float 1.0, ptr addrspace(1) %s1, align 4
  br label %pre
pre:
  %j2 = add i64 %j, 2
  br label %loop
loop:
  %i = phi i64 [ 0, %pre ], [ %i.next, %loop ]
  %r = getelementptr float, ptr addrspace(1) %a, i64 %j2
  store float 2.0, ptr addrspace(1) %r, align 4
  %i.next = add i64 %i, 1
  %more = icmp slt i64 %i.next, %n
  br i1 %more, label %loop, label %exit
exit:
  ret void
}

; Unnamed values (what the code generator emits) are dumped by their slot number.
; DUMP: basr @unnamed: %5 = %2 +4 bytes (chain 1)
; CHECK-LABEL: define float @unnamed(
; CHECK:         %5 = getelementptr inbounds i8, ptr addrspace(1) %2, i64 4
; CHECK-NEXT:    %6 = load float, ptr addrspace(1) %5
define float @unnamed(ptr addrspace(1) %0, i32 %1) {
entry:
  %2 = getelementptr inbounds float, ptr addrspace(1) %0, i32 %1
  %3 = load float, ptr addrspace(1) %2, align 4
  %4 = add nsw i32 %1, 1
  %5 = getelementptr inbounds float, ptr addrspace(1) %0, i32 %4
  %6 = load float, ptr addrspace(1) %5, align 4
  %7 = fadd float %3, %6
  ret float %7
}
