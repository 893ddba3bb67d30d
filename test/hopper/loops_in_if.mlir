// Several tensor-core loops, some of them inside `if`s (issue 12: "anywhere in the kernel"; lib/
// tileas/hopper_plan.c plan()): the entry runs a loop inside an `if` at most once, so its rings
// start afresh like a top-level loop's (stage and parity from the iteration, no ring state) and
// share shared memory with the other loops' rings like theirs. `first_in_if`: loop 1 in an `if`,
// loop 2 after it at the top level; `both_in_ifs`: each loop in its own `if`. A loop inside another
// loop beside a loop (`inside_loop`) would need rings that run on across executions for one of
// several loops: mma.sync, with a remark. Warp specialization declines a kernel whose loops are not
// all at the top level (remark). The TileAS re-enters to the same PTX; test/emu/loops_in_if.test
// runs all three on the CPU emulator.
// RUN: %tilec -O3 --gpu-name=sm_90a --remarks %s -o %t.ptx 2> %t.remarks
// RUN: %FileCheck %s --check-prefix=REMARK < %t.remarks
// RUN: %FileCheck %s < %t.ptx
// RUN: %check-ptx sm_90a %t.ptx
// RUN: %tilec -O3 --gpu-name=sm_90a --emit=tileas %s -o %t.tileas.mlir
// RUN: %tilec -O3 --gpu-name=sm_90a %t.tileas.mlir -o %t.re.ptx
// RUN: cmp %t.ptx %t.re.ptx
// RUN: %tilec -O3 --gpu-name=sm_100a --remarks %s -o %t.100.ptx 2> %t.100.remarks
// RUN: %FileCheck %s --check-prefix=BW < %t.100.remarks
// RUN: %FileCheck %s --check-prefix=BWPTX < %t.100.ptx
// RUN: %check-ptx sm_100a %t.100.ptx
// RUN: %tilec -O3 --gpu-name=sm_100a --emit=tileas %s -o %t.100.tileas.mlir
// RUN: %tilec -O3 --gpu-name=sm_100a %t.100.tileas.mlir -o %t.100.re.ptx
// RUN: cmp %t.100.ptx %t.100.re.ptx
// RUN: %tilec -O3 --gpu-name=sm_90a --pipeline-strategy=warp-specialize --remarks %s -o %t.ws.ptx 2>&1 | %FileCheck %s --check-prefix=WS
// RUN: %check-ptx sm_90a %t.ws.ptx
// REMARK-DAG: loops_in_if.mlir:92:7: remark: wgmma path: 2 TMA pipes, 8192 bytes per iteration, 20 mbarriers; loop 1 of 2, its rings sharing shared memory with the other loops'
// REMARK-DAG: loops_in_if.mlir:102:5: remark: wgmma path: 2 TMA pipes, 8192 bytes per iteration, 20 mbarriers; loop 2 of 2, its rings sharing shared memory with the other loops'
// REMARK-DAG: loops_in_if.mlir:137:7: remark: wgmma path: 2 TMA pipes, 8192 bytes per iteration, 20 mbarriers; loop 1 of 2, its rings sharing shared memory with the other loops'
// REMARK-DAG: loops_in_if.mlir:148:7: remark: wgmma path: 2 TMA pipes, 8192 bytes per iteration, 20 mbarriers; loop 2 of 2, its rings sharing shared memory with the other loops'
// REMARK-DAG: loops_in_if.mlir:187:7: remark: mma.sync path: the mmaf ops are in several loops, one of them inside another loop
// REMARK-DAG: loops_in_if.mlir:194:9: remark: mma.sync path: the mmaf ops are in several loops, one of them inside another loop
// Loop 1's 2 x 5 stages x (full, empty), then loop 2's; loop 2's first fills after loop 1's exit barrier, inside the `if`.
// CHECK-LABEL: .entry first_in_if(
// CHECK-COUNT-40: mbarrier.init.shared.b64
// CHECK-NOT: mma.sync.aligned
// CHECK: wgmma.mma_async.sync.aligned.m64n64k16.f32.f16.f16
// CHECK: wgmma.wait_group.sync.aligned 0;
// CHECK-NEXT: // end inline asm
// CHECK-NEXT: bar.sync 0;
// CHECK: cp.async.bulk.tensor.2d.shared::cluster.global.tile.mbarrier::complete_tx::bytes
// CHECK: wgmma.mma_async.sync.aligned.m64n64k16.f32.f16.f16
// CHECK-LABEL: .entry both_in_ifs(
// CHECK-COUNT-40: mbarrier.init.shared.b64
// CHECK-NOT: mma.sync.aligned
// CHECK: wgmma.mma_async
// CHECK: wgmma.mma_async
// CHECK-LABEL: .entry inside_loop(
// CHECK-NOT: wgmma.mma_async
// CHECK: mma.sync.aligned
// BW-DAG: loops_in_if.mlir:92:7: remark: tcgen05 path: 2 TMA pipes, 8192 bytes per iteration, 25 mbarriers; each stage is released by a tcgen05.commit, refilled one iteration later; loop 1 of 2, its rings sharing shared memory with the other loops'
// BW-DAG: loops_in_if.mlir:102:5: remark: tcgen05 path: 2 TMA pipes, 8192 bytes per iteration, 25 mbarriers; each stage is released by a tcgen05.commit, refilled one iteration later; loop 2 of 2, its rings sharing shared memory with the other loops'
// BW-DAG: loops_in_if.mlir:148:7: remark: tcgen05 path: 2 TMA pipes, 8192 bytes per iteration, 25 mbarriers; each stage is released by a tcgen05.commit, refilled one iteration later; loop 2 of 2, its rings sharing shared memory with the other loops'
// BW-DAG: loops_in_if.mlir:187:7: remark: mma.sync path: the mmaf ops are in several loops, one of them inside another loop
// One TMEM allocation for both loops of first_in_if; loop 1's accumulator read back inside the `if`.
// BWPTX-LABEL: .entry first_in_if(
// BWPTX: tcgen05.alloc.cta_group::1
// BWPTX-NOT: tcgen05.alloc
// BWPTX: tcgen05.mma.cta_group::1.kind::f16
// BWPTX: tcgen05.ld.sync.aligned
// BWPTX: tcgen05.mma.cta_group::1.kind::f16
// BWPTX: tcgen05.dealloc.cta_group::1
// BWPTX-LABEL: .entry both_in_ifs(
// BWPTX: tcgen05.mma.cta_group::1.kind::f16
// BWPTX: tcgen05.mma.cta_group::1.kind::f16
// WS-DAG: loops_in_if.mlir:92:7: remark: warp specialization: not for this loop: the kernel has several loops, one of them inside an `if` (the producer agent serves top-level loops in turn only) (tileaa.for)
// WS-DAG: loops_in_if.mlir:137:7: remark: warp specialization: not for this loop: the kernel has several loops, one of them inside an `if` (the producer agent serves top-level loops in turn only) (tileaa.for)
cuda_tile.module @loop_in_if {
  entry @first_in_if(%a_ptr: tile<ptr<f16>>, %b_ptr: tile<ptr<f16>>, %u_ptr: tile<ptr<f16>>, %v_ptr: tile<ptr<f16>>, %c_ptr: tile<ptr<f32>>) {
    %a_ptr16 = assume div_by<16>, %a_ptr : tile<ptr<f16>>
    %a_tv = make_tensor_view %a_ptr16, shape = [128, 128], strides = [128, 1] : tensor_view<128x128xf16, strides=[128,1]>
    %a_pv = make_partition_view %a_tv : partition_view<tile=(64x32), tensor_view<128x128xf16, strides=[128,1]>>
    %b_ptr16 = assume div_by<16>, %b_ptr : tile<ptr<f16>>
    %b_tv = make_tensor_view %b_ptr16, shape = [128, 128], strides = [128, 1] : tensor_view<128x128xf16, strides=[128,1]>
    %b_pv = make_partition_view %b_tv : partition_view<tile=(32x64), tensor_view<128x128xf16, strides=[128,1]>>
    %u_ptr16 = assume div_by<16>, %u_ptr : tile<ptr<f16>>
    %u_tv = make_tensor_view %u_ptr16, shape = [128, 64], strides = [64, 1] : tensor_view<128x64xf16, strides=[64,1]>
    %u_pv = make_partition_view %u_tv : partition_view<tile=(64x32), tensor_view<128x64xf16, strides=[64,1]>>
    %v_ptr16 = assume div_by<16>, %v_ptr : tile<ptr<f16>>
    %v_tv = make_tensor_view %v_ptr16, shape = [64, 128], strides = [128, 1] : tensor_view<64x128xf16, strides=[128,1]>
    %v_pv = make_partition_view %v_tv : partition_view<tile=(32x64), tensor_view<64x128xf16, strides=[128,1]>>
    %c_ptr16 = assume div_by<16>, %c_ptr : tile<ptr<f32>>
    %c_tv = make_tensor_view %c_ptr16, shape = [128, 128], strides = [128, 1] : tensor_view<128x128xf32, strides=[128,1]>
    %c_pv = make_partition_view %c_tv : partition_view<tile=(64x64), tensor_view<128x128xf32, strides=[128,1]>>
    %bx, %by, %bz = get_tile_block_id : tile<i32>
    %c0 = constant <i32: 0> : tile<i32>
    %c1 = constant <i32: 1> : tile<i32>
    %nk = constant <i32: 4> : tile<i32>
    %nr = constant <i32: 2> : tile<i32>
    %zero = constant <f32: 0.000000e+00> : tile<64x64xf32>
    %pos = cmpi greater_than %bx, %c0, signed : tile<i32> -> tile<i1>
    %acc = if %pos -> (tile<64x64xf32>) {
      %acc1 = for %k in (%c0 to %nk, step %c1) : tile<i32> iter_values(%acc_it = %zero) -> (tile<64x64xf32>) {
        %a, %ta = load_view_tko weak %a_pv[%bx, %k] : partition_view<tile=(64x32), tensor_view<128x128xf16, strides=[128,1]>>, tile<i32> -> tile<64x32xf16>, token
        %b, %tb = load_view_tko weak %b_pv[%k, %by] : partition_view<tile=(32x64), tensor_view<128x128xf16, strides=[128,1]>>, tile<i32> -> tile<32x64xf16>, token
        %d0 = mmaf %a, %b, %acc_it : tile<64x32xf16>, tile<32x64xf16>, tile<64x64xf32>
        continue %d0 : tile<64x64xf32>
      }
      yield %acc1 : tile<64x64xf32>
    } else {
      yield %zero : tile<64x64xf32>
    }
    %out = for %r in (%c0 to %nr, step %c1) : tile<i32> iter_values(%acc2_it = %acc) -> (tile<64x64xf32>) {
      %u, %tu = load_view_tko weak %u_pv[%bx, %r] : partition_view<tile=(64x32), tensor_view<128x64xf16, strides=[64,1]>>, tile<i32> -> tile<64x32xf16>, token
      %v, %tv = load_view_tko weak %v_pv[%r, %by] : partition_view<tile=(32x64), tensor_view<64x128xf16, strides=[128,1]>>, tile<i32> -> tile<32x64xf16>, token
      %d1 = mmaf %u, %v, %acc2_it : tile<64x32xf16>, tile<32x64xf16>, tile<64x64xf32>
      continue %d1 : tile<64x64xf32>
    }
    %t = store_view_tko weak %out, %c_pv[%bx, %by] : tile<64x64xf32>, partition_view<tile=(64x64), tensor_view<128x128xf32, strides=[128,1]>>, tile<i32> -> token
    return
  }

  entry @both_in_ifs(%a_ptr: tile<ptr<f16>>, %b_ptr: tile<ptr<f16>>, %u_ptr: tile<ptr<f16>>, %v_ptr: tile<ptr<f16>>, %c_ptr: tile<ptr<f32>>) {
    %a_ptr16 = assume div_by<16>, %a_ptr : tile<ptr<f16>>
    %a_tv = make_tensor_view %a_ptr16, shape = [128, 128], strides = [128, 1] : tensor_view<128x128xf16, strides=[128,1]>
    %a_pv = make_partition_view %a_tv : partition_view<tile=(64x32), tensor_view<128x128xf16, strides=[128,1]>>
    %b_ptr16 = assume div_by<16>, %b_ptr : tile<ptr<f16>>
    %b_tv = make_tensor_view %b_ptr16, shape = [128, 128], strides = [128, 1] : tensor_view<128x128xf16, strides=[128,1]>
    %b_pv = make_partition_view %b_tv : partition_view<tile=(32x64), tensor_view<128x128xf16, strides=[128,1]>>
    %u_ptr16 = assume div_by<16>, %u_ptr : tile<ptr<f16>>
    %u_tv = make_tensor_view %u_ptr16, shape = [128, 64], strides = [64, 1] : tensor_view<128x64xf16, strides=[64,1]>
    %u_pv = make_partition_view %u_tv : partition_view<tile=(64x32), tensor_view<128x64xf16, strides=[64,1]>>
    %v_ptr16 = assume div_by<16>, %v_ptr : tile<ptr<f16>>
    %v_tv = make_tensor_view %v_ptr16, shape = [64, 128], strides = [128, 1] : tensor_view<64x128xf16, strides=[128,1]>
    %v_pv = make_partition_view %v_tv : partition_view<tile=(32x64), tensor_view<64x128xf16, strides=[128,1]>>
    %c_ptr16 = assume div_by<16>, %c_ptr : tile<ptr<f32>>
    %c_tv = make_tensor_view %c_ptr16, shape = [128, 128], strides = [128, 1] : tensor_view<128x128xf32, strides=[128,1]>
    %c_pv = make_partition_view %c_tv : partition_view<tile=(64x64), tensor_view<128x128xf32, strides=[128,1]>>
    %bx, %by, %bz = get_tile_block_id : tile<i32>
    %c0 = constant <i32: 0> : tile<i32>
    %c1 = constant <i32: 1> : tile<i32>
    %nk = constant <i32: 4> : tile<i32>
    %nr = constant <i32: 2> : tile<i32>
    %zero = constant <f32: 0.000000e+00> : tile<64x64xf32>
    %pos = cmpi greater_than %bx, %c0, signed : tile<i32> -> tile<i1>
    %posy = cmpi greater_than %by, %c0, signed : tile<i32> -> tile<i1>
    %acc = if %pos -> (tile<64x64xf32>) {
      %acc1 = for %k in (%c0 to %nk, step %c1) : tile<i32> iter_values(%acc_it = %zero) -> (tile<64x64xf32>) {
        %a, %ta = load_view_tko weak %a_pv[%bx, %k] : partition_view<tile=(64x32), tensor_view<128x128xf16, strides=[128,1]>>, tile<i32> -> tile<64x32xf16>, token
        %b, %tb = load_view_tko weak %b_pv[%k, %by] : partition_view<tile=(32x64), tensor_view<128x128xf16, strides=[128,1]>>, tile<i32> -> tile<32x64xf16>, token
        %d0 = mmaf %a, %b, %acc_it : tile<64x32xf16>, tile<32x64xf16>, tile<64x64xf32>
        continue %d0 : tile<64x64xf32>
      }
      yield %acc1 : tile<64x64xf32>
    } else {
      yield %zero : tile<64x64xf32>
    }
    %out = if %posy -> (tile<64x64xf32>) {
      %acc3 = for %r in (%c0 to %nr, step %c1) : tile<i32> iter_values(%acc2_it = %acc) -> (tile<64x64xf32>) {
        %u, %tu = load_view_tko weak %u_pv[%bx, %r] : partition_view<tile=(64x32), tensor_view<128x64xf16, strides=[64,1]>>, tile<i32> -> tile<64x32xf16>, token
        %v, %tv = load_view_tko weak %v_pv[%r, %by] : partition_view<tile=(32x64), tensor_view<64x128xf16, strides=[128,1]>>, tile<i32> -> tile<32x64xf16>, token
        %d1 = mmaf %u, %v, %acc2_it : tile<64x32xf16>, tile<32x64xf16>, tile<64x64xf32>
        continue %d1 : tile<64x64xf32>
      }
      yield %acc3 : tile<64x64xf32>
    } else {
      yield %acc : tile<64x64xf32>
    }
    %t = store_view_tko weak %out, %c_pv[%bx, %by] : tile<64x64xf32>, partition_view<tile=(64x64), tensor_view<128x128xf32, strides=[128,1]>>, tile<i32> -> token
    return
  }

  entry @inside_loop(%a_ptr: tile<ptr<f16>>, %b_ptr: tile<ptr<f16>>, %u_ptr: tile<ptr<f16>>, %v_ptr: tile<ptr<f16>>, %c_ptr: tile<ptr<f32>>) {
    %a_ptr16 = assume div_by<16>, %a_ptr : tile<ptr<f16>>
    %a_tv = make_tensor_view %a_ptr16, shape = [128, 128], strides = [128, 1] : tensor_view<128x128xf16, strides=[128,1]>
    %a_pv = make_partition_view %a_tv : partition_view<tile=(64x32), tensor_view<128x128xf16, strides=[128,1]>>
    %b_ptr16 = assume div_by<16>, %b_ptr : tile<ptr<f16>>
    %b_tv = make_tensor_view %b_ptr16, shape = [128, 128], strides = [128, 1] : tensor_view<128x128xf16, strides=[128,1]>
    %b_pv = make_partition_view %b_tv : partition_view<tile=(32x64), tensor_view<128x128xf16, strides=[128,1]>>
    %u_ptr16 = assume div_by<16>, %u_ptr : tile<ptr<f16>>
    %u_tv = make_tensor_view %u_ptr16, shape = [128, 64], strides = [64, 1] : tensor_view<128x64xf16, strides=[64,1]>
    %u_pv = make_partition_view %u_tv : partition_view<tile=(64x32), tensor_view<128x64xf16, strides=[64,1]>>
    %v_ptr16 = assume div_by<16>, %v_ptr : tile<ptr<f16>>
    %v_tv = make_tensor_view %v_ptr16, shape = [64, 128], strides = [128, 1] : tensor_view<64x128xf16, strides=[128,1]>
    %v_pv = make_partition_view %v_tv : partition_view<tile=(32x64), tensor_view<64x128xf16, strides=[128,1]>>
    %c_ptr16 = assume div_by<16>, %c_ptr : tile<ptr<f32>>
    %c_tv = make_tensor_view %c_ptr16, shape = [128, 128], strides = [128, 1] : tensor_view<128x128xf32, strides=[128,1]>
    %c_pv = make_partition_view %c_tv : partition_view<tile=(64x64), tensor_view<128x128xf32, strides=[128,1]>>
    %bx, %by, %bz = get_tile_block_id : tile<i32>
    %c0 = constant <i32: 0> : tile<i32>
    %c1 = constant <i32: 1> : tile<i32>
    %nk = constant <i32: 4> : tile<i32>
    %nr = constant <i32: 2> : tile<i32>
    %zero = constant <f32: 0.000000e+00> : tile<64x64xf32>
    %acc = for %k in (%c0 to %nk, step %c1) : tile<i32> iter_values(%acc_it = %zero) -> (tile<64x64xf32>) {
      %a, %ta = load_view_tko weak %a_pv[%bx, %k] : partition_view<tile=(64x32), tensor_view<128x128xf16, strides=[128,1]>>, tile<i32> -> tile<64x32xf16>, token
      %b, %tb = load_view_tko weak %b_pv[%k, %by] : partition_view<tile=(32x64), tensor_view<128x128xf16, strides=[128,1]>>, tile<i32> -> tile<32x64xf16>, token
      %d0 = mmaf %a, %b, %acc_it : tile<64x32xf16>, tile<32x64xf16>, tile<64x64xf32>
      continue %d0 : tile<64x64xf32>
    }
    %out = for %o in (%c0 to %c1, step %c1) : tile<i32> iter_values(%oacc = %acc) -> (tile<64x64xf32>) {
      %acc3 = for %r in (%c0 to %nr, step %c1) : tile<i32> iter_values(%acc2_it = %oacc) -> (tile<64x64xf32>) {
        %u, %tu = load_view_tko weak %u_pv[%bx, %r] : partition_view<tile=(64x32), tensor_view<128x64xf16, strides=[64,1]>>, tile<i32> -> tile<64x32xf16>, token
        %v, %tv = load_view_tko weak %v_pv[%r, %by] : partition_view<tile=(32x64), tensor_view<64x128xf16, strides=[128,1]>>, tile<i32> -> tile<32x64xf16>, token
        %d1 = mmaf %u, %v, %acc2_it : tile<64x32xf16>, tile<32x64xf16>, tile<64x64xf32>
        continue %d1 : tile<64x64xf32>
      }
      continue %acc3 : tile<64x64xf32>
    }
    %t = store_view_tko weak %out, %c_pv[%bx, %by] : tile<64x64xf32>, partition_view<tile=(64x64), tensor_view<128x128xf32, strides=[128,1]>>, tile<i32> -> token
    return
  }
}
