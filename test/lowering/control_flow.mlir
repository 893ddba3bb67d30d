// for / if with loop-carried tiles lower to branches whose block arguments carry every register;
// optimization_hints num_worker_warps_per_cta sets the CTA size.
// RUN: %tilec --emit=llvm %s -o - | %FileCheck %s --check-prefix=LL
// RUN: %tilec --emit=ptx %s -o %t.ptx
// RUN: %FileCheck %s < %t.ptx
// RUN: %ptxas -arch=sm_90a %t.ptx -o %t.cubin
// CHECK: .reqntid 256, 1, 1
// CHECK: shfl.sync.bfly
// LL: phi float
// LL: br i1
cuda_tile.module @m {
  entry @loop(%x: tile<ptr<f32>>, %n: tile<i32>, %flag: tile<i1>) optimization_hints=<sm_90 = {num_worker_warps_per_cta = 8}> {
    %c0 = constant <i32: 0> : tile<i32>
    %c1 = constant <i32: 1> : tile<i32>
    %one = constant <f32: 1.0> : tile<256xf32>
    %init = constant <f32: 0.0> : tile<256xf32>
    %acc = for %i in (%c0 to %n, step %c1) : tile<i32> iter_values(%a = %init) -> (tile<256xf32>) {
      %r = if %flag -> (tile<256xf32>) {
        %s = addf %a, %one : tile<256xf32>
        yield %s : tile<256xf32>
      } else {
        %s = subf %a, %one : tile<256xf32>
        yield %s : tile<256xf32>
      }
      continue %r : tile<256xf32>
    }
    %sum = reduce %acc dim=0 identities=[0.000000e+0 : f32] : tile<256xf32> -> tile<f32>
    (%p: tile<f32>, %q: tile<f32>) {
      %c = addf %p, %q : tile<f32>
      yield %c : tile<f32>
    }
    %t = store_ptr_tko weak %x, %sum : tile<ptr<f32>>, tile<f32> -> token
    return
  }
}
