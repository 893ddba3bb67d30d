; Sinking2 on the flash-attention prologue (examples/attention.mlir, the one example where the
; tier lowers ptxas registers: sm_100a 128 -> 126, docs/llvm-tier.md "Results").
; A thread-index value computed in the entry is used only after the guarded Q-tile load block;
; level 1 sinks it into the join block (it dominates the loop's texture-class loads), so it is
; no longer live across the guarded 16-byte loads. The join-block address of the K load stays out of
; the loop: its plain (coherent) global loads are not a loop-sink target.
; RUN: %tilec --emit=llvm --disable-hot-cold-layout --disable-base-address-sr --sink-into-texture=1 %s -o - | %FileCheck --check-prefixes=ON %s
; RUN: %tilec --emit=llvm --disable-hot-cold-layout --disable-base-address-sr --sink-into-texture=0 %s -o - | %FileCheck --check-prefixes=OFF %s

; ON-LABEL: define void @prologue(
; ON:       entry:
; ON-NOT:     and i32 %tid, 32
; ON:       join:
; ON-NEXT:    %q0 = phi
; ON-NEXT:    %q1 = phi
; ON-NEXT:    %lane = and i32 %tid, 32
; ON:         %kaddr = getelementptr half, ptr addrspace(1) %k, i64 %kofs
; ON-NEXT:    br label %loop
; OFF-LABEL: define void @prologue(
; OFF:       entry:
; OFF-NEXT:    %lane = and i32 %tid, 32
define void @prologue(ptr addrspace(1) %q, ptr addrspace(1) %k, ptr addrspace(1) %out, i32 %tid, i32 %n) {
entry:
  %lane = and i32 %tid, 32
  %row = lshr i32 %tid, 3
  %in = icmp ult i32 %row, 16
  br i1 %in, label %loadq, label %join
loadq:
  %rowx = zext i32 %row to i64
  %qp0 = getelementptr <8 x half>, ptr addrspace(1) %q, i64 %rowx
  %v0 = load <8 x half>, ptr addrspace(1) %qp0, align 16
  %qp1 = getelementptr i8, ptr addrspace(1) %qp0, i64 2048
  %v1 = load <8 x half>, ptr addrspace(1) %qp1, align 16
  br label %join
join:
  %q0 = phi <8 x half> [ %v0, %loadq ], [ zeroinitializer, %entry ]
  %q1 = phi <8 x half> [ %v1, %loadq ], [ zeroinitializer, %entry ]
  %kofs.32 = or disjoint i32 %lane, %row
  %kofs = zext i32 %kofs.32 to i64
  %kaddr = getelementptr half, ptr addrspace(1) %k, i64 %kofs
  br label %loop
loop:
  %i = phi i32 [ 0, %join ], [ %i.next, %loop ]
  %acc = phi <8 x half> [ %q0, %join ], [ %s, %loop ]
  %ix = zext i32 %i to i64
  %kp = getelementptr <8 x half>, ptr addrspace(1) %kaddr, i64 %ix
  %kv = load <8 x half>, ptr addrspace(1) %kp, align 16
  %s = fadd <8 x half> %acc, %kv
  %i.next = add i32 %i, 1
  %more = icmp slt i32 %i.next, %n
  br i1 %more, label %loop, label %exit
exit:
  %r = fadd <8 x half> %s, %q1
  %op = getelementptr <8 x half>, ptr addrspace(1) %out, i64 0
  store <8 x half> %r, ptr addrspace(1) %op, align 16
  ret void
}
