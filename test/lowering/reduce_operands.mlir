// A reduce of ten operands (the code generator's cap is 64; it was 8, below what the verifier takes):
// each operand folds in its own accumulator, the results are used. Sum of 0..63 twice = 4032.
// RUN: %tilec -O3 --gpu-name=sm_90a %s -o %t.ptx
// RUN: %check-ptx sm_90a %t.ptx
// RUN: %tilec -O3 --gpu-name=sm_100a %s -o %t.100.ptx
// RUN: %check-ptx sm_100a %t.100.ptx
// RUN: %tilec-run --interpret %s --grid 1 --arg ptr:f32:64:iota --arg ptr:f32:1:out --print-outputs=1 | %FileCheck %s
// CHECK: output 1: 4032
cuda_tile.module @m {
  entry @k(%x: tile<ptr<f32>>, %y: tile<ptr<f32>>) {
    %v = make_tensor_view %x, shape = [64], strides = [1] : tensor_view<64xf32, strides=[1]>
    %p = make_partition_view %v : partition_view<tile=(64), tensor_view<64xf32, strides=[1]>>
    %w = make_tensor_view %y, shape = [1], strides = [1] : tensor_view<1xf32, strides=[1]>
    %q = make_partition_view %w : partition_view<tile=(1), tensor_view<1xf32, strides=[1]>>
    %c0 = constant <i32: 0> : tile<i32>
    %t, %k = load_view_tko weak %p[%c0] : partition_view<tile=(64), tensor_view<64xf32, strides=[1]>>, tile<i32> -> tile<64xf32>, token
    %r0, %r1, %r2, %r3, %r4, %r5, %r6, %r7, %r8, %r9 = reduce %t, %t, %t, %t, %t, %t, %t, %t, %t, %t dim=0 identities=[0.0 : f32, 0.0 : f32, 0.0 : f32, 0.0 : f32, 0.0 : f32, 0.0 : f32, 0.0 : f32, 0.0 : f32, 0.0 : f32, 0.0 : f32] : tile<64xf32>, tile<64xf32>, tile<64xf32>, tile<64xf32>, tile<64xf32>, tile<64xf32>, tile<64xf32>, tile<64xf32>, tile<64xf32>, tile<64xf32> -> tile<f32>, tile<f32>, tile<f32>, tile<f32>, tile<f32>, tile<f32>, tile<f32>, tile<f32>, tile<f32>, tile<f32>
    (%x0: tile<f32>, %a0: tile<f32>, %x1: tile<f32>, %a1: tile<f32>, %x2: tile<f32>, %a2: tile<f32>, %x3: tile<f32>, %a3: tile<f32>, %x4: tile<f32>, %a4: tile<f32>, %x5: tile<f32>, %a5: tile<f32>, %x6: tile<f32>, %a6: tile<f32>, %x7: tile<f32>, %a7: tile<f32>, %x8: tile<f32>, %a8: tile<f32>, %x9: tile<f32>, %a9: tile<f32>) {
      %s0 = addf %a0, %x0 : tile<f32>
      %s1 = addf %a1, %x1 : tile<f32>
      %s2 = addf %a2, %x2 : tile<f32>
      %s3 = addf %a3, %x3 : tile<f32>
      %s4 = addf %a4, %x4 : tile<f32>
      %s5 = addf %a5, %x5 : tile<f32>
      %s6 = addf %a6, %x6 : tile<f32>
      %s7 = addf %a7, %x7 : tile<f32>
      %s8 = addf %a8, %x8 : tile<f32>
      %s9 = addf %a9, %x9 : tile<f32>
      yield %s0, %s1, %s2, %s3, %s4, %s5, %s6, %s7, %s8, %s9 : tile<f32>, tile<f32>, tile<f32>, tile<f32>, tile<f32>, tile<f32>, tile<f32>, tile<f32>, tile<f32>, tile<f32>
    }
    %z = addf %r0, %r9 : tile<f32>
    %zz = reshape %z : tile<f32> -> tile<1xf32>
    %s = store_view_tko weak %zz, %q[%c0] : tile<1xf32>, partition_view<tile=(1), tensor_view<1xf32, strides=[1]>>, tile<i32> -> token
    return
  }
}
