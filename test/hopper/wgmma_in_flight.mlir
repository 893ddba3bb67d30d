// A wgmma group stays in flight into the next iteration only when nothing the next iteration
// writes is still read by it (lib/tileas/hopper_plan.c plan_in_flight). examples/gemm.mlir does
// (test/hopper/gemm_tma_wgmma.test); here A is computed in registers inside the loop (negf of the
// loaded tile): the next iteration would rewrite the A fragments the group still reads, so the
// loop waits for its group every iteration (wait_group 0, its own stage released), and no remark
// claims otherwise. The PTX assembles without wgmma serialisation (check-ptx.sh).
// RUN: %tilec -O3 --gpu-name=sm_90a --remarks %s -o %t.ptx 2> %t.remarks
// RUN: %FileCheck %s --check-prefix=REMARK < %t.remarks
// RUN: %FileCheck %s < %t.ptx
// RUN: %check-ptx sm_90a %t.ptx
// REMARK: remark: wgmma path: m64n128k16 x 2 warpgroups (256 threads); A: registers; B: TMA ring
// REMARK-NOT: stays in flight
// CHECK: wgmma.commit_group.sync.aligned;
// CHECK-NEXT: wgmma.wait_group.sync.aligned 0;
// CHECK-NOT: wgmma.wait_group.sync.aligned 1;
cuda_tile.module @gemm_areg {
  entry @gemm_areg(%a_ptr: tile<ptr<f16>>, %b_ptr: tile<ptr<f16>>, %c_ptr: tile<ptr<f32>>) {
    %a16 = assume div_by<16>, %a_ptr : tile<ptr<f16>>
    %b16 = assume div_by<16>, %b_ptr : tile<ptr<f16>>
    %c16 = assume div_by<16>, %c_ptr : tile<ptr<f32>>
    %a_tv = make_tensor_view %a16, shape = [1024, 1024], strides = [1024, 1] : tensor_view<1024x1024xf16, strides=[1024,1]>
    %b_tv = make_tensor_view %b16, shape = [1024, 1024], strides = [1024, 1] : tensor_view<1024x1024xf16, strides=[1024,1]>
    %c_tv = make_tensor_view %c16, shape = [1024, 1024], strides = [1024, 1] : tensor_view<1024x1024xf32, strides=[1024,1]>
    %a_pv = make_partition_view %a_tv : partition_view<tile=(128x32), tensor_view<1024x1024xf16, strides=[1024,1]>>
    %b_pv = make_partition_view %b_tv : partition_view<tile=(32x128), tensor_view<1024x1024xf16, strides=[1024,1]>>
    %c_pv = make_partition_view %c_tv : partition_view<tile=(128x128), tensor_view<1024x1024xf32, strides=[1024,1]>>
    %bx, %by, %bz = get_tile_block_id : tile<i32>
    %c0 = constant <i32: 0> : tile<i32>
    %c1 = constant <i32: 1> : tile<i32>
    %nk = constant <i32: 32> : tile<i32>
    %zero = constant <f32: 0.000000e+00> : tile<128x128xf32>
    %acc = for %k in (%c0 to %nk, step %c1) : tile<i32> iter_values(%acc_it = %zero) -> (tile<128x128xf32>) {
      %a, %ta = load_view_tko weak %a_pv[%bx, %k] : partition_view<tile=(128x32), tensor_view<1024x1024xf16, strides=[1024,1]>>, tile<i32> -> tile<128x32xf16>, token
      %b, %tb = load_view_tko weak %b_pv[%k, %by] : partition_view<tile=(32x128), tensor_view<1024x1024xf16, strides=[1024,1]>>, tile<i32> -> tile<32x128xf16>, token
      %an = negf %a : tile<128x32xf16>
      %d = mmaf %an, %b, %acc_it : tile<128x32xf16>, tile<32x128xf16>, tile<128x128xf32>
      continue %d : tile<128x128xf32>
    }
    %t = store_view_tko weak %acc, %c_pv[%bx, %by] : tile<128x128xf32>, partition_view<tile=(128x128), tensor_view<1024x1024xf32, strides=[1024,1]>>, tile<i32> -> token
    return
  }
}
