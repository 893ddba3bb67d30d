// A load before the loops whose only readers may not run (issues 12 / 13; hopper_plan.c
// mark_waits_at_return, lower_hopper_loop.c hopper_loads_at_return): a one-shot TMA load at the entry's
// top level is waited for at the start of each loop that reads it, or (a bulk plan) at its consume. When
// every such reader sits inside an `if` or inside another loop, the entry may run none of them, and the
// copy could still be writing shared memory after the CTA exits (into the next CTA's). Then every thread
// waits for the load's mbarrier before the kernel's return too (at once when a reader already did).
// The kernels: A loaded once, the K loop (B's ring) inside an `if` (once_in_if, whose `if` yields the
// loop's result; ws_once_in_if, which stores inside the `if`) or inside a loop that runs %bx times
// (once_nested, carrying the accumulator; ws_once_nested); all four are warp-specialised under
// --pipeline-strategy=warp-specialize; a TMA-loaded tile read only inside an `if` (bulk_in_if: TileAS puts the
// consume before the `if`, so no wait at return; test/emu/one_shot_exit.test moves it into the `if`).
// RUN: %tilec -O3 --gpu-name=sm_90a %s -o %t.ptx
// RUN: %FileCheck %s < %t.ptx
// RUN: %check-ptx sm_90a %t.ptx
// RUN: %tilec -O3 --gpu-name=sm_100a %s -o %t.100.ptx
// RUN: %FileCheck %s < %t.100.ptx
// RUN: %check-ptx sm_100a %t.100.ptx
// RUN: %tilec -O3 --gpu-name=sm_90a --pipeline-strategy=warp-specialize --remarks %s -o %t.ws.ptx 2> %t.ws.remarks
// RUN: %FileCheck %s --check-prefix=WS < %t.ws.remarks
// RUN: %FileCheck %s --check-prefix=WSPTX < %t.ws.ptx
// RUN: %check-ptx sm_90a %t.ws.ptx
// RUN: %tilec -O3 --gpu-name=sm_90a --pipeline-strategy=warp-specialize --emit=tileas %s -o %t.ws.tileas.mlir
// RUN: %tilec -O3 --gpu-name=sm_90a %t.ws.tileas.mlir -o %t.ws.re.ptx
// RUN: cmp %t.ws.ptx %t.ws.re.ptx
// RUN: %tilec -O3 --gpu-name=sm_100a --pipeline-strategy=warp-specialize %s -o %t.ws100.ptx
// RUN: %FileCheck %s --check-prefix=WSPTX < %t.ws100.ptx
// RUN: %check-ptx sm_100a %t.ws100.ptx
// RUN: env TILEIR_PREFER_TMA_FOR_LOAD_STORE=1 %tilec -O3 --gpu-name=sm_90a %s -o %t.bulk.ptx
// RUN: %FileCheck %s --check-prefix=BULK < %t.bulk.ptx
// RUN: %check-ptx sm_90a %t.bulk.ptx

// The wait for A's mbarrier at the loop's start (inside the `if` / the outer loop), and again after the
// stores, before `ret`.
// CHECK-LABEL: .entry once_in_if(
// CHECK: cp.async.bulk.tensor.2d
// CHECK: mbarrier.try_wait.parity.shared.b64 {{%p[0-9]+}}, [[[A:%rd[0-9]+]]]
// CHECK: st.global
// CHECK: mbarrier.try_wait.parity.shared.b64 {{%p[0-9]+}}, [[[A]]]
// CHECK-NOT: st.global
// CHECK: ret;
// CHECK-LABEL: .entry once_nested(
// CHECK: cp.async.bulk.tensor.2d
// CHECK: mbarrier.try_wait.parity.shared.b64 {{%p[0-9]+}}, [[[A:%rd[0-9]+]]]
// CHECK: st.global
// CHECK: mbarrier.try_wait.parity.shared.b64 {{%p[0-9]+}}, [[[A]]]
// CHECK-NOT: st.global
// CHECK: ret;
// WS-DAG: one_shot_exit.mlir:92:7: remark: warp specialization (--pipeline-strategy=warp-specialize, heavy variant
// WS-DAG: one_shot_exit.mlir:122:7: remark: warp specialization (--pipeline-strategy=warp-specialize, heavy variant
// WS-DAG: one_shot_exit.mlir:151:7: remark: warp specialization (--pipeline-strategy=warp-specialize, heavy variant
// WS-DAG: one_shot_exit.mlir:178:7: remark: warp specialization (--pipeline-strategy=warp-specialize, heavy variant
// The consumers wait at the return (the producer warpgroup returns after its fills).
// WSPTX-LABEL: .entry ws_once_in_if(
// WSPTX: setmaxnreg.dec.sync.aligned.u32
// WSPTX: setmaxnreg.inc.sync.aligned.u32
// WSPTX: mbarrier.try_wait.parity.shared.b64 {{%p[0-9]+}}, [[[A:%rd[0-9]+]]]
// WSPTX: st.global
// WSPTX: mbarrier.try_wait.parity.shared.b64 {{%p[0-9]+}}, [[[A]]]
// WSPTX-NOT: st.global
// WSPTX: ret;
// WSPTX-LABEL: .entry ws_once_nested(
// WSPTX: setmaxnreg.dec.sync.aligned.u32
// WSPTX: setmaxnreg.inc.sync.aligned.u32
// WSPTX: st.global
// WSPTX: mbarrier.try_wait.parity.shared.b64
// WSPTX-NOT: st.global
// WSPTX: ret;
// BULK-LABEL: .entry bulk_in_if(
// BULK: cp.async.bulk.tensor.2d
// BULK-COUNT-1: mbarrier.try_wait.parity.shared.b64
// BULK-NOT: mbarrier.try_wait.parity
// BULK: ret;
cuda_tile.module @one_shot {
  entry @once_in_if(%a_ptr: tile<ptr<f16>>, %b_ptr: tile<ptr<f16>>, %c_ptr: tile<ptr<f32>>) {
    %a_ptr16 = assume div_by<16>, %a_ptr : tile<ptr<f16>>
    %a_tv = make_tensor_view %a_ptr16, shape = [128, 32], strides = [32, 1] : tensor_view<128x32xf16, strides=[32,1]>
    %a_pv = make_partition_view %a_tv : partition_view<tile=(64x32), tensor_view<128x32xf16, strides=[32,1]>>
    %b_ptr16 = assume div_by<16>, %b_ptr : tile<ptr<f16>>
    %b_tv = make_tensor_view %b_ptr16, shape = [128, 128], strides = [128, 1] : tensor_view<128x128xf16, strides=[128,1]>
    %b_pv = make_partition_view %b_tv : partition_view<tile=(32x64), tensor_view<128x128xf16, strides=[128,1]>>
    %c_ptr16 = assume div_by<16>, %c_ptr : tile<ptr<f32>>
    %c_tv = make_tensor_view %c_ptr16, shape = [128, 128], strides = [128, 1] : tensor_view<128x128xf32, strides=[128,1]>
    %c_pv = make_partition_view %c_tv : partition_view<tile=(64x64), tensor_view<128x128xf32, strides=[128,1]>>
    %bx, %by, %bz = get_tile_block_id : tile<i32>
    %c0 = constant <i32: 0> : tile<i32>
    %c1 = constant <i32: 1> : tile<i32>
    %nk = constant <i32: 4> : tile<i32>
    %zero = constant <f32: 0.000000e+00> : tile<64x64xf32>
    %a, %ta = load_view_tko weak %a_pv[%bx, %c0] : partition_view<tile=(64x32), tensor_view<128x32xf16, strides=[32,1]>>, tile<i32> -> tile<64x32xf16>, token
    %pos = cmpi greater_than %bx, %c0, signed : tile<i32> -> tile<i1>
    %acc = if %pos -> (tile<64x64xf32>) {
      %acc1 = for %k in (%c0 to %nk, step %c1) : tile<i32> iter_values(%acc_it = %zero) -> (tile<64x64xf32>) {
        %b, %tb = load_view_tko weak %b_pv[%k, %by] : partition_view<tile=(32x64), tensor_view<128x128xf16, strides=[128,1]>>, tile<i32> -> tile<32x64xf16>, token
        %d0 = mmaf %a, %b, %acc_it : tile<64x32xf16>, tile<32x64xf16>, tile<64x64xf32>
        continue %d0 : tile<64x64xf32>
      }
      yield %acc1 : tile<64x64xf32>
    } else {
      yield %zero : tile<64x64xf32>
    }
    %t = store_view_tko weak %acc, %c_pv[%bx, %by] : tile<64x64xf32>, partition_view<tile=(64x64), tensor_view<128x128xf32, strides=[128,1]>>, tile<i32> -> token
    return
  }

  entry @once_nested(%a_ptr: tile<ptr<f16>>, %b_ptr: tile<ptr<f16>>, %c_ptr: tile<ptr<f32>>) {
    %a_ptr16 = assume div_by<16>, %a_ptr : tile<ptr<f16>>
    %a_tv = make_tensor_view %a_ptr16, shape = [128, 32], strides = [32, 1] : tensor_view<128x32xf16, strides=[32,1]>
    %a_pv = make_partition_view %a_tv : partition_view<tile=(64x32), tensor_view<128x32xf16, strides=[32,1]>>
    %b_ptr16 = assume div_by<16>, %b_ptr : tile<ptr<f16>>
    %b_tv = make_tensor_view %b_ptr16, shape = [128, 128], strides = [128, 1] : tensor_view<128x128xf16, strides=[128,1]>
    %b_pv = make_partition_view %b_tv : partition_view<tile=(32x64), tensor_view<128x128xf16, strides=[128,1]>>
    %c_ptr16 = assume div_by<16>, %c_ptr : tile<ptr<f32>>
    %c_tv = make_tensor_view %c_ptr16, shape = [128, 128], strides = [128, 1] : tensor_view<128x128xf32, strides=[128,1]>
    %c_pv = make_partition_view %c_tv : partition_view<tile=(64x64), tensor_view<128x128xf32, strides=[128,1]>>
    %bx, %by, %bz = get_tile_block_id : tile<i32>
    %c0 = constant <i32: 0> : tile<i32>
    %c1 = constant <i32: 1> : tile<i32>
    %nk = constant <i32: 4> : tile<i32>
    %zero = constant <f32: 0.000000e+00> : tile<64x64xf32>
    %a, %ta = load_view_tko weak %a_pv[%bx, %c0] : partition_view<tile=(64x32), tensor_view<128x32xf16, strides=[32,1]>>, tile<i32> -> tile<64x32xf16>, token
    %acc = for %o in (%c0 to %bx, step %c1) : tile<i32> iter_values(%oacc = %zero) -> (tile<64x64xf32>) {
      %acc1 = for %k in (%c0 to %nk, step %c1) : tile<i32> iter_values(%acc_it = %oacc) -> (tile<64x64xf32>) {
        %b, %tb = load_view_tko weak %b_pv[%k, %by] : partition_view<tile=(32x64), tensor_view<128x128xf16, strides=[128,1]>>, tile<i32> -> tile<32x64xf16>, token
        %d0 = mmaf %a, %b, %acc_it : tile<64x32xf16>, tile<32x64xf16>, tile<64x64xf32>
        continue %d0 : tile<64x64xf32>
      }
      continue %acc1 : tile<64x64xf32>
    }
    %t = store_view_tko weak %acc, %c_pv[%bx, %by] : tile<64x64xf32>, partition_view<tile=(64x64), tensor_view<128x128xf32, strides=[128,1]>>, tile<i32> -> token
    return
  }

  entry @ws_once_in_if(%a_ptr: tile<ptr<f16>>, %b_ptr: tile<ptr<f16>>, %c_ptr: tile<ptr<f32>>) {
    %a_ptr16 = assume div_by<16>, %a_ptr : tile<ptr<f16>>
    %a_tv = make_tensor_view %a_ptr16, shape = [128, 32], strides = [32, 1] : tensor_view<128x32xf16, strides=[32,1]>
    %a_pv = make_partition_view %a_tv : partition_view<tile=(64x32), tensor_view<128x32xf16, strides=[32,1]>>
    %b_ptr16 = assume div_by<16>, %b_ptr : tile<ptr<f16>>
    %b_tv = make_tensor_view %b_ptr16, shape = [128, 128], strides = [128, 1] : tensor_view<128x128xf16, strides=[128,1]>
    %b_pv = make_partition_view %b_tv : partition_view<tile=(32x64), tensor_view<128x128xf16, strides=[128,1]>>
    %c_ptr16 = assume div_by<16>, %c_ptr : tile<ptr<f32>>
    %c_tv = make_tensor_view %c_ptr16, shape = [128, 128], strides = [128, 1] : tensor_view<128x128xf32, strides=[128,1]>
    %c_pv = make_partition_view %c_tv : partition_view<tile=(64x64), tensor_view<128x128xf32, strides=[128,1]>>
    %bx, %by, %bz = get_tile_block_id : tile<i32>
    %c0 = constant <i32: 0> : tile<i32>
    %c1 = constant <i32: 1> : tile<i32>
    %nk = constant <i32: 4> : tile<i32>
    %zero = constant <f32: 0.000000e+00> : tile<64x64xf32>
    %a, %ta = load_view_tko weak %a_pv[%bx, %c0] : partition_view<tile=(64x32), tensor_view<128x32xf16, strides=[32,1]>>, tile<i32> -> tile<64x32xf16>, token
    %pos = cmpi greater_than %bx, %c0, signed : tile<i32> -> tile<i1>
    if %pos {
      %acc1 = for %k in (%c0 to %nk, step %c1) : tile<i32> iter_values(%acc_it = %zero) -> (tile<64x64xf32>) {
        %b, %tb = load_view_tko weak %b_pv[%k, %by] : partition_view<tile=(32x64), tensor_view<128x128xf16, strides=[128,1]>>, tile<i32> -> tile<32x64xf16>, token
        %d0 = mmaf %a, %b, %acc_it : tile<64x32xf16>, tile<32x64xf16>, tile<64x64xf32>
        continue %d0 : tile<64x64xf32>
      }
      %t = store_view_tko weak %acc1, %c_pv[%bx, %by] : tile<64x64xf32>, partition_view<tile=(64x64), tensor_view<128x128xf32, strides=[128,1]>>, tile<i32> -> token
    }
    return
  }

  entry @ws_once_nested(%a_ptr: tile<ptr<f16>>, %b_ptr: tile<ptr<f16>>, %c_ptr: tile<ptr<f32>>) {
    %a_ptr16 = assume div_by<16>, %a_ptr : tile<ptr<f16>>
    %a_tv = make_tensor_view %a_ptr16, shape = [128, 32], strides = [32, 1] : tensor_view<128x32xf16, strides=[32,1]>
    %a_pv = make_partition_view %a_tv : partition_view<tile=(64x32), tensor_view<128x32xf16, strides=[32,1]>>
    %b_ptr16 = assume div_by<16>, %b_ptr : tile<ptr<f16>>
    %b_tv = make_tensor_view %b_ptr16, shape = [128, 128], strides = [128, 1] : tensor_view<128x128xf16, strides=[128,1]>
    %b_pv = make_partition_view %b_tv : partition_view<tile=(32x64), tensor_view<128x128xf16, strides=[128,1]>>
    %c_ptr16 = assume div_by<16>, %c_ptr : tile<ptr<f32>>
    %c_tv = make_tensor_view %c_ptr16, shape = [128, 128], strides = [128, 1] : tensor_view<128x128xf32, strides=[128,1]>
    %c_pv = make_partition_view %c_tv : partition_view<tile=(64x64), tensor_view<128x128xf32, strides=[128,1]>>
    %bx, %by, %bz = get_tile_block_id : tile<i32>
    %c0 = constant <i32: 0> : tile<i32>
    %c1 = constant <i32: 1> : tile<i32>
    %nk = constant <i32: 4> : tile<i32>
    %zero = constant <f32: 0.000000e+00> : tile<64x64xf32>
    %a, %ta = load_view_tko weak %a_pv[%bx, %c0] : partition_view<tile=(64x32), tensor_view<128x32xf16, strides=[32,1]>>, tile<i32> -> tile<64x32xf16>, token
    for %o in (%c0 to %bx, step %c1) : tile<i32> {
      %acc1 = for %k in (%c0 to %nk, step %c1) : tile<i32> iter_values(%acc_it = %zero) -> (tile<64x64xf32>) {
        %b, %tb = load_view_tko weak %b_pv[%k, %by] : partition_view<tile=(32x64), tensor_view<128x128xf16, strides=[128,1]>>, tile<i32> -> tile<32x64xf16>, token
        %d0 = mmaf %a, %b, %acc_it : tile<64x32xf16>, tile<32x64xf16>, tile<64x64xf32>
        continue %d0 : tile<64x64xf32>
      }
      %t = store_view_tko weak %acc1, %c_pv[%bx, %by] : tile<64x64xf32>, partition_view<tile=(64x64), tensor_view<128x128xf32, strides=[128,1]>>, tile<i32> -> token
    }
    return
  }

  entry @bulk_in_if(%x_ptr: tile<ptr<f32>>, %y_ptr: tile<ptr<f32>>) {
    %x_ptr16 = assume div_by<16>, %x_ptr : tile<ptr<f32>>
    %x_tv = make_tensor_view %x_ptr16, shape = [128, 64], strides = [64, 1] : tensor_view<128x64xf32, strides=[64,1]>
    %x_pv = make_partition_view %x_tv : partition_view<tile=(64x64), tensor_view<128x64xf32, strides=[64,1]>>
    %y_ptr16 = assume div_by<16>, %y_ptr : tile<ptr<f32>>
    %y_tv = make_tensor_view %y_ptr16, shape = [128, 64], strides = [64, 1] : tensor_view<128x64xf32, strides=[64,1]>
    %y_pv = make_partition_view %y_tv : partition_view<tile=(64x64), tensor_view<128x64xf32, strides=[64,1]>>
    %bx, %by, %bz = get_tile_block_id : tile<i32>
    %c0 = constant <i32: 0> : tile<i32>
    %x, %tx = load_view_tko weak %x_pv[%bx, %c0] : partition_view<tile=(64x64), tensor_view<128x64xf32, strides=[64,1]>>, tile<i32> -> tile<64x64xf32>, token
    %pos = cmpi greater_than %bx, %c0, signed : tile<i32> -> tile<i1>
    if %pos {
      %y = addf %x, %x : tile<64x64xf32>
      %t = store_view_tko weak %y, %y_pv[%bx, %c0] : tile<64x64xf32>, partition_view<tile=(64x64), tensor_view<128x64xf32, strides=[64,1]>>, tile<i32> -> token
    }
    return
  }
}
