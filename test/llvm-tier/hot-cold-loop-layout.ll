; Hot/cold layout (seed 000 phases 108 OptimizeHotColdInLoop and 109 OptimizeHotColdFlow): cold
; blocks inside a loop move to the end of that loop's region (the loop stays contiguous); cold
; blocks outside loops move to the end of the function; every branch keeps its targets, and hot
; conditional branches into cold blocks get branch_weights so the backend keeps the cold side out of
; line. The output is the block order the NVPTX backend emits.
; RUN: %tilec --emit=llvm --disable-sink2 --disable-base-address-sr --dump-hot-cold-layout %s -o - 2>%t.dump | %FileCheck %s
; RUN: %FileCheck --check-prefix=DUMP %s < %t.dump
; RUN: %tilec --emit=ptx %s -o - | %FileCheck --check-prefix=PTX %s

target triple = "nvptx64-nvidia-cuda"

declare void @__assertfail(ptr, ptr, i32, ptr, i64)
declare void @llvm.trap()

; DUMP: hot-cold @loop_with_check: cold %early.fail (trap)
; DUMP: hot-cold @loop_with_check: cold %fail (trap)
; DUMP: hot-cold @loop_with_check: cold %exit (loop-exit)
; DUMP: hot-cold @loop_with_check: order %entry %header %body %latch %fail %early.fail %exit
; CHECK-LABEL: define ptx_kernel void @loop_with_check(
; CHECK:       entry:
; CHECK:         br i1 %bad, label %early.fail, label %header, !prof [[COLD_FIRST:![0-9]+]]
; CHECK:       header:
; CHECK:         br i1 %ok, label %body, label %fail, !prof [[HOT_FIRST:![0-9]+]]
; CHECK:       body:
; CHECK:         br label %latch
; CHECK:       latch:
; CHECK:         br i1 %more, label %header, label %exit
; CHECK:       fail:
; CHECK:         br label %latch
; CHECK:       early.fail:
; CHECK-NEXT:    call void @llvm.trap()
; CHECK:       exit:
; CHECK-NEXT:    ret void
; The NVPTX backend keeps the order: the loop (its cold assert call last), then the cold trap and
; loop-exit blocks.
; PTX-LABEL: .entry loop_with_check(
; PTX:       ld.global
; PTX:       call.uni __assertfail
; PTX:       trap;
; PTX:       ret;
define ptx_kernel void @loop_with_check(ptr addrspace(1) %a, i64 %n, i64 %lim) {
entry:
  %bad = icmp eq i64 %n, 0
  br i1 %bad, label %early.fail, label %header
early.fail:
  call void @llvm.trap()
  unreachable
header:
  %i = phi i64 [ 0, %entry ], [ %i.next, %latch ]
  %ok = icmp ult i64 %i, %lim
  br i1 %ok, label %body, label %fail
fail:
  call void @__assertfail(ptr null, ptr null, i32 12, ptr null, i64 1)
  br label %latch
body:
  %p = getelementptr float, ptr addrspace(1) %a, i64 %i
  %v = load float, ptr addrspace(1) %p, align 4
  %w = fadd float %v, 1.0
  store float %w, ptr addrspace(1) %p, align 4
  br label %latch
latch:
  %i.next = add i64 %i, 1
  %more = icmp slt i64 %i.next, %n
  br i1 %more, label %header, label %exit
exit:
  ret void
}

; Nested loops: the inner loop's cold block ends the inner region, inside the outer loop; the
; block after the inner loop (%olatch) runs every outer iteration and stays hot.
; DUMP: hot-cold @nested: cold %icold (trap)
; DUMP: hot-cold @nested: order %entry %outer %inner %ibody %ilatch %icold %olatch %exit
define void @nested(ptr addrspace(1) %a, i64 %n) {
entry:
  br label %outer
outer:
  %j = phi i64 [ 0, %entry ], [ %j.next, %olatch ]
  br label %inner
inner:
  %k = phi i64 [ 0, %outer ], [ %k.next, %ilatch ]
  %bad = icmp eq i64 %k, 77
  br i1 %bad, label %icold, label %ibody
icold:
  call void @__assertfail(ptr null, ptr null, i32 1, ptr null, i64 1)
  br label %ilatch
ibody:
  %idx = add i64 %j, %k
  %p = getelementptr float, ptr addrspace(1) %a, i64 %idx
  store float 0.0, ptr addrspace(1) %p, align 4
  br label %ilatch
ilatch:
  %k.next = add i64 %k, 1
  %kmore = icmp slt i64 %k.next, %n
  br i1 %kmore, label %inner, label %olatch
olatch:
  %j.next = add i64 %j, 1
  %jmore = icmp slt i64 %j.next, %n
  br i1 %jmore, label %outer, label %exit
exit:
  ret void
}
; CHECK-DAG: [[COLD_FIRST]] = !{!"branch_weights", i32 1, i32 2000}
; CHECK-DAG: [[HOT_FIRST]] = !{!"branch_weights", i32 2000, i32 1}
