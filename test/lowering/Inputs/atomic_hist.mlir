// A histogram: 128 lanes add 1 to bins[lane % 8] where lane < n (masked atomic add, result unused),
// and every lane adds 0.5 to one float (a broadcast pointer: every thread owns its element).
cuda_tile.module @atomics {
  entry @hist(%bins: tile<ptr<i32>>, %fsum: tile<ptr<f32>>, %n: tile<i32>) {
    %lane = iota : tile<128xi32>
    %c7 = constant <i32: 7> : tile<128xi32>
    %idx = andi %lane, %c7 : tile<128xi32>
    %b1 = reshape %bins : tile<ptr<i32>> -> tile<1xptr<i32>>
    %bb = broadcast %b1 : tile<1xptr<i32>> -> tile<128xptr<i32>>
    %p = offset %bb, %idx : tile<128xptr<i32>>, tile<128xi32> -> tile<128xptr<i32>>
    %one = constant <i32: 1> : tile<128xi32>
    %n1 = reshape %n : tile<i32> -> tile<1xi32>
    %nb = broadcast %n1 : tile<1xi32> -> tile<128xi32>
    %m = cmpi less_than %lane, %nb, signed : tile<128xi32> -> tile<128xi1>
    %old, %t = atomic_rmw_tko relaxed device %p, add, %one, %m : tile<128xptr<i32>>, tile<128xi32>, tile<128xi1> -> tile<128xi32>, token
    %f1 = reshape %fsum : tile<ptr<f32>> -> tile<1xptr<f32>>
    %fb = broadcast %f1 : tile<1xptr<f32>> -> tile<128xptr<f32>>
    %fv = constant <f32: 0.5> : tile<128xf32>
    %o2, %t2 = atomic_rmw_tko acq_rel sys %fb, addf, %fv : tile<128xptr<f32>>, tile<128xf32> -> tile<128xf32>, token
    return
  }
}
