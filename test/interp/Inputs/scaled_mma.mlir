// mmaf_scaled kernels for test/interp/scaled_mma.test and test/lowering/mmaf_scaled.mlir: an MXFP8
// GEMM (e4m3, 32-element blocks, a K loop), a batched (3-D) e5m2 one, and the f4E2M1FN GEMMs: NVFP4
// (f8E4M3FN scales, 16-element blocks) and MXFP4 (f8E8M0FNU scales, 32-element blocks).
cuda_tile.module @scaled {
  entry @gemm_mx_e4m3(%a_ptr: tile<ptr<f8E4M3FN>>, %b_ptr: tile<ptr<f8E4M3FN>>, %sa_ptr: tile<ptr<f8E8M0FNU>>, %sb_ptr: tile<ptr<f8E8M0FNU>>, %c_ptr: tile<ptr<f32>>) {
    %a_ptr16 = assume div_by<16>, %a_ptr : tile<ptr<f8E4M3FN>>
    %a_tv = make_tensor_view %a_ptr16, shape = [256, 256], strides = [256, 1] : tensor_view<256x256xf8E4M3FN, strides=[256,1]>
    %a_pv = make_partition_view %a_tv : partition_view<tile=(128x64), tensor_view<256x256xf8E4M3FN, strides=[256,1]>>
    %b_ptr16 = assume div_by<16>, %b_ptr : tile<ptr<f8E4M3FN>>
    %b_tv = make_tensor_view %b_ptr16, shape = [256, 256], strides = [256, 1] : tensor_view<256x256xf8E4M3FN, strides=[256,1]>
    %b_pv = make_partition_view %b_tv : partition_view<tile=(64x128), tensor_view<256x256xf8E4M3FN, strides=[256,1]>>
    %sa_ptr16 = assume div_by<16>, %sa_ptr : tile<ptr<f8E8M0FNU>>
    %sa_tv = make_tensor_view %sa_ptr16, shape = [256, 8], strides = [8, 1] : tensor_view<256x8xf8E8M0FNU, strides=[8,1]>
    %sa_pv = make_partition_view %sa_tv : partition_view<tile=(128x2), tensor_view<256x8xf8E8M0FNU, strides=[8,1]>>
    %sb_ptr16 = assume div_by<16>, %sb_ptr : tile<ptr<f8E8M0FNU>>
    %sb_tv = make_tensor_view %sb_ptr16, shape = [8, 256], strides = [256, 1] : tensor_view<8x256xf8E8M0FNU, strides=[256,1]>
    %sb_pv = make_partition_view %sb_tv : partition_view<tile=(2x128), tensor_view<8x256xf8E8M0FNU, strides=[256,1]>>
    %c_ptr16 = assume div_by<16>, %c_ptr : tile<ptr<f32>>
    %c_tv = make_tensor_view %c_ptr16, shape = [256, 256], strides = [256, 1] : tensor_view<256x256xf32, strides=[256,1]>
    %c_pv = make_partition_view %c_tv : partition_view<tile=(128x128), tensor_view<256x256xf32, strides=[256,1]>>
    %bx, %by, %bz = get_tile_block_id : tile<i32>
    %c0 = constant <i32: 0> : tile<i32>
    %c1 = constant <i32: 1> : tile<i32>
    %nk = constant <i32: 4> : tile<i32>
    %zero = constant <f32: 0.000000e+00> : tile<128x128xf32>
    %acc = for %k in (%c0 to %nk, step %c1) : tile<i32> iter_values(%acc_it = %zero) -> (tile<128x128xf32>) {
      %a, %ta = load_view_tko weak %a_pv[%bx, %k] : partition_view<tile=(128x64), tensor_view<256x256xf8E4M3FN, strides=[256,1]>>, tile<i32> -> tile<128x64xf8E4M3FN>, token
      %b, %tb = load_view_tko weak %b_pv[%k, %by] : partition_view<tile=(64x128), tensor_view<256x256xf8E4M3FN, strides=[256,1]>>, tile<i32> -> tile<64x128xf8E4M3FN>, token
      %sa, %tsa = load_view_tko weak %sa_pv[%bx, %k] : partition_view<tile=(128x2), tensor_view<256x8xf8E8M0FNU, strides=[8,1]>>, tile<i32> -> tile<128x2xf8E8M0FNU>, token
      %sb, %tsb = load_view_tko weak %sb_pv[%k, %by] : partition_view<tile=(2x128), tensor_view<8x256xf8E8M0FNU, strides=[256,1]>>, tile<i32> -> tile<2x128xf8E8M0FNU>, token
      %d = mmaf_scaled %a, %b, %acc_it, %sa, %sb : tile<128x64xf8E4M3FN>, tile<64x128xf8E4M3FN>, tile<128x128xf32>, tile<128x2xf8E8M0FNU>, tile<2x128xf8E8M0FNU>
      continue %d : tile<128x128xf32>
    }
    %t = store_view_tko weak %acc, %c_pv[%bx, %by] : tile<128x128xf32>, partition_view<tile=(128x128), tensor_view<256x256xf32, strides=[256,1]>>, tile<i32> -> token
    return
  }
  entry @batched_mx(%a_ptr: tile<ptr<f8E5M2>>, %b_ptr: tile<ptr<f8E5M2>>, %sa_ptr: tile<ptr<f8E8M0FNU>>, %sb_ptr: tile<ptr<f8E8M0FNU>>, %c_ptr: tile<ptr<f32>>) {
    %a_tv = make_tensor_view %a_ptr, shape = [2, 64, 64], strides = [4096, 64, 1] : tensor_view<2x64x64xf8E5M2, strides=[4096,64,1]>
    %a_pv = make_partition_view %a_tv : partition_view<tile=(2x64x64), tensor_view<2x64x64xf8E5M2, strides=[4096,64,1]>>
    %b_tv = make_tensor_view %b_ptr, shape = [2, 64, 64], strides = [4096, 64, 1] : tensor_view<2x64x64xf8E5M2, strides=[4096,64,1]>
    %b_pv = make_partition_view %b_tv : partition_view<tile=(2x64x64), tensor_view<2x64x64xf8E5M2, strides=[4096,64,1]>>
    %sa_tv = make_tensor_view %sa_ptr, shape = [2, 64, 2], strides = [128, 2, 1] : tensor_view<2x64x2xf8E8M0FNU, strides=[128,2,1]>
    %sa_pv = make_partition_view %sa_tv : partition_view<tile=(2x64x2), tensor_view<2x64x2xf8E8M0FNU, strides=[128,2,1]>>
    %sb_tv = make_tensor_view %sb_ptr, shape = [2, 2, 64], strides = [128, 64, 1] : tensor_view<2x2x64xf8E8M0FNU, strides=[128,64,1]>
    %sb_pv = make_partition_view %sb_tv : partition_view<tile=(2x2x64), tensor_view<2x2x64xf8E8M0FNU, strides=[128,64,1]>>
    %c_tv = make_tensor_view %c_ptr, shape = [2, 64, 64], strides = [4096, 64, 1] : tensor_view<2x64x64xf32, strides=[4096,64,1]>
    %c_pv = make_partition_view %c_tv : partition_view<tile=(2x64x64), tensor_view<2x64x64xf32, strides=[4096,64,1]>>
    %c0 = constant <i32: 0> : tile<i32>
    %a, %ta = load_view_tko weak %a_pv[%c0, %c0, %c0] : partition_view<tile=(2x64x64), tensor_view<2x64x64xf8E5M2, strides=[4096,64,1]>>, tile<i32> -> tile<2x64x64xf8E5M2>, token
    %b, %tb = load_view_tko weak %b_pv[%c0, %c0, %c0] : partition_view<tile=(2x64x64), tensor_view<2x64x64xf8E5M2, strides=[4096,64,1]>>, tile<i32> -> tile<2x64x64xf8E5M2>, token
    %sa, %tsa = load_view_tko weak %sa_pv[%c0, %c0, %c0] : partition_view<tile=(2x64x2), tensor_view<2x64x2xf8E8M0FNU, strides=[128,2,1]>>, tile<i32> -> tile<2x64x2xf8E8M0FNU>, token
    %sb, %tsb = load_view_tko weak %sb_pv[%c0, %c0, %c0] : partition_view<tile=(2x2x64), tensor_view<2x2x64xf8E8M0FNU, strides=[128,64,1]>>, tile<i32> -> tile<2x2x64xf8E8M0FNU>, token
    %zero = constant <f32: 0.0> : tile<2x64x64xf32>
    %d = mmaf_scaled %a, %b, %zero, %sa, %sb : tile<2x64x64xf8E5M2>, tile<2x64x64xf8E5M2>, tile<2x64x64xf32>, tile<2x64x2xf8E8M0FNU>, tile<2x2x64xf8E8M0FNU>
    %t = store_view_tko weak %d, %c_pv[%c0, %c0, %c0] : tile<2x64x64xf32>, partition_view<tile=(2x64x64), tensor_view<2x64x64xf32, strides=[4096,64,1]>>, tile<i32> -> token
    return
  }
  entry @gemm_nvfp4(%a_ptr: tile<ptr<f4E2M1FN>>, %b_ptr: tile<ptr<f4E2M1FN>>, %sa_ptr: tile<ptr<f8E4M3FN>>, %sb_ptr: tile<ptr<f8E4M3FN>>, %c_ptr: tile<ptr<f32>>) {
    %a_ptr16 = assume div_by<16>, %a_ptr : tile<ptr<f4E2M1FN>>
    %a_tv = make_tensor_view %a_ptr16, shape = [256, 256], strides = [256, 1] : tensor_view<256x256xf4E2M1FN, strides=[256,1]>
    %a_pv = make_partition_view %a_tv : partition_view<tile=(128x64), tensor_view<256x256xf4E2M1FN, strides=[256,1]>>
    %b_ptr16 = assume div_by<16>, %b_ptr : tile<ptr<f4E2M1FN>>
    %b_tv = make_tensor_view %b_ptr16, shape = [256, 256], strides = [256, 1] : tensor_view<256x256xf4E2M1FN, strides=[256,1]>
    %b_pv = make_partition_view %b_tv : partition_view<tile=(64x128), tensor_view<256x256xf4E2M1FN, strides=[256,1]>>
    %sa_tv = make_tensor_view %sa_ptr, shape = [256, 16], strides = [16, 1] : tensor_view<256x16xf8E4M3FN, strides=[16,1]>
    %sa_pv = make_partition_view %sa_tv : partition_view<tile=(128x4), tensor_view<256x16xf8E4M3FN, strides=[16,1]>>
    %sb_tv = make_tensor_view %sb_ptr, shape = [16, 256], strides = [256, 1] : tensor_view<16x256xf8E4M3FN, strides=[256,1]>
    %sb_pv = make_partition_view %sb_tv : partition_view<tile=(4x128), tensor_view<16x256xf8E4M3FN, strides=[256,1]>>
    %c_ptr16 = assume div_by<16>, %c_ptr : tile<ptr<f32>>
    %c_tv = make_tensor_view %c_ptr16, shape = [256, 256], strides = [256, 1] : tensor_view<256x256xf32, strides=[256,1]>
    %c_pv = make_partition_view %c_tv : partition_view<tile=(128x128), tensor_view<256x256xf32, strides=[256,1]>>
    %bx, %by, %bz = get_tile_block_id : tile<i32>
    %c0 = constant <i32: 0> : tile<i32>
    %c1 = constant <i32: 1> : tile<i32>
    %nk = constant <i32: 4> : tile<i32>
    %zero = constant <f32: 0.000000e+00> : tile<128x128xf32>
    %acc = for %k in (%c0 to %nk, step %c1) : tile<i32> iter_values(%acc_it = %zero) -> (tile<128x128xf32>) {
      %a, %ta = load_view_tko weak %a_pv[%bx, %k] : partition_view<tile=(128x64), tensor_view<256x256xf4E2M1FN, strides=[256,1]>>, tile<i32> -> tile<128x64xf4E2M1FN>, token
      %b, %tb = load_view_tko weak %b_pv[%k, %by] : partition_view<tile=(64x128), tensor_view<256x256xf4E2M1FN, strides=[256,1]>>, tile<i32> -> tile<64x128xf4E2M1FN>, token
      %sa, %tsa = load_view_tko weak %sa_pv[%bx, %k] : partition_view<tile=(128x4), tensor_view<256x16xf8E4M3FN, strides=[16,1]>>, tile<i32> -> tile<128x4xf8E4M3FN>, token
      %sb, %tsb = load_view_tko weak %sb_pv[%k, %by] : partition_view<tile=(4x128), tensor_view<16x256xf8E4M3FN, strides=[256,1]>>, tile<i32> -> tile<4x128xf8E4M3FN>, token
      %d = mmaf_scaled %a, %b, %acc_it, %sa, %sb : tile<128x64xf4E2M1FN>, tile<64x128xf4E2M1FN>, tile<128x128xf32>, tile<128x4xf8E4M3FN>, tile<4x128xf8E4M3FN>
      continue %d : tile<128x128xf32>
    }
    %t = store_view_tko weak %acc, %c_pv[%bx, %by] : tile<128x128xf32>, partition_view<tile=(128x128), tensor_view<256x256xf32, strides=[256,1]>>, tile<i32> -> token
    return
  }
  entry @gemm_mxfp4(%a_ptr: tile<ptr<f4E2M1FN>>, %b_ptr: tile<ptr<f4E2M1FN>>, %sa_ptr: tile<ptr<f8E8M0FNU>>, %sb_ptr: tile<ptr<f8E8M0FNU>>, %c_ptr: tile<ptr<f32>>) {
    %a_ptr16 = assume div_by<16>, %a_ptr : tile<ptr<f4E2M1FN>>
    %a_tv = make_tensor_view %a_ptr16, shape = [256, 256], strides = [256, 1] : tensor_view<256x256xf4E2M1FN, strides=[256,1]>
    %a_pv = make_partition_view %a_tv : partition_view<tile=(128x64), tensor_view<256x256xf4E2M1FN, strides=[256,1]>>
    %b_ptr16 = assume div_by<16>, %b_ptr : tile<ptr<f4E2M1FN>>
    %b_tv = make_tensor_view %b_ptr16, shape = [256, 256], strides = [256, 1] : tensor_view<256x256xf4E2M1FN, strides=[256,1]>
    %b_pv = make_partition_view %b_tv : partition_view<tile=(64x128), tensor_view<256x256xf4E2M1FN, strides=[256,1]>>
    %sa_tv = make_tensor_view %sa_ptr, shape = [256, 8], strides = [8, 1] : tensor_view<256x8xf8E8M0FNU, strides=[8,1]>
    %sa_pv = make_partition_view %sa_tv : partition_view<tile=(128x2), tensor_view<256x8xf8E8M0FNU, strides=[8,1]>>
    %sb_tv = make_tensor_view %sb_ptr, shape = [8, 256], strides = [256, 1] : tensor_view<8x256xf8E8M0FNU, strides=[256,1]>
    %sb_pv = make_partition_view %sb_tv : partition_view<tile=(2x128), tensor_view<8x256xf8E8M0FNU, strides=[256,1]>>
    %c_ptr16 = assume div_by<16>, %c_ptr : tile<ptr<f32>>
    %c_tv = make_tensor_view %c_ptr16, shape = [256, 256], strides = [256, 1] : tensor_view<256x256xf32, strides=[256,1]>
    %c_pv = make_partition_view %c_tv : partition_view<tile=(128x128), tensor_view<256x256xf32, strides=[256,1]>>
    %bx, %by, %bz = get_tile_block_id : tile<i32>
    %c0 = constant <i32: 0> : tile<i32>
    %c1 = constant <i32: 1> : tile<i32>
    %nk = constant <i32: 4> : tile<i32>
    %zero = constant <f32: 0.000000e+00> : tile<128x128xf32>
    %acc = for %k in (%c0 to %nk, step %c1) : tile<i32> iter_values(%acc_it = %zero) -> (tile<128x128xf32>) {
      %a, %ta = load_view_tko weak %a_pv[%bx, %k] : partition_view<tile=(128x64), tensor_view<256x256xf4E2M1FN, strides=[256,1]>>, tile<i32> -> tile<128x64xf4E2M1FN>, token
      %b, %tb = load_view_tko weak %b_pv[%k, %by] : partition_view<tile=(64x128), tensor_view<256x256xf4E2M1FN, strides=[256,1]>>, tile<i32> -> tile<64x128xf4E2M1FN>, token
      %sa, %tsa = load_view_tko weak %sa_pv[%bx, %k] : partition_view<tile=(128x2), tensor_view<256x8xf8E8M0FNU, strides=[8,1]>>, tile<i32> -> tile<128x2xf8E8M0FNU>, token
      %sb, %tsb = load_view_tko weak %sb_pv[%k, %by] : partition_view<tile=(2x128), tensor_view<8x256xf8E8M0FNU, strides=[256,1]>>, tile<i32> -> tile<2x128xf8E8M0FNU>, token
      %d = mmaf_scaled %a, %b, %acc_it, %sa, %sb : tile<128x64xf4E2M1FN>, tile<64x128xf4E2M1FN>, tile<128x128xf32>, tile<128x2xf8E8M0FNU>, tile<2x128xf8E8M0FNU>
      continue %d : tile<128x128xf32>
    }
    %t = store_view_tko weak %acc, %c_pv[%bx, %by] : tile<128x128xf32>, partition_view<tile=(128x128), tensor_view<256x256xf32, strides=[256,1]>>, tile<i32> -> token
    return
  }
}
