// The 13.5 multimem view ops compile on both targets, one PTX multimem instruction per element a
// thread owns (lib/nvvm/lower_atomic.c multimem_asm, lib/nvvm/lower_memory.c): ld_reduce / red /
// st with the op's ordering and scope (weak: none), the reduction's PTX op and type (add .u32,
// min .s64, umax .u32 max, xor .b32, stores .b32 / .f32), f16 as .f16x2 pairs of adjacent
// elements; ptxas accepts every form. Element types the instructions lack (8/16-bit integers) and
// f16 without a proven pair are refused by name.
// RUN: %tilec -O3 --gpu-name=sm_90a %S/Inputs/multimem.mlir -o %t.90.ptx
// RUN: %FileCheck %s < %t.90.ptx
// RUN: %check-ptx sm_90a %t.90.ptx
// RUN: %tilec -O3 --gpu-name=sm_100a %S/Inputs/multimem.mlir -o %t.100.ptx
// RUN: %FileCheck %s < %t.100.ptx
// RUN: %check-ptx sm_100a %t.100.ptx
// RUN: not %tilec -O3 --split-input-file %S/Inputs/multimem_bad.mlir -o /dev/null 2>&1 | %FileCheck %s --check-prefix=BAD
// CHECK-LABEL: .entry triple_f32(
// CHECK: multimem.ld_reduce.global.add.f32 [[V:%r[0-9]+]], [[[A:%rd[0-9]+]]];
// CHECK: multimem.red.relaxed.sys.global.add.f32 [[[A]]], [[V]];
// CHECK: multimem.ld_reduce.acquire.gpu.global.add.f32 {{%r[0-9]+}}, [[[A]]];
// CHECK: multimem.st.release.cta.global.f32 [[[A]]], {{%r[0-9]+}};
// CHECK-LABEL: .entry int_ops(
// CHECK: multimem.ld_reduce.relaxed.gpu.global.max.u32
// CHECK: multimem.red.release.gpu.global.xor.b32
// CHECK: multimem.red.relaxed.sys.global.min.s64
// CHECK-LABEL: .entry pairs_f16(
// CHECK: multimem.ld_reduce.relaxed.sys.global.add.f16x2 [[P:%r[0-9]+]],
// CHECK: multimem.red.relaxed.sys.global.add.f16x2 [{{%rd[0-9]+}}], [[P]];
// BAD: multimem_bad.mlir:6:5: error: `multimem_load_reduce_view_tko` of i16 elements: the PTX multimem instructions have no i16 form (32- and 64-bit integers, f16, bf16, f32 and f64 only)
// BAD: multimem_bad.mlir:18:5: error: `multimem_load_reduce_view_tko` of f16 elements needs them in pairs (PTX multimem takes .f16x2)
