// A rank-0 (or otherwise replicated) pointer tile: the atomic is performed once, by the owning thread
// (not once per thread). Its result would be known to that thread only, so using it is refused by
// name rather than handing the other threads a wrong value.
// RUN: %tilec -O3 --split-input-file --verify-diagnostics %s
// RUN: %tilec -O3 %S/Inputs/atomic_scalar_ok.mlir -o %t.ptx
// RUN: %FileCheck %s < %t.ptx
// RUN: %check-ptx sm_90a %t.ptx
// CHECK-COUNT-1: atom.relaxed.gpu.global.add.u32

cuda_tile.module @m {
  entry @counter(%p: tile<ptr<i32>>, %out: tile<ptr<i32>>) {
    %one = constant <i32: 1> : tile<i32>
    // expected-error@+1 {{`atomic_rmw_tko` whose result is used, on a pointer tile replicated across threads (fewer elements than threads), is not supported by code generation yet}}
    %old, %t = atomic_rmw_tko relaxed device %p, add, %one : tile<ptr<i32>>, tile<i32> -> tile<i32>, token
    %t2 = store_ptr_tko weak %out, %old : tile<ptr<i32>>, tile<i32> -> token
    return
  }
}
