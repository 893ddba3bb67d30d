// mmaf_scaled compiles on both targets through TileAA's rewrite (lib/tileaa/scaled_mma.c: bf16
// operands scaled in registers, an ordinary mmaf): the MXFP8 GEMM's mmaf takes wgmma on sm_90a and
// tcgen05.mma (kind::f16, bf16 operands staged into shared memory) on sm_100a, the loop-free batched
// one too (in the one-trip loop TileAA's mma_unit_loop.c gives it: a chain per batch, A in
// registers, B staged), and the f4E2M1FN (NVFP4 / MXFP4) GEMMs like the MXFP8 one; ptxas accepts both with
// 0 spills. The numerics are test/interp/scaled_mma.test's.
// RUN: %tilec -O3 --gpu-name=sm_90a --remarks %S/../interp/Inputs/scaled_mma.mlir -o %t.90.ptx 2> %t.90.remarks
// RUN: %FileCheck %s --check-prefix=H < %t.90.ptx
// RUN: %FileCheck %s --check-prefix=HR < %t.90.remarks
// RUN: %check-ptx sm_90a %t.90.ptx
// RUN: %tilec -O3 --gpu-name=sm_100a --remarks %S/../interp/Inputs/scaled_mma.mlir -o %t.100.ptx 2> %t.100.remarks
// RUN: %FileCheck %s --check-prefix=B < %t.100.ptx
// RUN: %FileCheck %s --check-prefix=BR < %t.100.remarks
// RUN: %check-ptx sm_100a %t.100.ptx
// H-LABEL: .entry gemm_mx_e4m3(
// H: cvt.rn.f16x2.e4m3x2
// H: wgmma.mma_async.sync.aligned.m64n128k16.f32.bf16.bf16
// H-LABEL: .entry batched_mx(
// H-NOT: mma.sync
// H-COUNT-8: wgmma.mma_async.sync.aligned.m64n64k16.f32.bf16.bf16
// The f4E2M1FN GEMMs (NVFP4, MXFP4): packed f4 bytes from global memory, widened in registers
// (sm_90a has no e2m1 cvt: from the code's fields), the same wgmma:
// H-LABEL: .entry gemm_nvfp4(
// H-NOT: cvt.rn.f16x2.e2m1x2
// H: wgmma.mma_async.sync.aligned.m64n128k16.f32.bf16.bf16
// H-NOT: cvt.rn.f16x2.e2m1x2
// H: ld.global.v2.b8
// H-LABEL: .entry gemm_mxfp4(
// H: wgmma.mma_async.sync.aligned.m64n128k16.f32.bf16.bf16
// HR: scaled_mma.mlir:{{[0-9]+}}:7: remark: wgmma path: m64n128k16 x 2 warpgroups
// B-LABEL: .entry gemm_mx_e4m3(
// B: tcgen05.mma.cta_group::1.kind::f16
// B-LABEL: .entry batched_mx(
// B-NOT: mma.sync
// B: tcgen05.mma.cta_group::1.kind::f16
// B-LABEL: .entry gemm_nvfp4(
// B: cvt.rn.f16x2.e2m1x2
// B: tcgen05.mma.cta_group::1.kind::f16
// B-LABEL: .entry gemm_mxfp4(
// B: tcgen05.mma.cta_group::1.kind::f16
// BR: scaled_mma.mlir:{{[0-9]+}}:7: remark: tcgen05 path: m128n128k16 kind::f16
