// The register budget (docs/driver.md, "Code generation limits"): a kernel whose live tiles need
// more 32-bit registers per thread than 7/8 of what a thread can get (223 at 128 threads) is
// refused before anything is unrolled, on the op that pushes it over, with the tile type, the
// registers it needs and the budget. The budget follows the thread count of the CTA.
// RUN: %tilec --emit=ptx --split-input-file --verify-diagnostics %s -o /dev/null
// RUN: not %tilec --emit=ptx --split-input-file %s -o /dev/null 2>&1 | %FileCheck %s
// (Big element-wise groups and row-wise ones, e.g. softmax rows, are done in pieces instead:
// strip_mine.mlir.)

// A column reduction over a 512x1024 f32 block: 4096 registers per thread for the loaded tile
// alone, and pieces of rows (strip_mine.c) cannot compute a reduction along the rows.
// CHECK: register_budget.mlir:[[@LINE+10]]:5: error: `load_view_tko` on tile<512x1024xf32> (4096 registers per thread): the tiles live here need 4098 32-bit registers per thread at 128 threads per CTA, over the code generator's budget of 223 (docs/driver.md, "Code generation limits"); use smaller tiles or more warps (num_worker_warps_per_cta), or process the data in pieces in a `for` loop
cuda_tile.module @softmax_big {
  entry @k(%x_ptr: tile<ptr<f32>>, %y_ptr: tile<ptr<f32>>, %rows: tile<i64>) {
    %x_tv = make_tensor_view %x_ptr, shape = [%rows, 1024], strides = [1024, 1] : tile<i64> -> tensor_view<?x1024xf32, strides=[1024,1]>
    %y_tv = make_tensor_view %y_ptr, shape = [%rows, 1024], strides = [1024, 1] : tile<i64> -> tensor_view<?x1024xf32, strides=[1024,1]>
    %x_pv = make_partition_view %x_tv : partition_view<tile=(512x1024), tensor_view<?x1024xf32, strides=[1024,1]>>
    %y_pv = make_partition_view %y_tv : partition_view<tile=(512x1024), tensor_view<?x1024xf32, strides=[1024,1]>>
    %bx, %by, %bz = get_tile_block_id : tile<i32>
    %c0 = constant <i32: 0> : tile<i32>
    // expected-error@+1 {{tile<512x1024xf32> (4096 registers per thread): the tiles live here need 4098 32-bit registers per thread at 128 threads per CTA, over the code generator's budget of 223}}
    %x, %tx = load_view_tko weak %x_pv[%bx, %c0] : partition_view<tile=(512x1024), tensor_view<?x1024xf32, strides=[1024,1]>>, tile<i32> -> tile<512x1024xf32>, token
    %max = reduce %x dim=0 identities=[0xFF800000 : f32] : tile<512x1024xf32> -> tile<1024xf32>
    (%v: tile<f32>, %m: tile<f32>) {
      %mx = maxf %v, %m : tile<f32>
      yield %mx : tile<f32>
    }
    %max_row = reshape %max : tile<1024xf32> -> tile<1x1024xf32>
    %max_b = broadcast %max_row : tile<1x1024xf32> -> tile<512x1024xf32>
    %y = subf %x, %max_b : tile<512x1024xf32>
    %ty = store_view_tko weak %y, %y_pv[%bx, %c0] : tile<512x1024xf32>, partition_view<tile=(512x1024), tensor_view<?x1024xf32, strides=[1024,1]>>, tile<i32> -> token
    return
  }
}

// -----

// Inside a loop: the carried 128x128 f32 accumulator (128 registers per thread) is live while the
// body loads two 128x64 f32 tiles (64 each); the second load pushes it over, at the 4 warps the
// kernel asks for.
cuda_tile.module @loop_big {
  entry @k(%a_ptr: tile<ptr<f32>>, %o_ptr: tile<ptr<f32>>) optimization_hints = <sm_90 = {num_worker_warps_per_cta = 4}> {
    %a_tv = make_tensor_view %a_ptr, shape = [128, 4096], strides = [4096, 1] : tile<i64> -> tensor_view<128x4096xf32, strides=[4096,1]>
    %o_tv = make_tensor_view %o_ptr, shape = [128, 128], strides = [128, 1] : tile<i64> -> tensor_view<128x128xf32, strides=[128,1]>
    %a_pv = make_partition_view %a_tv : partition_view<tile=(128x64), tensor_view<128x4096xf32, strides=[4096,1]>>
    %o_pv = make_partition_view %o_tv : partition_view<tile=(128x128), tensor_view<128x128xf32, strides=[128,1]>>
    %c0 = constant <i32: 0> : tile<i32>
    %c1 = constant <i32: 1> : tile<i32>
    %c2 = constant <i32: 2> : tile<i32>
    %n = constant <i32: 32> : tile<i32>
    %zero = constant <f32: 0.0> : tile<128x128xf32>
    %acc = for %k in (%c0 to %n, step %c2) : tile<i32> iter_values(%acc_it = %zero) -> (tile<128x128xf32>) {
      %k1 = addi %k, %c1 : tile<i32>
      %lo, %t0 = load_view_tko weak %a_pv[%c0, %k] : partition_view<tile=(128x64), tensor_view<128x4096xf32, strides=[4096,1]>>, tile<i32> -> tile<128x64xf32>, token
      // expected-error@+1 {{`load_view_tko` on tile<128x64xf32> (64 registers per thread): the tiles live here need 259 32-bit registers per thread at 128 threads per CTA, over the code generator's budget of 223}}
      %hi, %t1 = load_view_tko weak %a_pv[%c0, %k1] : partition_view<tile=(128x64), tensor_view<128x4096xf32, strides=[4096,1]>>, tile<i32> -> tile<128x64xf32>, token
      %both = cat %lo, %hi dim = 1 : tile<128x64xf32>, tile<128x64xf32> -> tile<128x128xf32>
      %s = addf %acc_it, %both : tile<128x128xf32>
      continue %s : tile<128x128xf32>
    }
    %t = store_view_tko weak %acc, %o_pv[%c0, %c0] : tile<128x128xf32>, partition_view<tile=(128x128), tensor_view<128x128xf32, strides=[128,1]>>, tile<i32> -> token
    return
  }
}

// -----

// The same kernel without a warps hint: TileAS gives it the fewest warps at which the estimate fits
// (path_select.c fitting_warps: 8, 131 of 223 registers per thread at 256 threads), and it compiles.
cuda_tile.module @loop_big_auto {
  // expected-remark@+2 {{8 warps per CTA (no num_worker_warps_per_cta hint): at 4 the live tiles would need more than the register budget; at 8 they need 131 of 223 registers per thread}}
  // expected-remark@+1 {{shared memory: 65536 bytes, dynamic}}
  entry @k(%a_ptr: tile<ptr<f32>>, %o_ptr: tile<ptr<f32>>) {
    %a_tv = make_tensor_view %a_ptr, shape = [128, 4096], strides = [4096, 1] : tile<i64> -> tensor_view<128x4096xf32, strides=[4096,1]>
    %o_tv = make_tensor_view %o_ptr, shape = [128, 128], strides = [128, 1] : tile<i64> -> tensor_view<128x128xf32, strides=[128,1]>
    %a_pv = make_partition_view %a_tv : partition_view<tile=(128x64), tensor_view<128x4096xf32, strides=[4096,1]>>
    %o_pv = make_partition_view %o_tv : partition_view<tile=(128x128), tensor_view<128x128xf32, strides=[128,1]>>
    %c0 = constant <i32: 0> : tile<i32>
    %c1 = constant <i32: 1> : tile<i32>
    %c2 = constant <i32: 2> : tile<i32>
    %n = constant <i32: 32> : tile<i32>
    %zero = constant <f32: 0.0> : tile<128x128xf32>
    %acc = for %k in (%c0 to %n, step %c2) : tile<i32> iter_values(%acc_it = %zero) -> (tile<128x128xf32>) {
      %k1 = addi %k, %c1 : tile<i32>
      %lo, %t0 = load_view_tko weak %a_pv[%c0, %k] : partition_view<tile=(128x64), tensor_view<128x4096xf32, strides=[4096,1]>>, tile<i32> -> tile<128x64xf32>, token
      %hi, %t1 = load_view_tko weak %a_pv[%c0, %k1] : partition_view<tile=(128x64), tensor_view<128x4096xf32, strides=[4096,1]>>, tile<i32> -> tile<128x64xf32>, token
      %both = cat %lo, %hi dim = 1 : tile<128x64xf32>, tile<128x64xf32> -> tile<128x128xf32>
      %s = addf %acc_it, %both : tile<128x128xf32>
      continue %s : tile<128x128xf32>
    }
    %t = store_view_tko weak %acc, %o_pv[%c0, %c0] : tile<128x128xf32>, partition_view<tile=(128x128), tensor_view<128x128xf32, strides=[128,1]>>, tile<i32> -> token
    return
  }
}

// -----

// The budget follows the thread count: 1024 threads (32 warps) leave 64 registers per thread
// (65536 per CTA), so the budget is 56 and a 256x256 f32 tile (64 per thread) is refused.
cuda_tile.module @threads {
  entry @wide(%x_ptr: tile<ptr<f32>>, %y_ptr: tile<ptr<f32>>) optimization_hints = <sm_90 = {num_worker_warps_per_cta = 32}> {
    %x_tv = make_tensor_view %x_ptr, shape = [256, 256], strides = [256, 1] : tile<i64> -> tensor_view<256x256xf32, strides=[256,1]>
    %y_tv = make_tensor_view %y_ptr, shape = [256], strides = [1] : tile<i64> -> tensor_view<256xf32, strides=[1]>
    %x_pv = make_partition_view %x_tv : partition_view<tile=(256x256), tensor_view<256x256xf32, strides=[256,1]>>
    %y_pv = make_partition_view %y_tv : partition_view<tile=(256), tensor_view<256xf32, strides=[1]>>
    %c0 = constant <i32: 0> : tile<i32>
    // expected-error@+1 {{`load_view_tko` on tile<256x256xf32> (64 registers per thread): the tiles live here need 65 32-bit registers per thread at 1024 threads per CTA, over the code generator's budget of 56}}
    %x, %tx = load_view_tko weak %x_pv[%c0, %c0] : partition_view<tile=(256x256), tensor_view<256x256xf32, strides=[256,1]>>, tile<i32> -> tile<256x256xf32>, token
    %s = reduce %x dim=1 identities=[0.000000e+00 : f32] : tile<256x256xf32> -> tile<256xf32>
    (%v: tile<f32>, %a: tile<f32>) {
      %add = addf %v, %a : tile<f32>
      yield %add : tile<f32>
    }
    %ty = store_view_tko weak %s, %y_pv[%c0] : tile<256xf32>, partition_view<tile=(256), tensor_view<256xf32, strides=[1]>>, tile<i32> -> token
    return
  }
}

// -----

// A big element-wise group is done in pieces by a loop (strip_mine.c) only when its view accesses
// are unordered: here the store is ordered after the load by its token, so the group stays whole
// and the budget refuses it.
cuda_tile.module @ordered {
  entry @k(%x_ptr: tile<ptr<f32>>) {
    %x_tv = make_tensor_view %x_ptr, shape = [4096, 1024], strides = [1024, 1] : tile<i64> -> tensor_view<4096x1024xf32, strides=[1024,1]>
    %x_pv = make_partition_view %x_tv : partition_view<tile=(256x1024), tensor_view<4096x1024xf32, strides=[1024,1]>>
    %c0 = constant <i32: 0> : tile<i32>
    %bx, %by, %bz = get_tile_block_id : tile<i32>
    // expected-error@+1 {{`load_view_tko` on tile<256x1024xf32> (2048 registers per thread): the tiles live here need 2050 32-bit registers per thread at 128 threads per CTA, over the code generator's budget of 223}}
    %x, %tx = load_view_tko weak %x_pv[%bx, %c0] : partition_view<tile=(256x1024), tensor_view<4096x1024xf32, strides=[1024,1]>>, tile<i32> -> tile<256x1024xf32>, token
    %y = negf %x : tile<256x1024xf32>
    %ty = store_view_tko weak %y, %x_pv[%bx, %c0] token = %tx : tile<256x1024xf32>, partition_view<tile=(256x1024), tensor_view<4096x1024xf32, strides=[1024,1]>>, tile<i32> -> token
    return
  }
}

// -----

// A tile whose elements are all equal counts one register in the estimate, but it is still spread
// over a layout of at most 256 registers per thread: a 2048x2048 broadcast is refused on its op.
cuda_tile.module @wide {
  entry @k() {
    %v = iota : tile<2048xi32>
    %r = reshape %v : tile<2048xi32> -> tile<1x2048xi32>
    // expected-error@+1 {{`broadcast` on tile<2048x2048xi32>: 32768 elements per thread at 128 threads per CTA, more than the 256 a tile may hold per thread}}
    %b = broadcast %r : tile<1x2048xi32> -> tile<2048x2048xi32>
    %s = reduce %b dim=0 identities=[0 : i32] : tile<2048x2048xi32> -> tile<2048xi32>
    (%a: tile<i32>, %c: tile<i32>) {
      %add = addi %a, %c : tile<i32>
      yield %add : tile<i32>
    }
    return
  }
}

// -----

// A broadcast joins a strip-mined group only when its source is broadcast along the dims the
// pieces split: a column (256x1) broadcast over 256x1024 rows would need a slice of it per piece
// of rows, so the group stays whole and the budget refuses it.
cuda_tile.module @column {
  entry @k(%x_ptr: tile<ptr<f32>>, %c_ptr: tile<ptr<f32>>) {
    %x_tv = make_tensor_view %x_ptr, shape = [4096, 1024], strides = [1024, 1] : tile<i64> -> tensor_view<4096x1024xf32, strides=[1024,1]>
    %c_tv = make_tensor_view %c_ptr, shape = [4096], strides = [1] : tile<i64> -> tensor_view<4096xf32, strides=[1]>
    %x_pv = make_partition_view %x_tv : partition_view<tile=(256x1024), tensor_view<4096x1024xf32, strides=[1024,1]>>
    %c_pv = make_partition_view %c_tv : partition_view<tile=(256), tensor_view<4096xf32, strides=[1]>>
    %c0 = constant <i32: 0> : tile<i32>
    %bx, %by, %bz = get_tile_block_id : tile<i32>
    %col, %tc = load_view_tko weak %c_pv[%bx] : partition_view<tile=(256), tensor_view<4096xf32, strides=[1]>>, tile<i32> -> tile<256xf32>, token
    %col2 = reshape %col : tile<256xf32> -> tile<256x1xf32>
    // expected-error@+1 {{`load_view_tko` on tile<256x1024xf32> (2048 registers per thread): the tiles live here need}}
    %x, %tx = load_view_tko weak %x_pv[%bx, %c0] : partition_view<tile=(256x1024), tensor_view<4096x1024xf32, strides=[1024,1]>>, tile<i32> -> tile<256x1024xf32>, token
    %cb = broadcast %col2 : tile<256x1xf32> -> tile<256x1024xf32>
    %y = mulf %x, %cb : tile<256x1024xf32>
    %ty = store_view_tko weak %y, %x_pv[%bx, %c0] : tile<256x1024xf32>, partition_view<tile=(256x1024), tensor_view<4096x1024xf32, strides=[1024,1]>>, tile<i32> -> token
    return
  }
}
