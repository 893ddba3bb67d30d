; Sinking2 fixpoint and complexity limit (seed 002 "Main Worklist Driver", "sink-limit"):
; - an instruction sunk from a parent into a child block waits in the child until the next round
;   (each round's worklist is a snapshot), where it sinks again toward the texture-class load;
; - --sink-limit=N stops after N moves in a function;
; - --sink-into-texture=0 turns the pass off.
; RUN: %tilec --emit=llvm --disable-hot-cold-layout --disable-base-address-sr --dump-sink2 %s -o - 2>%t.dump | %FileCheck %s
; RUN: %FileCheck --check-prefix=DUMP %s < %t.dump
; RUN: %tilec --emit=llvm --disable-hot-cold-layout --disable-base-address-sr --sink-limit=2 --dump-sink2 %s -o /dev/null 2>%t.limit
; RUN: %FileCheck --check-prefix=LIMITDUMP %s < %t.limit
; RUN: %tilec --emit=llvm --disable-hot-cold-layout --disable-base-address-sr --sink-into-texture=0 %s -o - | %FileCheck --check-prefix=OFF %s

; CHECK-LABEL: define float @second_sink(
; CHECK:       mid:
; CHECK-NEXT:    %cond = fcmp
; CHECK:       use:
; CHECK-NEXT:    %p = getelementptr float, ptr addrspace(1) %a, i64 %i
; CHECK-NEXT:    %q = getelementptr float, ptr addrspace(1) %p, i64 1
; CHECK-NEXT:    %v = load float, ptr addrspace(1) %q
; DUMP:      @second_sink round 1: sink %p from %entry to %mid
; DUMP-NEXT: @second_sink round 1: sink %q from %mid to %use
; DUMP-NEXT: @second_sink round 2: sink %p from %mid to %use
; OFF-LABEL: define float @second_sink(
; OFF:       entry:
; OFF-NEXT:    %p = getelementptr
define float @second_sink(ptr addrspace(1) %a, i64 %i, float %x) {
entry:
  %p = getelementptr float, ptr addrspace(1) %a, i64 %i
  br label %mid
mid:
  %q = getelementptr float, ptr addrspace(1) %p, i64 1
  %cond = fcmp ogt float %x, 0.0
  br i1 %cond, label %use, label %skip
use:
  %v = load float, ptr addrspace(1) %q, align 4
  ret float %v
skip:
  ret float 0.0
}

; Three independent address chains; the limit of 2 leaves the first (bottom-up: last processed) one.
; Without a limit, all three sink and level 2 then places each next to its store (round 2).
; LIMITDUMP: sink2[early] @limited round 1: sink %p2 from %entry to %then
; LIMITDUMP-NEXT: @limited round 1: sink %p1 from %entry to %then
; LIMITDUMP-NEXT: @limited round 1: sink-limit 2 reached
; The limit is per function and per run: the next position (post-peephole) picks up the rest.
; LIMITDUMP: sink2[post-peephole] @limited round 1: sink %p0 from %entry to %then
; CHECK-LABEL: define void @limited(
; CHECK:       entry:
; CHECK-NEXT:    br i1
; CHECK:       then:
; CHECK-NEXT:    %p0 = getelementptr
; CHECK-NEXT:    store float 0.0
; CHECK-NEXT:    %p1 = getelementptr
; CHECK-NEXT:    store float 1.0
; CHECK-NEXT:    %p2 = getelementptr
; DUMP: @limited round 2: reorder %p2 from %then: next to its texture-class use
define void @limited(ptr addrspace(1) %a, i64 %i, i1 %c) {
entry:
  %p0 = getelementptr float, ptr addrspace(1) %a, i64 %i
  %p1 = getelementptr float, ptr addrspace(1) %a, i64 1
  %p2 = getelementptr float, ptr addrspace(1) %a, i64 2
  br i1 %c, label %then, label %end
then:
  store float 0.0, ptr addrspace(1) %p0, align 4
  store float 1.0, ptr addrspace(1) %p1, align 4
  store float 2.0, ptr addrspace(1) %p2, align 4
  br label %end
end:
  ret void
}
