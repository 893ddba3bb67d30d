// Scans for test/lowering/scan.mlir: an inclusive prefix sum of 1024 f32 (out0), the reverse prefix
// product of the same (out1, a non-commutative-safe order check), and a running max of i32 along
// dim 1 of a 4x64 tile (out2), all through views.
cuda_tile.module @scans {
  entry @scans(%x: tile<ptr<f32>>, %o0: tile<ptr<f32>>, %o1: tile<ptr<f32>>, %m: tile<ptr<i32>>, %o2: tile<ptr<i32>>) {
    %xv = make_tensor_view %x, shape = [1024], strides = [1] : tensor_view<1024xf32, strides=[1]>
    %xp = make_partition_view %xv : partition_view<tile=(1024), tensor_view<1024xf32, strides=[1]>>
    %o0v = make_tensor_view %o0, shape = [1024], strides = [1] : tensor_view<1024xf32, strides=[1]>
    %o0p = make_partition_view %o0v : partition_view<tile=(1024), tensor_view<1024xf32, strides=[1]>>
    %o1v = make_tensor_view %o1, shape = [1024], strides = [1] : tensor_view<1024xf32, strides=[1]>
    %o1p = make_partition_view %o1v : partition_view<tile=(1024), tensor_view<1024xf32, strides=[1]>>
    %mv = make_tensor_view %m, shape = [4, 64], strides = [64, 1] : tensor_view<4x64xi32, strides=[64,1]>
    %mp = make_partition_view %mv : partition_view<tile=(4x64), tensor_view<4x64xi32, strides=[64,1]>>
    %o2v = make_tensor_view %o2, shape = [4, 64], strides = [64, 1] : tensor_view<4x64xi32, strides=[64,1]>
    %o2p = make_partition_view %o2v : partition_view<tile=(4x64), tensor_view<4x64xi32, strides=[64,1]>>
    %c0 = constant <i32: 0> : tile<i32>
    %a, %ta = load_view_tko weak %xp[%c0] : partition_view<tile=(1024), tensor_view<1024xf32, strides=[1]>>, tile<i32> -> tile<1024xf32>, token
    %pre = scan %a dim=0 reverse=false identities=[0.0 : f32] : tile<1024xf32> -> tile<1024xf32>
    (%e: tile<f32>, %acc: tile<f32>) {
      %s = addf %acc, %e : tile<f32>
      yield %s : tile<f32>
    }
    %suf = scan %a dim=0 reverse=true identities=[1.0 : f32] : tile<1024xf32> -> tile<1024xf32>
    (%e: tile<f32>, %acc: tile<f32>) {
      %s = mulf %e, %acc : tile<f32>
      yield %s : tile<f32>
    }
    %b, %tb = load_view_tko weak %mp[%c0, %c0] : partition_view<tile=(4x64), tensor_view<4x64xi32, strides=[64,1]>>, tile<i32> -> tile<4x64xi32>, token
    %run = scan %b dim=1 reverse=false identities=[-2147483648 : i32] : tile<4x64xi32> -> tile<4x64xi32>
    (%e: tile<i32>, %acc: tile<i32>) {
      %s = maxi %e, %acc signed : tile<i32>
      yield %s : tile<i32>
    }
    %t0 = store_view_tko weak %pre, %o0p[%c0] : tile<1024xf32>, partition_view<tile=(1024), tensor_view<1024xf32, strides=[1]>>, tile<i32> -> token
    %t1 = store_view_tko weak %suf, %o1p[%c0] : tile<1024xf32>, partition_view<tile=(1024), tensor_view<1024xf32, strides=[1]>>, tile<i32> -> token
    %t2 = store_view_tko weak %run, %o2p[%c0, %c0] : tile<4x64xi32>, partition_view<tile=(4x64), tensor_view<4x64xi32, strides=[64,1]>>, tile<i32> -> token
    return
  }
}
