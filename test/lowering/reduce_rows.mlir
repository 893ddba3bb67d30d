// reduce along the last dim: in-thread combine, shfl.sync.bfly butterflies, then a cross-warp
// step through shared memory; the combiner region (maxf) is inlined per element.
// reshape + broadcast of the result back to the row tile is a register rename.
// RUN: %tilec --emit=ptx %s -o %t.ptx
// RUN: %FileCheck %s < %t.ptx
// RUN: %ptxas -arch=sm_90a %t.ptx -o %t.cubin
// RUN: %tilec --emit=ptx --gpu-name=sm_100a %s -o - | %ptxas -arch=sm_100a - -o %t.100.cubin
// CHECK: .entry rowmax(
// CHECK: .shared .align 16 .b8 __tilec_smem
// CHECK: shfl.sync.bfly.b32
// CHECK: max.f32
// CHECK: bar.sync 0
// CHECK: sub.rn.f32
cuda_tile.module @m {
  entry @rowmax(%x: tile<ptr<f32>>, %y: tile<ptr<f32>>) {
    %xt = make_tensor_view %x, shape = [64, 512], strides = [512, 1] : tensor_view<64x512xf32, strides=[512,1]>
    %yt = make_tensor_view %y, shape = [64, 512], strides = [512, 1] : tensor_view<64x512xf32, strides=[512,1]>
    %xp = make_partition_view %xt : partition_view<tile=(4x512), tensor_view<64x512xf32, strides=[512,1]>>
    %yp = make_partition_view %yt : partition_view<tile=(4x512), tensor_view<64x512xf32, strides=[512,1]>>
    %bx, %by, %bz = get_tile_block_id : tile<i32>
    %c0 = constant <i32: 0> : tile<i32>
    %v, %t0 = load_view_tko weak %xp[%bx, %c0] : partition_view<tile=(4x512), tensor_view<64x512xf32, strides=[512,1]>>, tile<i32> -> tile<4x512xf32>, token
    %m = reduce %v dim=1 identities=[0xFF800000 : f32] : tile<4x512xf32> -> tile<4xf32>
    (%a: tile<f32>, %b: tile<f32>) {
      %mx = maxf %a, %b : tile<f32>
      yield %mx : tile<f32>
    }
    %mc = reshape %m : tile<4xf32> -> tile<4x1xf32>
    %mb = broadcast %mc : tile<4x1xf32> -> tile<4x512xf32>
    %d = subf %v, %mb : tile<4x512xf32>
    %t1 = store_view_tko weak %d, %yp[%bx, %c0] : tile<4x512xf32>, partition_view<tile=(4x512), tensor_view<64x512xf32, strides=[512,1]>>, tile<i32> -> token
    return
  }
}
