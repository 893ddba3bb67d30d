// Rounding modes map to the exact PTX instruction; a mode that has no exact instruction for the
// element type is rejected by name (never silently rounded differently).
// RUN: %tilec --emit=ptx %s -o %t.ptx
// RUN: %FileCheck %s < %t.ptx
// RUN: %ptxas -arch=sm_90a %t.ptx -o %t.cubin
// RUN: not %tilec --emit=ptx %S/Inputs/rounding_f16_zero.mlir -o /dev/null 2>&1 | %FileCheck %s --check-prefix=ERR
// CHECK: add.rz.f32
// CHECK: mul.rp.f32
// CHECK: div.approx.f32
// CHECK: ex2.approx
// CHECK: tanh.approx.f32
// ERR: rounding_f16_zero.mlir:4:{{[0-9]+}}: error: `addf` with rounding<zero> on f16 is not supported by code generation yet
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
