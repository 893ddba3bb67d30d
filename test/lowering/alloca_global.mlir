// `alloca global` (issue 18): scratch memory other blocks may address is global memory from the
// device heap: thread 0 calls PTX's `malloc` system call at the op's first execution (a null
// result traps), hands the pointer to the CTA through an 8-byte shared slot (null from the
// kernel's start) and a CTA barrier, and every return frees it after a barrier (free of null does
// nothing). An `alloca` inside a loop whose pointer stays in its iteration (here: used only as an
// address) reuses one buffer for every execution, private (shared memory) or global (malloc'd
// once); one whose pointer is carried out of the iteration is refused by name
// (test/lowering/unsupported.mlir). Warp specialization declines a kernel with an `alloca global`.
// RUN: %tilec -O3 --gpu-name=sm_90a %s -o %t.ptx
// RUN: %FileCheck %s < %t.ptx
// RUN: %check-ptx sm_90a %t.ptx
// RUN: %tilec -O3 --gpu-name=sm_100a %s -o %t.100.ptx
// RUN: %check-ptx sm_100a %t.100.ptx
// The reference interpreter runs both (a fresh buffer per execution there: the same results).
// RUN: %tilec-run --interpret %s --kernel reverse_global --grid 1 --arg ptr:f32:64:list=1,2,3,4 --arg ptr:f32:64:out --print-outputs=8 | %FileCheck %s --check-prefix=REV
// RUN: %tilec-run --interpret %s --kernel loop_reverse --grid 1 --arg ptr:f32:64:list=1,2,3,4 --arg ptr:f32:64:out --print-outputs=8 | %FileCheck %s --check-prefix=LOOP
// CHECK: .extern .func  (.param .b64 func_retval0) malloc
// CHECK: .extern .func free
// CHECK-LABEL: .entry reverse_global(
// CHECK: st.shared.b64 {{.*}}, 0;
// CHECK: call.uni (retval0), malloc, (param0);
// CHECK: trap;
// CHECK: st.shared.b64
// CHECK: bar.sync 0;
// CHECK: ld.shared.b64
// CHECK: bar.sync 0;
// CHECK: ld.shared.b64
// CHECK: call.uni free, (param0);
// CHECK-LABEL: .entry loop_reverse(
// the global buffer of the loop's first iteration is taken once, the later ones test the slot:
// CHECK: call.uni (retval0), malloc, (param0);
// CHECK: ld.shared.b64 {{%rd[0-9]+}}, [__tilec_smem+256];
// CHECK-NEXT: bar.sync 0;
// CHECK: ld.shared.b64 [[HELD:%rd[0-9]+]], [__tilec_smem+256];
// CHECK-NEXT: setp.ne.b64 {{%p[0-9]+}}, [[HELD]], 0;
// CHECK: call.uni free, (param0);
// REV: output 1: 4 3 2 1 4 3 2 1
// LOOP: output 1: 16 12 8 4 16 12 8 4
cuda_tile.module @m {
  entry @reverse_global(%x: tile<ptr<f32>>, %y: tile<ptr<f32>>) {
    %buf = alloca num_elem = 64, alignment = 16 global : tile<ptr<f32>>
    %lane = iota : tile<64xi32>
    %c63 = constant <i32: 63> : tile<64xi32>
    %rev = subi %c63, %lane : tile<64xi32>
    %br = reshape %buf : tile<ptr<f32>> -> tile<1xptr<f32>>
    %bb = broadcast %br : tile<1xptr<f32>> -> tile<64xptr<f32>>
    %wp = offset %bb, %rev : tile<64xptr<f32>>, tile<64xi32> -> tile<64xptr<f32>>
    %rp = offset %bb, %lane : tile<64xptr<f32>>, tile<64xi32> -> tile<64xptr<f32>>
    %xr = reshape %x : tile<ptr<f32>> -> tile<1xptr<f32>>
    %xb = broadcast %xr : tile<1xptr<f32>> -> tile<64xptr<f32>>
    %xp = offset %xb, %lane : tile<64xptr<f32>>, tile<64xi32> -> tile<64xptr<f32>>
    %v, %t0 = load_ptr_tko weak %xp : tile<64xptr<f32>> -> tile<64xf32>, token
    %t1 = store_ptr_tko weak %wp, %v token=%t0 : tile<64xptr<f32>>, tile<64xf32> -> token
    %w, %t2 = load_ptr_tko weak %rp token=%t1 : tile<64xptr<f32>> -> tile<64xf32>, token
    %yr = reshape %y : tile<ptr<f32>> -> tile<1xptr<f32>>
    %yb = broadcast %yr : tile<1xptr<f32>> -> tile<64xptr<f32>>
    %yp = offset %yb, %lane : tile<64xptr<f32>>, tile<64xi32> -> tile<64xptr<f32>>
    %t3 = store_ptr_tko weak %yp, %w : tile<64xptr<f32>>, tile<64xf32> -> token
    return
  }
  entry @loop_reverse(%x: tile<ptr<f32>>, %y: tile<ptr<f32>>) {
    %lane = iota : tile<64xi32>
    %c63 = constant <i32: 63> : tile<64xi32>
    %rev = subi %c63, %lane : tile<64xi32>
    %xr = reshape %x : tile<ptr<f32>> -> tile<1xptr<f32>>
    %xb = broadcast %xr : tile<1xptr<f32>> -> tile<64xptr<f32>>
    %xp = offset %xb, %lane : tile<64xptr<f32>>, tile<64xi32> -> tile<64xptr<f32>>
    %v, %t0 = load_ptr_tko weak %xp : tile<64xptr<f32>> -> tile<64xf32>, token
    %c0 = constant <i32: 0> : tile<i32>
    %c1 = constant <i32: 1> : tile<i32>
    %c4 = constant <i32: 4> : tile<i32>
    %zero = constant <f32: 0.0> : tile<64xf32>
    %acc = for %i in (%c0 to %c4, step %c1) : tile<i32> iter_values(%a = %zero) -> (tile<64xf32>) {
      %buf = alloca num_elem = 64, alignment = 16 : tile<ptr<f32>>
      %gbuf = alloca num_elem = 64, alignment = 16 global : tile<ptr<f32>>
      %br = reshape %buf : tile<ptr<f32>> -> tile<1xptr<f32>>
      %bb = broadcast %br : tile<1xptr<f32>> -> tile<64xptr<f32>>
      %wp = offset %bb, %rev : tile<64xptr<f32>>, tile<64xi32> -> tile<64xptr<f32>>
      %rp = offset %bb, %lane : tile<64xptr<f32>>, tile<64xi32> -> tile<64xptr<f32>>
      %gr = reshape %gbuf : tile<ptr<f32>> -> tile<1xptr<f32>>
      %gb = broadcast %gr : tile<1xptr<f32>> -> tile<64xptr<f32>>
      %gp = offset %gb, %lane : tile<64xptr<f32>>, tile<64xi32> -> tile<64xptr<f32>>
      %t1 = store_ptr_tko weak %wp, %v token=%t0 : tile<64xptr<f32>>, tile<64xf32> -> token
      %w, %t2 = load_ptr_tko weak %rp token=%t1 : tile<64xptr<f32>> -> tile<64xf32>, token
      %t3 = store_ptr_tko weak %gp, %w token=%t2 : tile<64xptr<f32>>, tile<64xf32> -> token
      %u, %t4 = load_ptr_tko weak %gp token=%t3 : tile<64xptr<f32>> -> tile<64xf32>, token
      %s = addf %a, %u : tile<64xf32>
      continue %s : tile<64xf32>
    }
    %yr = reshape %y : tile<ptr<f32>> -> tile<1xptr<f32>>
    %yb = broadcast %yr : tile<1xptr<f32>> -> tile<64xptr<f32>>
    %yp = offset %yb, %lane : tile<64xptr<f32>>, tile<64xi32> -> tile<64xptr<f32>>
    %t5 = store_ptr_tko weak %yp, %acc : tile<64xptr<f32>>, tile<64xf32> -> token
    return
  }
}
