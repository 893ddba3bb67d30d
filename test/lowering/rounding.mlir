// Rounding modes map to the exact PTX instruction (never silently rounded differently). f16 and
// bf16 have no directed-rounding arithmetic: the op runs in f32 with the same mode and the result
// is converted with it (cvt.rz/rm/rp), which is exact because directed roundings compose.
// RUN: %tilec --emit=ptx %s -o %t.ptx
// RUN: %FileCheck %s < %t.ptx
// RUN: %ptxas -arch=sm_90a %t.ptx -o %t.cubin
// RUN: %tilec --emit=ptx %S/Inputs/rounding_f16_zero.mlir -o %t.h.ptx
// RUN: %FileCheck %s --check-prefix=HALF < %t.h.ptx
// RUN: %check-ptx sm_90a %t.h.ptx
// RUN: %tilec --gpu-name=sm_100a --emit=ptx %S/Inputs/rounding_f16_zero.mlir -o %t.h100.ptx
// RUN: %check-ptx sm_100a %t.h100.ptx
// The interpreter's rounding kernel (f32 and f16 in all four modes) compiles too.
// RUN: %tilec -O3 %S/../interp/Inputs/rounding.mlir -o %t.interp.ptx
// RUN: %check-ptx sm_90a %t.interp.ptx
// CHECK: add.rz.f32
// CHECK: mul.rp.f32
// CHECK: div.approx.f32
// CHECK: ex2.approx
// CHECK: tanh.approx.f32
// HALF: add.rz.f32 [[A:%r[0-9]+]],
// HALF: cvt.rz.f16.f32 {{%rs[0-9]+}}, [[A]];
// HALF: sub.rm.f32 [[B:%r[0-9]+]],
// HALF: cvt.rm.f16.f32 {{%rs[0-9]+}}, [[B]];
// HALF: mul.rp.f32 [[C:%r[0-9]+]],
// HALF: cvt.rp.f16.f32 {{%rs[0-9]+}}, [[C]];
// HALF: div.rz.f32 [[D:%r[0-9]+]],
// HALF: cvt.rz.f16.f32 {{%rs[0-9]+}}, [[D]];
// HALF: fma.rm.f32 [[E:%r[0-9]+]],
// HALF: cvt.rm.f16.f32 {{%rs[0-9]+}}, [[E]];
// HALF: add.rp.f32 [[F:%r[0-9]+]],
// HALF: cvt.rp.bf16.f32 {{%rs[0-9]+}}, [[F]];
// HALF: mul.rz.f32 [[G:%r[0-9]+]],
// HALF: cvt.rz.bf16.f32 {{%rs[0-9]+}}, [[G]];
cuda_tile.module @m {
  entry @r(%x: tile<ptr<f32>>, %s: tile<f32>) {
    %a = addf %s, %s rounding<zero> : tile<f32>
    %b = mulf %a, %s rounding<positive_inf> : tile<f32>
    %c = divf %b, %s rounding<approx> : tile<f32>
    %d = exp %c rounding<approx> : tile<f32>
    %e = tanh %d rounding<approx> : tile<f32>
    %t = store_ptr_tko weak %x, %e : tile<ptr<f32>>, tile<f32> -> token
    return
  }
}
