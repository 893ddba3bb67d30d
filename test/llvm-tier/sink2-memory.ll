; Sinking2 memory rules (seed 002 "Alias Checking", "Memory Dependency Checking", "Barrier
; Awareness", address spaces): a load sinks toward its only use unless a barrier, an atomic, a
; volatile access or a may-alias store lies on the path; shared-memory (AS 3) stores never block a
; global read; stores themselves never move.
; RUN: %tilec --emit=llvm --disable-hot-cold-layout --disable-base-address-sr --dump-sink2 %s -o - 2>%t.dump | %FileCheck %s
; RUN: %FileCheck --check-prefix=DUMP %s < %t.dump

declare void @llvm.nvvm.barrier.cta.sync.aligned.all(i32)

; CHECK-LABEL: define void @free_path(
; CHECK:       then:
; CHECK-NEXT:    %p = getelementptr
; CHECK-NEXT:    %v = load float
define void @free_path(ptr addrspace(1) %a, ptr addrspace(1) %out, i64 %i, i1 %c) {
entry:
  %p = getelementptr float, ptr addrspace(1) %a, i64 %i
  %v = load float, ptr addrspace(1) %p, align 4
  br i1 %c, label %then, label %end
then:
  store float %v, ptr addrspace(1) %out, align 4
  br label %end
end:
  ret void
}

; CHECK-LABEL: define void @barrier_blocks(
; CHECK:       entry:
; CHECK-NEXT:    %p = getelementptr
; CHECK-NEXT:    %v = load float
; CHECK-NEXT:    call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
; DUMP-LABEL: @barrier_blocks round 1: keep %v from %entry to %then
; DUMP-NEXT:  blocked by:  call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
define void @barrier_blocks(ptr addrspace(1) %a, ptr addrspace(1) %out, i64 %i, i1 %c) {
entry:
  %p = getelementptr float, ptr addrspace(1) %a, i64 %i
  %v = load float, ptr addrspace(1) %p, align 4
  call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
  br i1 %c, label %then, label %end
then:
  store float %v, ptr addrspace(1) %out, align 4
  br label %end
end:
  ret void
}

; The atomic sits in a block on the path (not in the load's block).
; CHECK-LABEL: define void @atomic_blocks(
; CHECK:       entry:
; CHECK-NEXT:    %p = getelementptr
; CHECK-NEXT:    %v = load float
; DUMP-LABEL: @atomic_blocks round 1: keep %v from %entry to %then
; DUMP-NEXT:  blocked by:  %old = atomicrmw add ptr addrspace(1) %cnt, i32 1 monotonic
define void @atomic_blocks(ptr addrspace(1) %a, ptr addrspace(1) %out, ptr addrspace(1) %cnt, i64 %i, i1 %c) {
entry:
  %p = getelementptr float, ptr addrspace(1) %a, i64 %i
  %v = load float, ptr addrspace(1) %p, align 4
  br label %mid
mid:
  %old = atomicrmw add ptr addrspace(1) %cnt, i32 1 monotonic
  br i1 %c, label %then, label %end
then:
  store float %v, ptr addrspace(1) %out, align 4
  br label %end
end:
  ret void
}

; Atomic and volatile loads are never candidates themselves.
; CHECK-LABEL: define void @atomic_volatile_loads_stay(
; CHECK:       entry:
; CHECK-NEXT:    %v = load atomic float, ptr addrspace(1) %a monotonic
; CHECK-NEXT:    %w = load volatile float
define void @atomic_volatile_loads_stay(ptr addrspace(1) %a, ptr addrspace(1) %b, ptr addrspace(1) %out, i1 %c) {
entry:
  %v = load atomic float, ptr addrspace(1) %a monotonic, align 4
  %w = load volatile float, ptr addrspace(1) %b, align 4
  br i1 %c, label %then, label %end
then:
  store float %v, ptr addrspace(1) %out, align 4
  store float %w, ptr addrspace(1) %out, align 4
  br label %end
end:
  ret void
}

; A store to shared memory (AS 3) cannot alias a global load; a global store to a pointer that may
; alias can; a store to a distinct noalias argument cannot.
; CHECK-LABEL: define void @address_spaces(
; CHECK:       entry:
; CHECK-NEXT:    %q = getelementptr
; CHECK-NEXT:    %w = load float, ptr addrspace(1) %q
; CHECK-NEXT:    store float 0.0{{.*}}, ptr addrspace(3) %smem
; CHECK-NEXT:    store float 1.0{{.*}}, ptr addrspace(1) %b
; CHECK-NEXT:    store float 2.0{{.*}}, ptr addrspace(1) %other
; CHECK:       then:
; CHECK-NEXT:    %p = getelementptr
; CHECK-NEXT:    %v = load float, ptr addrspace(1) %p
define void @address_spaces(ptr addrspace(1) noalias %a, ptr addrspace(1) %b, ptr addrspace(1) noalias %other, ptr addrspace(3) %smem, ptr addrspace(1) %out, i64 %i, i1 %c) {
entry:
  %p = getelementptr float, ptr addrspace(1) %a, i64 %i
  %v = load float, ptr addrspace(1) %p, align 4
  %q = getelementptr float, ptr addrspace(1) %b, i64 %i
  %w = load float, ptr addrspace(1) %q, align 4
  store float 0.0, ptr addrspace(3) %smem, align 4
  store float 1.0, ptr addrspace(1) %b, align 4
  store float 2.0, ptr addrspace(1) %other, align 4
  br i1 %c, label %then, label %end
then:
  store float %v, ptr addrspace(1) %out, align 4
  store float %w, ptr addrspace(1) %out, align 4
  br label %end
end:
  ret void
}

; A PHI use counts in its incoming block: the value sinks into %then, not into %end.
; CHECK-LABEL: define float @phi_boundary(
; CHECK:       then:
; CHECK-NEXT:    %x = fmul float %a, %b
; CHECK-NEXT:    br label %end
; CHECK:       end:
; CHECK-NEXT:    %r = phi float [ %x, %then ], [ 0.0{{.*}}, %entry ]
define float @phi_boundary(float %a, float %b, i1 %c) {
entry:
  %x = fmul float %a, %b
  br i1 %c, label %then, label %end
then:
  br label %end
end:
  %r = phi float [ %x, %then ], [ 0.0, %entry ]
  ret float %r
}
