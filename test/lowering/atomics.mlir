// atomic_rmw_tko and atomic_cas_tko on tiles of pointers (lib/nvvm/lower_atomic.c): one PTX `atom`
// per element a thread owns, with the op's ordering and scope written out (.relaxed/.acquire/
// .release/.acq_rel, .cta/.gpu/.sys); masked-off elements are not touched. Every mode and element
// type the verifier accepts, on both targets, assembled by ptxas.
// RUN: %tilec -O3 --gpu-name=sm_90a %s -o %t.90.ptx
// RUN: %FileCheck %s < %t.90.ptx
// RUN: %check-ptx sm_90a %t.90.ptx
// RUN: %tilec -O3 --gpu-name=sm_100a %s -o %t.100.ptx
// RUN: %FileCheck %s < %t.100.ptx
// RUN: %check-ptx sm_100a %t.100.ptx
// The histogram kernel (masked add) assembles, and the interpreter gives its counts: lanes 0..99
// add into bins[lane % 8] (13 for bins 0-3, 12 for 4-7); 128 lanes add 0.5 (64).
// RUN: %tilec -O3 --gpu-name=sm_90a %S/Inputs/atomic_hist.mlir -o %t.hist.ptx
// RUN: %FileCheck %s --check-prefix=HIST < %t.hist.ptx
// RUN: %check-ptx sm_90a %t.hist.ptx
// HIST: atom.relaxed.gpu.global.add.u32
// HIST: atom.acq_rel.sys.global.add.f32
// RUN: %tilec-run --interpret %S/Inputs/atomic_hist.mlir --grid 1 --arg ptr:i32:8:zeros --arg ptr:f32:1:zeros \
// RUN:   --arg i32:100 --save 0=%t.bins --save 1=%t.fsum
// RUN: od -A n -t d4 -v %t.bins | %FileCheck %s --check-prefix=BINS
// BINS: 13 13 13 13
// BINS-NEXT: 12 12 12 12
// RUN: od -A n -t f4 %t.fsum | %FileCheck %s --check-prefix=FSUM
// FSUM: 64

// cuTile Python's ct.atomic_add (exported bytecode, Inputs/cutile_atomic_hist.py) on both targets.
// RUN: %tilec -O3 --gpu-name=sm_90a %S/Inputs/cutile_atomic_hist.13.3.tileirbc -o %t.cutile90.ptx
// RUN: %FileCheck %s --check-prefix=CUTILE < %t.cutile90.ptx
// RUN: %check-ptx sm_90a %t.cutile90.ptx
// RUN: %tilec -O3 --gpu-name=sm_100a %S/Inputs/cutile_atomic_hist.13.3.tileirbc -o %t.cutile100.ptx
// RUN: %check-ptx sm_100a %t.cutile100.ptx
// CUTILE: atom.{{[a-z_]+}}.{{[a-z]+}}.global.add.u32

// CHECK-LABEL: .entry rmw_i32(
// CHECK-DAG: atom.relaxed.gpu.global.and.b32
// CHECK-DAG: atom.acquire.cta.global.or.b32
// CHECK-DAG: atom.release.sys.global.xor.b32
// CHECK-DAG: atom.acq_rel.gpu.global.add.u32
// CHECK-DAG: atom.relaxed.gpu.global.max.s32
// CHECK-DAG: atom.relaxed.gpu.global.min.s32
// CHECK-DAG: atom.relaxed.gpu.global.max.u32
// CHECK-DAG: atom.relaxed.gpu.global.min.u32
// CHECK-DAG: atom.relaxed.gpu.global.exch.b32
// CHECK-LABEL: .entry rmw_i64(
// CHECK-DAG: atom.relaxed.gpu.global.add.u64
// CHECK-DAG: atom.relaxed.cta.global.max.s64
// CHECK-DAG: atom.relaxed.sys.global.exch.b64
// CHECK-LABEL: .entry rmw_float(
// CHECK-DAG: atom.relaxed.gpu.global.add.f32
// CHECK-DAG: atom.relaxed.gpu.global.add.f64
// CHECK-DAG: atom.relaxed.gpu.global.add.noftz.f16
// CHECK-DAG: atom.relaxed.gpu.global.add.noftz.bf16
// CHECK-DAG: atom.relaxed.gpu.global.exch.b32
// CHECK-LABEL: .entry cas(
// CHECK-DAG: atom.acq_rel.gpu.global.cas.b32
// CHECK-DAG: atom.release.sys.global.cas.b64
// CHECK-DAG: atom.relaxed.cta.global.cas.b32
cuda_tile.module @atomics {
  entry @rmw_i32(%p: tile<ptr<i32>>) {
    %p1 = reshape %p : tile<ptr<i32>> -> tile<1xptr<i32>>
    %pb = broadcast %p1 : tile<1xptr<i32>> -> tile<128xptr<i32>>
    %lane = iota : tile<128xi32>
    %ptrs = offset %pb, %lane : tile<128xptr<i32>>, tile<128xi32> -> tile<128xptr<i32>>
    %v = constant <i32: 3> : tile<128xi32>
    %a0, %t0 = atomic_rmw_tko relaxed device %ptrs, and, %v : tile<128xptr<i32>>, tile<128xi32> -> tile<128xi32>, token
    %a1, %t1 = atomic_rmw_tko acquire tl_blk %ptrs, or, %a0 : tile<128xptr<i32>>, tile<128xi32> -> tile<128xi32>, token
    %a2, %t2 = atomic_rmw_tko release sys %ptrs, xor, %a1 : tile<128xptr<i32>>, tile<128xi32> -> tile<128xi32>, token
    %a3, %t3 = atomic_rmw_tko acq_rel device %ptrs, add, %a2 : tile<128xptr<i32>>, tile<128xi32> -> tile<128xi32>, token
    %a4, %t4 = atomic_rmw_tko relaxed device %ptrs, max, %a3 : tile<128xptr<i32>>, tile<128xi32> -> tile<128xi32>, token
    %a5, %t5 = atomic_rmw_tko relaxed device %ptrs, min, %a4 : tile<128xptr<i32>>, tile<128xi32> -> tile<128xi32>, token
    %a6, %t6 = atomic_rmw_tko relaxed device %ptrs, umax, %a5 : tile<128xptr<i32>>, tile<128xi32> -> tile<128xi32>, token
    %a7, %t7 = atomic_rmw_tko relaxed device %ptrs, umin, %a6 : tile<128xptr<i32>>, tile<128xi32> -> tile<128xi32>, token
    %a8, %t8 = atomic_rmw_tko relaxed device %ptrs, xchg, %a7 : tile<128xptr<i32>>, tile<128xi32> -> tile<128xi32>, token
    %t9 = store_ptr_tko weak %ptrs, %a8 : tile<128xptr<i32>>, tile<128xi32> -> token
    return
  }
  entry @rmw_i64(%p: tile<ptr<i64>>) {
    %p1 = reshape %p : tile<ptr<i64>> -> tile<1xptr<i64>>
    %pb = broadcast %p1 : tile<1xptr<i64>> -> tile<128xptr<i64>>
    %lane = iota : tile<128xi32>
    %ptrs = offset %pb, %lane : tile<128xptr<i64>>, tile<128xi32> -> tile<128xptr<i64>>
    %v = constant <i64: 5> : tile<128xi64>
    %a0, %t0 = atomic_rmw_tko relaxed device %ptrs, add, %v : tile<128xptr<i64>>, tile<128xi64> -> tile<128xi64>, token
    %a1, %t1 = atomic_rmw_tko relaxed tl_blk %ptrs, max, %a0 : tile<128xptr<i64>>, tile<128xi64> -> tile<128xi64>, token
    %a2, %t2 = atomic_rmw_tko relaxed sys %ptrs, xchg, %a1 : tile<128xptr<i64>>, tile<128xi64> -> tile<128xi64>, token
    %t3 = store_ptr_tko weak %ptrs, %a2 : tile<128xptr<i64>>, tile<128xi64> -> token
    return
  }
  entry @rmw_float(%pf: tile<ptr<f32>>, %pd: tile<ptr<f64>>, %ph: tile<ptr<f16>>, %pb16: tile<ptr<bf16>>) {
    %lane = iota : tile<128xi32>
    %f1 = reshape %pf : tile<ptr<f32>> -> tile<1xptr<f32>>
    %fb = broadcast %f1 : tile<1xptr<f32>> -> tile<128xptr<f32>>
    %fp = offset %fb, %lane : tile<128xptr<f32>>, tile<128xi32> -> tile<128xptr<f32>>
    %fv = constant <f32: 1.5> : tile<128xf32>
    %a0, %t0 = atomic_rmw_tko relaxed device %fp, addf, %fv : tile<128xptr<f32>>, tile<128xf32> -> tile<128xf32>, token
    %a1, %t1 = atomic_rmw_tko relaxed device %fp, xchg, %a0 : tile<128xptr<f32>>, tile<128xf32> -> tile<128xf32>, token
    %d1 = reshape %pd : tile<ptr<f64>> -> tile<1xptr<f64>>
    %db = broadcast %d1 : tile<1xptr<f64>> -> tile<128xptr<f64>>
    %dp = offset %db, %lane : tile<128xptr<f64>>, tile<128xi32> -> tile<128xptr<f64>>
    %dv = constant <f64: 2.5> : tile<128xf64>
    %a2, %t2 = atomic_rmw_tko relaxed device %dp, addf, %dv : tile<128xptr<f64>>, tile<128xf64> -> tile<128xf64>, token
    %h1 = reshape %ph : tile<ptr<f16>> -> tile<1xptr<f16>>
    %hb = broadcast %h1 : tile<1xptr<f16>> -> tile<128xptr<f16>>
    %hp = offset %hb, %lane : tile<128xptr<f16>>, tile<128xi32> -> tile<128xptr<f16>>
    %hv = constant <f16: 0.5> : tile<128xf16>
    %a3, %t3 = atomic_rmw_tko relaxed device %hp, addf, %hv : tile<128xptr<f16>>, tile<128xf16> -> tile<128xf16>, token
    %g1 = reshape %pb16 : tile<ptr<bf16>> -> tile<1xptr<bf16>>
    %gb = broadcast %g1 : tile<1xptr<bf16>> -> tile<128xptr<bf16>>
    %gp = offset %gb, %lane : tile<128xptr<bf16>>, tile<128xi32> -> tile<128xptr<bf16>>
    %gv = constant <bf16: 0.5> : tile<128xbf16>
    %a4, %t4 = atomic_rmw_tko relaxed device %gp, addf, %gv : tile<128xptr<bf16>>, tile<128xbf16> -> tile<128xbf16>, token
    %s0 = store_ptr_tko weak %fp, %a1 : tile<128xptr<f32>>, tile<128xf32> -> token
    %s1 = store_ptr_tko weak %dp, %a2 : tile<128xptr<f64>>, tile<128xf64> -> token
    %s2 = store_ptr_tko weak %hp, %a3 : tile<128xptr<f16>>, tile<128xf16> -> token
    %s3 = store_ptr_tko weak %gp, %a4 : tile<128xptr<bf16>>, tile<128xbf16> -> token
    return
  }
  entry @cas(%p: tile<ptr<i32>>, %q: tile<ptr<i64>>, %pf: tile<ptr<f32>>) {
    %lane = iota : tile<128xi32>
    %p1 = reshape %p : tile<ptr<i32>> -> tile<1xptr<i32>>
    %pb = broadcast %p1 : tile<1xptr<i32>> -> tile<128xptr<i32>>
    %ptrs = offset %pb, %lane : tile<128xptr<i32>>, tile<128xi32> -> tile<128xptr<i32>>
    %zero = constant <i32: 0> : tile<128xi32>
    %a0, %t0 = atomic_cas_tko acq_rel device %ptrs, %zero, %lane : tile<128xptr<i32>>, tile<128xi32> -> tile<128xi32>, token
    %q1 = reshape %q : tile<ptr<i64>> -> tile<1xptr<i64>>
    %qb = broadcast %q1 : tile<1xptr<i64>> -> tile<128xptr<i64>>
    %qs = offset %qb, %lane : tile<128xptr<i64>>, tile<128xi32> -> tile<128xptr<i64>>
    %z64 = constant <i64: 0> : tile<128xi64>
    %v64 = constant <i64: 7> : tile<128xi64>
    %a1, %t1 = atomic_cas_tko release sys %qs, %z64, %v64 : tile<128xptr<i64>>, tile<128xi64> -> tile<128xi64>, token
    %f1 = reshape %pf : tile<ptr<f32>> -> tile<1xptr<f32>>
    %fb = broadcast %f1 : tile<1xptr<f32>> -> tile<128xptr<f32>>
    %fp = offset %fb, %lane : tile<128xptr<f32>>, tile<128xi32> -> tile<128xptr<f32>>
    %fz = constant <f32: 0.0> : tile<128xf32>
    %fo = constant <f32: 1.0> : tile<128xf32>
    %a2, %t2 = atomic_cas_tko relaxed tl_blk %fp, %fz, %fo : tile<128xptr<f32>>, tile<128xf32> -> tile<128xf32>, token
    %s0 = store_ptr_tko weak %ptrs, %a0 : tile<128xptr<i32>>, tile<128xi32> -> token
    %s1 = store_ptr_tko weak %qs, %a1 : tile<128xptr<i64>>, tile<128xi64> -> token
    %s2 = store_ptr_tko weak %fp, %a2 : tile<128xptr<f32>>, tile<128xf32> -> token
    return
  }
}
