// Big element-wise tiles between view loads and view stores are done in register-sized pieces by a
// loop (lib/nvvm/strip_mine.c, docs/driver.md "Code generation limits") instead of being unrolled:
// the issue's 2048x2048 `addf` (32768 registers per thread per tile, unrolled) compiles in well
// under a second to a small loop that ptxas assembles without spills.
// RUN: %tilec --remarks --emit=ptx --gpu-name=sm_90a %s -o %t.90.ptx 2>&1 | %FileCheck %s --check-prefix=REMARK
// RUN: %FileCheck %s --check-prefix=PTX < %t.90.ptx
// RUN: %check-ptx sm_90a %t.90.ptx
// RUN: %tilec --emit=ptx --gpu-name=sm_100a %s -o %t.100.ptx
// RUN: %check-ptx sm_100a %t.100.ptx
// With TMA stores preferred, TileAS sees a store's result-less tileaa.wait inside a loop (it used to
// crash reading that wait's result when costing the loop).
// RUN: env TILEIR_PREFER_TMA_FOR_LOAD_STORE=true %tilec --emit=ptx --gpu-name=sm_90a %s -o %t.tma.ptx
// RUN: %check-ptx sm_90a %t.tma.ptx
// The rewrite is deterministic.
// RUN: %tilec --emit=ptx --gpu-name=sm_90a %s -o %t.90b.ptx
// RUN: cmp %t.90.ptx %t.90b.ptx
// TileAS's layout selector costs only legal candidates, so these tiles (far over the shared-memory
// ceiling) do not run the bank model over every access (30 s for the 2048x2048 tile before).
// RUN: timeout 60 %tilec --emit=tileas %s -o /dev/null

// REMARK: strip_mine.mlir:[[@LINE+16]]:5: remark: register budget: 4 ops on this tile are done in pieces of tile<2x2048xf32> by a loop of 1024 iterations
// PTX-LABEL: .entry add2d(
// PTX-NOT: .local
// PTX: ld.global.v4.b32
cuda_tile.module @big {
  entry @add2d(%x_ptr: tile<ptr<f32>>, %y_ptr: tile<ptr<f32>>, %z_ptr: tile<ptr<f32>>, %m: tile<i64>) {
    %xa = assume div_by<16>, %x_ptr : tile<ptr<f32>>
    %ya = assume div_by<16>, %y_ptr : tile<ptr<f32>>
    %za = assume div_by<16>, %z_ptr : tile<ptr<f32>>
    %x_tv = make_tensor_view %xa, shape = [%m, 8192], strides = [8192, 1] : tile<i64> -> tensor_view<?x8192xf32, strides=[8192,1]>
    %y_tv = make_tensor_view %ya, shape = [%m, 8192], strides = [8192, 1] : tile<i64> -> tensor_view<?x8192xf32, strides=[8192,1]>
    %z_tv = make_tensor_view %za, shape = [%m, 8192], strides = [8192, 1] : tile<i64> -> tensor_view<?x8192xf32, strides=[8192,1]>
    %x_pv = make_partition_view %x_tv : partition_view<tile=(2048x2048), tensor_view<?x8192xf32, strides=[8192,1]>>
    %y_pv = make_partition_view %y_tv : partition_view<tile=(2048x2048), tensor_view<?x8192xf32, strides=[8192,1]>>
    %z_pv = make_partition_view %z_tv : partition_view<tile=(2048x2048), tensor_view<?x8192xf32, strides=[8192,1]>>
    %bx, %by, %bz = get_tile_block_id : tile<i32>
    %x, %tx = load_view_tko weak %x_pv[%bx, %by] : partition_view<tile=(2048x2048), tensor_view<?x8192xf32, strides=[8192,1]>>, tile<i32> -> tile<2048x2048xf32>, token
    %y, %ty = load_view_tko weak %y_pv[%bx, %by] : partition_view<tile=(2048x2048), tensor_view<?x8192xf32, strides=[8192,1]>>, tile<i32> -> tile<2048x2048xf32>, token
    %z = addf %x, %y : tile<2048x2048xf32>
    %tz = store_view_tko weak %z, %z_pv[%bx, %by] : tile<2048x2048xf32>, partition_view<tile=(2048x2048), tensor_view<?x8192xf32, strides=[8192,1]>>, tile<i32> -> token
    return
  }

  // 1-D, a splat constant operand: z = 2 * x + y over 262144 elements.
  // REMARK: strip_mine.mlir:[[@LINE+7]]:5: remark: register budget: 5 ops on this tile are done in pieces of tile<4096xf32> by a loop of 64 iterations
  entry @axpy(%x_ptr: tile<ptr<f32>>, %y_ptr: tile<ptr<f32>>, %n: tile<i64>) {
    %x_tv = make_tensor_view %x_ptr, shape = [%n], strides = [1] : tile<i64> -> tensor_view<?xf32, strides=[1]>
    %y_tv = make_tensor_view %y_ptr, shape = [%n], strides = [1] : tile<i64> -> tensor_view<?xf32, strides=[1]>
    %x_pv = make_partition_view %x_tv : partition_view<tile=(262144), tensor_view<?xf32, strides=[1]>>
    %y_pv = make_partition_view %y_tv : partition_view<tile=(262144), tensor_view<?xf32, strides=[1]>>
    %bx, %by, %bz = get_tile_block_id : tile<i32>
    %x, %tx = load_view_tko weak %x_pv[%bx] : partition_view<tile=(262144), tensor_view<?xf32, strides=[1]>>, tile<i32> -> tile<262144xf32>, token
    %two = constant <f32: 2.0> : tile<262144xf32>
    %ax = mulf %x, %two : tile<262144xf32>
    %y, %ty = load_view_tko weak %y_pv[%bx] : partition_view<tile=(262144), tensor_view<?xf32, strides=[1]>>, tile<i32> -> tile<262144xf32>, token
    %s = addf %ax, %y : tile<262144xf32>
    %ts = store_view_tko weak %s, %y_pv[%bx] : tile<262144xf32>, partition_view<tile=(262144), tensor_view<?xf32, strides=[1]>>, tile<i32> -> token
    return
  }

  // f16 in and out, f32 arithmetic, a compare and a select (pieces sized by the widest element).
  // REMARK: strip_mine.mlir:[[@LINE+8]]:5: remark: register budget: 7 ops on this tile are done in pieces of tile<4x1024xf16> by a loop of 128 iterations
  entry @leaky_relu(%x_ptr: tile<ptr<f16>>, %y_ptr: tile<ptr<f16>>) {
    %x_tv = make_tensor_view %x_ptr, shape = [4096, 1024], strides = [1024, 1] : tile<i64> -> tensor_view<4096x1024xf16, strides=[1024,1]>
    %y_tv = make_tensor_view %y_ptr, shape = [4096, 1024], strides = [1024, 1] : tile<i64> -> tensor_view<4096x1024xf16, strides=[1024,1]>
    %x_pv = make_partition_view %x_tv : partition_view<tile=(512x1024), tensor_view<4096x1024xf16, strides=[1024,1]>>
    %y_pv = make_partition_view %y_tv : partition_view<tile=(512x1024), tensor_view<4096x1024xf16, strides=[1024,1]>>
    %c0 = constant <i32: 0> : tile<i32>
    %bx, %by, %bz = get_tile_block_id : tile<i32>
    %x, %tx = load_view_tko weak %x_pv[%bx, %c0] : partition_view<tile=(512x1024), tensor_view<4096x1024xf16, strides=[1024,1]>>, tile<i32> -> tile<512x1024xf16>, token
    %xf = ftof %x : tile<512x1024xf16> -> tile<512x1024xf32>
    %zero = constant <f32: 0.0> : tile<512x1024xf32>
    %slope = constant <f32: 0.125> : tile<512x1024xf32>
    %pos = cmpf greater_than ordered %xf, %zero : tile<512x1024xf32> -> tile<512x1024xi1>
    %neg = mulf %xf, %slope : tile<512x1024xf32>
    %r = select %pos, %xf, %neg : tile<512x1024xi1>, tile<512x1024xf32>
    %rh = ftof %r : tile<512x1024xf32> -> tile<512x1024xf16>
    %ty = store_view_tko weak %rh, %y_pv[%bx, %c0] : tile<512x1024xf16>, partition_view<tile=(512x1024), tensor_view<4096x1024xf16, strides=[1024,1]>>, tile<i32> -> token
    return
  }

  // Rank 3: pieces split two dims (a nest of two loops).
  // REMARK: strip_mine.mlir:[[@LINE+8]]:5: remark: register budget: 3 ops on this tile are done in pieces of tile<1x4x1024xf32> by a loop of 64 iterations
  entry @neg3d(%x_ptr: tile<ptr<f32>>, %y_ptr: tile<ptr<f32>>) {
    %x_tv = make_tensor_view %x_ptr, shape = [8, 64, 1024], strides = [65536, 1024, 1] : tile<i64> -> tensor_view<8x64x1024xf32, strides=[65536,1024,1]>
    %y_tv = make_tensor_view %y_ptr, shape = [8, 64, 1024], strides = [65536, 1024, 1] : tile<i64> -> tensor_view<8x64x1024xf32, strides=[65536,1024,1]>
    %x_pv = make_partition_view %x_tv : partition_view<tile=(4x64x1024), tensor_view<8x64x1024xf32, strides=[65536,1024,1]>>
    %y_pv = make_partition_view %y_tv : partition_view<tile=(4x64x1024), tensor_view<8x64x1024xf32, strides=[65536,1024,1]>>
    %c0 = constant <i32: 0> : tile<i32>
    %bx, %by, %bz = get_tile_block_id : tile<i32>
    %x, %tx = load_view_tko weak %x_pv[%bx, %c0, %c0] : partition_view<tile=(4x64x1024), tensor_view<8x64x1024xf32, strides=[65536,1024,1]>>, tile<i32> -> tile<4x64x1024xf32>, token
    %y = negf %x : tile<4x64x1024xf32>
    %ty = store_view_tko weak %y, %y_pv[%bx, %c0, %c0] : tile<4x64x1024xf32>, partition_view<tile=(4x64x1024), tensor_view<8x64x1024xf32, strides=[65536,1024,1]>>, tile<i32> -> token
    return
  }

  // Inside a loop body: the group is strip-mined there (an inner loop per iteration).
  // REMARK: strip_mine.mlir:[[@LINE+10]]:7: remark: register budget: 3 ops on this tile are done in pieces of tile<8x512xf32> by a loop of 64 iterations
  entry @in_loop(%x_ptr: tile<ptr<f32>>, %y_ptr: tile<ptr<f32>>) {
    %x_tv = make_tensor_view %x_ptr, shape = [4096, 512], strides = [512, 1] : tile<i64> -> tensor_view<4096x512xf32, strides=[512,1]>
    %y_tv = make_tensor_view %y_ptr, shape = [4096, 512], strides = [512, 1] : tile<i64> -> tensor_view<4096x512xf32, strides=[512,1]>
    %x_pv = make_partition_view %x_tv : partition_view<tile=(512x512), tensor_view<4096x512xf32, strides=[512,1]>>
    %y_pv = make_partition_view %y_tv : partition_view<tile=(512x512), tensor_view<4096x512xf32, strides=[512,1]>>
    %c0 = constant <i32: 0> : tile<i32>
    %c1 = constant <i32: 1> : tile<i32>
    %c8 = constant <i32: 8> : tile<i32>
    for %k in (%c0 to %c8, step %c1) : tile<i32> {
      %x, %tx = load_view_tko weak %x_pv[%k, %c0] : partition_view<tile=(512x512), tensor_view<4096x512xf32, strides=[512,1]>>, tile<i32> -> tile<512x512xf32>, token
      %y = absf %x : tile<512x512xf32>
      %ty = store_view_tko weak %y, %y_pv[%k, %c0] : tile<512x512xf32>, partition_view<tile=(512x512), tensor_view<4096x512xf32, strides=[512,1]>>, tile<i32> -> token
      continue
    }
    return
  }

  // Broadcasts into every piece: a run-time scalar (reshaped to 1x1) and a bias row.
  // REMARK: strip_mine.mlir:[[@LINE+16]]:5: remark: register budget: 6 ops on this tile are done in pieces of tile<4x1024xf32> by a loop of 64 iterations
  // PTX-LABEL: .entry scale_bias(
  // PTX-NOT: bar.sync
  // PTX: ret;
  entry @scale_bias(%x_ptr: tile<ptr<f32>>, %b_ptr: tile<ptr<f32>>, %y_ptr: tile<ptr<f32>>, %alpha: tile<f32>, %rows: tile<i64>) {
    %x_tv = make_tensor_view %x_ptr, shape = [%rows, 1024], strides = [1024, 1] : tile<i64> -> tensor_view<?x1024xf32, strides=[1024,1]>
    %y_tv = make_tensor_view %y_ptr, shape = [%rows, 1024], strides = [1024, 1] : tile<i64> -> tensor_view<?x1024xf32, strides=[1024,1]>
    %b_tv = make_tensor_view %b_ptr, shape = [1024], strides = [1] : tile<i64> -> tensor_view<1024xf32, strides=[1]>
    %x_pv = make_partition_view %x_tv : partition_view<tile=(256x1024), tensor_view<?x1024xf32, strides=[1024,1]>>
    %y_pv = make_partition_view %y_tv : partition_view<tile=(256x1024), tensor_view<?x1024xf32, strides=[1024,1]>>
    %b_pv = make_partition_view %b_tv : partition_view<tile=(1024), tensor_view<1024xf32, strides=[1]>>
    %c0 = constant <i32: 0> : tile<i32>
    %bx, %by, %bz = get_tile_block_id : tile<i32>
    %bias, %tb = load_view_tko weak %b_pv[%c0] : partition_view<tile=(1024), tensor_view<1024xf32, strides=[1]>>, tile<i32> -> tile<1024xf32>, token
    %bias_row = reshape %bias : tile<1024xf32> -> tile<1x1024xf32>
    %a11 = reshape %alpha : tile<f32> -> tile<1x1xf32>
    %x, %tx = load_view_tko weak %x_pv[%bx, %c0] : partition_view<tile=(256x1024), tensor_view<?x1024xf32, strides=[1024,1]>>, tile<i32> -> tile<256x1024xf32>, token
    %a = broadcast %a11 : tile<1x1xf32> -> tile<256x1024xf32>
    %b = broadcast %bias_row : tile<1x1024xf32> -> tile<256x1024xf32>
    %ax = mulf %x, %a : tile<256x1024xf32>
    %y = addf %ax, %b : tile<256x1024xf32>
    %ty = store_view_tko weak %y, %y_pv[%bx, %c0] : tile<256x1024xf32>, partition_view<tile=(256x1024), tensor_view<?x1024xf32, strides=[1024,1]>>, tile<i32> -> token
    return
  }

  // Row-wise: the issue's 512x1024 softmax (13.5 s unrolled) runs over pieces of whole rows; the
  // row reductions, their reshapes and broadcasts back stay inside each piece.
  // REMARK: strip_mine.mlir:[[@LINE+14]]:5: remark: register budget: 11 ops on this tile are done in pieces of tile<4x1024xf32> by a loop of 128 iterations
  // PTX-LABEL: .entry softmax_rows(
  // PTX: ex2.approx
  // PTX: ret;
  entry @softmax_rows(%x_ptr: tile<ptr<f32>>, %y_ptr: tile<ptr<f32>>, %rows: tile<i64>) {
    // Base pointers are 16-byte aligned (as cudaMalloc returns); the hint enables vector accesses.
    %x_ptr_a16 = assume div_by<16>, %x_ptr : tile<ptr<f32>>
    %y_ptr_a16 = assume div_by<16>, %y_ptr : tile<ptr<f32>>
    %x_tv = make_tensor_view %x_ptr_a16, shape = [%rows, 1024], strides = [1024, 1] : tile<i64> -> tensor_view<?x1024xf32, strides=[1024,1]>
    %y_tv = make_tensor_view %y_ptr_a16, shape = [%rows, 1024], strides = [1024, 1] : tile<i64> -> tensor_view<?x1024xf32, strides=[1024,1]>
    %x_pv = make_partition_view %x_tv : partition_view<tile=(512x1024), tensor_view<?x1024xf32, strides=[1024,1]>>
    %y_pv = make_partition_view %y_tv : partition_view<tile=(512x1024), tensor_view<?x1024xf32, strides=[1024,1]>>
    %bx, %by, %bz = get_tile_block_id : tile<i32>
    %c0 = constant <i32: 0> : tile<i32>
    %x, %tx = load_view_tko weak %x_pv[%bx, %c0] : partition_view<tile=(512x1024), tensor_view<?x1024xf32, strides=[1024,1]>>, tile<i32> -> tile<512x1024xf32>, token
    %max = reduce %x dim=1 identities=[0xFF800000 : f32] : tile<512x1024xf32> -> tile<512xf32>
    (%v: tile<f32>, %m: tile<f32>) {
      %mx = maxf %v, %m : tile<f32>
      yield %mx : tile<f32>
    }
    %max_col = reshape %max : tile<512xf32> -> tile<512x1xf32>
    %max_b = broadcast %max_col : tile<512x1xf32> -> tile<512x1024xf32>
    %shifted = subf %x, %max_b : tile<512x1024xf32>
    %e = exp %shifted : tile<512x1024xf32>
    %sum = reduce %e dim=1 identities=[0.000000e+00 : f32] : tile<512x1024xf32> -> tile<512xf32>
    (%v: tile<f32>, %s: tile<f32>) {
      %add = addf %v, %s : tile<f32>
      yield %add : tile<f32>
    }
    %sum_col = reshape %sum : tile<512xf32> -> tile<512x1xf32>
    %sum_b = broadcast %sum_col : tile<512x1xf32> -> tile<512x1024xf32>
    %y = divf %e, %sum_b : tile<512x1024xf32>
    %ty = store_view_tko weak %y, %y_pv[%bx, %c0] : tile<512x1024xf32>, partition_view<tile=(512x1024), tensor_view<?x1024xf32, strides=[1024,1]>>, tile<i32> -> token
    return
  }
}
