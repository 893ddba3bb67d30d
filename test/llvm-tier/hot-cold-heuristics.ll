; Cold-block marking (seed 000 "Phase 41: MarkAdditionalColdBlocks"): one function per static
; heuristic, plus the propagation rules. Each cold block moves after the hot ones.
; RUN: %tilec --emit=llvm --disable-sink2 --disable-base-address-sr --dump-hot-cold-layout %s -o - 2>%t.dump | %FileCheck %s
; RUN: %FileCheck --check-prefix=DUMP %s < %t.dump
; RUN: %tilec --emit=llvm --disable-sink2 --disable-base-address-sr --disable-hot-cold-layout %s -o - | %FileCheck --check-prefix=OFF %s
; RUN: %tilec --emit=llvm --disable-sink2 --disable-base-address-sr --cold-branch-percent=0 --dump-hot-cold-layout %s -o /dev/null 2>&1 | %FileCheck --check-prefix=NOWEIGHT %s

declare void @llvm.trap()
declare void @__assertfail(ptr, ptr, i32, ptr, i64)
declare void @exit(i32) noreturn

; Bounds check with a trap: the trap block goes last, the branch gets weights toward the hot side.
; DUMP: hot-cold @bounds_trap: cold %oob (trap)
; DUMP: hot-cold @bounds_trap: order %entry %body %oob
; CHECK-LABEL: define void @bounds_trap(
; CHECK:       entry:
; CHECK:         br i1 %inb, label %body, label %oob, !prof [[HOT_FIRST:![0-9]+]]
; CHECK:       body:
; CHECK:       oob:
; CHECK-NEXT:    call void @llvm.trap()
; OFF-LABEL:   define void @bounds_trap(
; OFF:         entry:
; OFF:         oob:
; OFF:         body:
define void @bounds_trap(ptr addrspace(1) %a, i64 %i, i64 %n) {
entry:
  %inb = icmp ult i64 %i, %n
  br i1 %inb, label %body, label %oob
oob:
  call void @llvm.trap()
  unreachable
body:
  %p = getelementptr float, ptr addrspace(1) %a, i64 %i
  %v = load float, ptr addrspace(1) %p, align 4
  %w = fmul float %v, 2.0
  store float %w, ptr addrspace(1) %p, align 4
  ret void
}

; An assert path: the block preparing the message calls __assertfail; the block that branches only
; into it is cold too (leads-to-cold).
; DUMP: hot-cold @assert_path: cold %fail.pre (leads-to-cold)
; DUMP: hot-cold @assert_path: cold %fail (trap)
; DUMP: hot-cold @assert_path: order %entry %ok %fail.pre %fail
define void @assert_path(ptr addrspace(1) %a, i32 %x) {
entry:
  %bad = icmp slt i32 %x, 0
  br i1 %bad, label %fail.pre, label %ok
fail.pre:
  %line = add i32 %x, 7
  br label %fail
fail:
  call void @__assertfail(ptr null, ptr null, i32 %line, ptr null, i64 1)
  br label %ok
ok:
  store i32 %x, ptr addrspace(1) %a, align 4
  ret void
}

; Non-zero exits: exit(1) and `ret i32 <nonzero>` next to `ret i32 0`.
; DUMP: hot-cold @error_codes: cold %abort (error-exit)
; DUMP: hot-cold @error_codes: cold %bad (error-exit)
; DUMP: hot-cold @error_codes: order %entry %check %good %abort %bad
define i32 @error_codes(i32 %x) {
entry:
  %neg = icmp slt i32 %x, -100
  br i1 %neg, label %abort, label %check
abort:
  call void @exit(i32 3)
  unreachable
check:
  %big = icmp sgt i32 %x, 100
  br i1 %big, label %bad, label %good
bad:
  ret i32 2
good:
  ret i32 0
}

; A tiny side-effect-free block branching to the return block is a cleanup epilogue; a tiny block
; with a store (a masked store) is real work and stays hot.
; DUMP: hot-cold @tiny_epilogue: cold %cleanup (tiny-to-return)
; DUMP-NOT: cold %masked
; DUMP: hot-cold @tiny_epilogue: order %entry %work %masked %done %cleanup
define i32 @tiny_epilogue(ptr addrspace(1) %a, i32 %x, i1 %c, i1 %m) {
entry:
  br i1 %c, label %cleanup, label %work
cleanup:
  %z0 = add i32 %x, 1
  br label %done
work:
  %y = mul i32 %x, %x
  %z = add i32 %y, %x
  %w = xor i32 %z, 5
  br i1 %m, label %masked, label %done
masked:
  store i32 %w, ptr addrspace(1) %a, align 4
  br label %done
done:
  %r = phi i32 [ %z0, %cleanup ], [ %w, %work ], [ %w, %masked ]
  ret i32 %r
}

; The block after a rotated loop (dominated by its latch) is a loop-exit path; the block only it
; reaches follows it (cold-region). The loop moves up, ahead of them.
; DUMP: hot-cold @loop_exit: cold %after (loop-exit)
; DUMP: hot-cold @loop_exit: cold %tail (cold-region)
; DUMP: hot-cold @loop_exit: order %entry %loop %after %tail
define void @loop_exit(ptr addrspace(1) %a, i64 %n) {
entry:
  br label %loop
after:
  store i64 %i.next, ptr addrspace(1) %a, align 8
  br label %tail
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %i.next = add i64 %i, 1
  %more = icmp slt i64 %i.next, %n
  br i1 %more, label %loop, label %after
tail:
  %t = load i64, ptr addrspace(1) %a, align 8
  %t2 = mul i64 %t, 3
  %t3 = add i64 %t2, 1
  store i64 %t3, ptr addrspace(1) %a, align 8
  ret void
}

; Branch weights: the 1% side is cold (threshold --cold-branch-percent, default 5), and so is the
; block only it reaches (cold-region). With the threshold at 0 nothing here is cold.
; DUMP: hot-cold @weights: cold %rare (branch-weight)
; DUMP: hot-cold @weights: cold %rare2 (cold-region)
; DUMP: hot-cold @weights: order %entry %common %join %rare %rare2
; NOWEIGHT-NOT: hot-cold @weights: cold
; NOWEIGHT: hot-cold @weights: order %entry %rare %rare2 %common %join
define void @weights(ptr addrspace(1) %a, i32 %x) {
entry:
  %c = icmp eq i32 %x, 12345
  br i1 %c, label %rare, label %common, !prof !0
rare:
  %r = mul i32 %x, 3
  %r2 = add i32 %r, 1
  %r3 = mul i32 %r2, %r
  br label %rare2
rare2:
  %q = mul i32 %r3, 7
  %q2 = add i32 %q, 1
  %q3 = mul i32 %q2, %q
  br label %join
common:
  %m = mul i32 %x, 5
  %m2 = add i32 %m, 1
  %m3 = mul i32 %m2, %m
  br label %join
join:
  %v = phi i32 [ %q3, %rare2 ], [ %m3, %common ]
  store i32 %v, ptr addrspace(1) %a, align 4
  ret void
}

!0 = !{!"branch_weights", i32 1, i32 99}
; CHECK: [[HOT_FIRST]] = !{!"branch_weights", i32 2000, i32 1}
