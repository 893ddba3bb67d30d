// Several tensor-core loops, some of them inside `if`s (issue 12: "anywhere in the kernel"; lib/
// tileas/hopper_plan.c plan()): the entry runs a loop inside an `if` at most once, so its rings
// start afresh like a top-level loop's (stage and parity from the iteration, no ring state) and
// share shared memory with the other loops' rings like theirs. `first_in_if`: loop 1 in an `if`,
// loop 2 after it at the top level; `both_in_ifs`: each loop in its own `if`. A loop inside another
// loop (`inside_loop`: after a top-level loop; `nested_first`: before one; `two_nested`: two loops in
// one outer loop) runs its rings on across its executions — stage and parity from its global
// iteration, kept in its own two words of the kernel's ring state (plan ring_word 2 l) — like a
// single nested loop's; the outer loops run 3 times, so the 5-stage rings wrap. Warp
// specialization (issue 13): the producer's replay runs the control flow around the loops
// (ws_slice.c ct_ws_is_around), and drains another loop's rings only when that loop has filled any
// (its global fill count in a word that stays 0 until it runs; two_nested: loop 2's previous execution
// before loop 1's next); every kernel here is warp-specialised (an `if` yielding the loop's result:
// the producer yields a placeholder). The TileAS re-enters to the same PTX; test/emu/loops_in_if.test
// runs every kernel on the CPU emulator.
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
// RUN: %tilec -O3 --gpu-name=sm_90a --pipeline-strategy=warp-specialize --remarks %s -o %t.ws.ptx 2> %t.ws.remarks
// RUN: %FileCheck %s --check-prefix=WS < %t.ws.remarks
// RUN: %FileCheck %s --check-prefix=WSPTX < %t.ws.ptx
// RUN: %check-ptx sm_90a %t.ws.ptx
// RUN: %tilec -O3 --gpu-name=sm_90a --pipeline-strategy=warp-specialize --emit=tileas %s -o %t.ws.tileas.mlir
// RUN: %tilec -O3 --gpu-name=sm_90a %t.ws.tileas.mlir -o %t.ws.re.ptx
// RUN: cmp %t.ws.ptx %t.ws.re.ptx
// RUN: %tilec -O3 --gpu-name=sm_100a --pipeline-strategy=warp-specialize --remarks %s -o %t.ws100.ptx 2>&1 | %FileCheck %s --check-prefix=WS100
// RUN: %check-ptx sm_100a %t.ws100.ptx
// REMARK-DAG: loops_in_if.mlir:137:7: remark: wgmma path: 2 TMA pipes, 8192 bytes per iteration, 20 mbarriers; loop 1 of 2, its rings sharing shared memory with the other loops'
// REMARK-DAG: loops_in_if.mlir:147:5: remark: wgmma path: 2 TMA pipes, 8192 bytes per iteration, 20 mbarriers; loop 2 of 2, its rings sharing shared memory with the other loops'
// REMARK-DAG: loops_in_if.mlir:182:7: remark: wgmma path: 2 TMA pipes, 8192 bytes per iteration, 20 mbarriers; loop 1 of 2, its rings sharing shared memory with the other loops'
// REMARK-DAG: loops_in_if.mlir:193:7: remark: wgmma path: 2 TMA pipes, 8192 bytes per iteration, 20 mbarriers; loop 2 of 2, its rings sharing shared memory with the other loops'
// REMARK-DAG: loops_in_if.mlir:237:7: remark: wgmma path: 2 TMA pipes, 8192 bytes per iteration, 20 mbarriers; loop 2 of 2, its rings sharing shared memory with the other loops'
// REMARK-DAG: loops_in_if.mlir:273:7: remark: wgmma path: 2 TMA pipes, 8192 bytes per iteration, 20 mbarriers; loop 1 of 2, its rings sharing shared memory with the other loops'
// REMARK-DAG: loops_in_if.mlir:315:7: remark: wgmma path: 2 TMA pipes, 8192 bytes per iteration, 20 mbarriers; loop 1 of 2, its rings sharing shared memory with the other loops'
// REMARK-DAG: loops_in_if.mlir:321:7: remark: wgmma path: 2 TMA pipes, 8192 bytes per iteration, 20 mbarriers; loop 2 of 2, its rings sharing shared memory with the other loops'
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
// A nested loop's rings run on across the outer loop's 3 executions (stages from the global iteration);
// that they do is the emulator's to show (test/emu/loops_in_if.test).
// CHECK-LABEL: .entry inside_loop(
// CHECK-NOT: mma.sync.aligned
// CHECK: wgmma.mma_async
// CHECK-COUNT-2: wgmma.mma_async
// CHECK-LABEL: .entry nested_first(
// CHECK-NOT: mma.sync.aligned
// CHECK: wgmma.mma_async
// CHECK-LABEL: .entry two_nested(
// CHECK-NOT: mma.sync.aligned
// CHECK: wgmma.mma_async
// CHECK-LABEL: .entry ws_first_in_if(
// CHECK-NOT: mma.sync.aligned
// CHECK: wgmma.mma_async
// BW-DAG: loops_in_if.mlir:137:7: remark: tcgen05 path: 2 TMA pipes, 8192 bytes per iteration, 25 mbarriers; each stage is released by a tcgen05.commit, refilled one iteration later; loop 1 of 2, its rings sharing shared memory with the other loops'
// BW-DAG: loops_in_if.mlir:147:5: remark: tcgen05 path: 2 TMA pipes, 8192 bytes per iteration, 25 mbarriers; each stage is released by a tcgen05.commit, refilled one iteration later; loop 2 of 2, its rings sharing shared memory with the other loops'
// BW-DAG: loops_in_if.mlir:193:7: remark: tcgen05 path: 2 TMA pipes, 8192 bytes per iteration, 25 mbarriers; each stage is released by a tcgen05.commit, refilled one iteration later; loop 2 of 2, its rings sharing shared memory with the other loops'
// BW-DAG: loops_in_if.mlir:315:7: remark: tcgen05 path: 2 TMA pipes, 8192 bytes per iteration, 25 mbarriers; each stage is released by a tcgen05.commit, refilled one iteration later; loop 1 of 2, its rings sharing shared memory with the other loops'
// BW-DAG: loops_in_if.mlir:324:9: remark: tcgen05 path: m64n64k16 kind::f16 issued by thread 0, accumulator in TMEM columns [0, 64) of 64 allocated; 128 threads read it back (tcgen05.ld)
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
// WS-DAG: loops_in_if.mlir:137:7: remark: warp specialization (--pipeline-strategy=warp-specialize, heavy variant{{.*}}issues the TMA fills for the kernel's 2 loops in turn
// WS-DAG: loops_in_if.mlir:182:7: remark: warp specialization (--pipeline-strategy=warp-specialize, heavy variant{{.*}}issues the TMA fills for the kernel's 2 loops in turn
// WS-DAG: loops_in_if.mlir:229:5: remark: warp specialization (--pipeline-strategy=warp-specialize, heavy variant{{.*}}issues the TMA fills for the kernel's 2 loops in turn
// WS-DAG: loops_in_if.mlir:273:7: remark: warp specialization (--pipeline-strategy=warp-specialize, heavy variant{{.*}}issues the TMA fills for the kernel's 2 loops in turn
// WS-DAG: loops_in_if.mlir:315:7: remark: warp specialization (--pipeline-strategy=warp-specialize, heavy variant{{.*}}issues the TMA fills for the kernel's 2 loops in turn
// WS-DAG: loops_in_if.mlir:361:7: remark: warp specialization (--pipeline-strategy=warp-specialize, heavy variant{{.*}}issues the TMA fills for the kernel's 2 loops in turn (a loop's rings reuse an earlier loop's shared memory: the producer waits for that loop's last stages first)
// WS-DAG: loops_in_if.mlir:409:7: remark: warp specialization (--pipeline-strategy=warp-specialize, heavy variant{{.*}}issues the TMA fills for the kernel's 2 loops in turn
// The producer (warps 4-7, thread 128 issuing) replays the `if` (%ctaid.x != 0) around loop 1, then drains
// loop 1's rings, behind a test of its trip word, before loop 2's fills.
// WSPTX-LABEL: .entry ws_first_in_if(
// WSPTX: setmaxnreg.dec.sync.aligned.u32 24;
// WSPTX: mov.u32 [[X:%r[0-9]+]], %ctaid.x;
// WSPTX: setp.ne.b32 {{%p[0-9]+}}, [[X]], 0;
// WSPTX: cp.async.bulk.tensor.2d
// WSPTX: mbarrier.try_wait.parity.shared.b64
// WSPTX: setmaxnreg.inc.sync.aligned.u32
// WSPTX-LABEL: .entry ws_both_in_ifs(
// WSPTX: setmaxnreg.dec.sync.aligned.u32 24;
// WS100: loops_in_if.mlir:361:7: remark: warp specialization (
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
    %c3 = constant <i32: 3> : tile<i32>
    %out = for %o in (%c0 to %c3, step %c1) : tile<i32> iter_values(%oacc = %acc) -> (tile<64x64xf32>) {
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

  entry @nested_first(%a_ptr: tile<ptr<f16>>, %b_ptr: tile<ptr<f16>>, %u_ptr: tile<ptr<f16>>, %v_ptr: tile<ptr<f16>>, %c_ptr: tile<ptr<f32>>) {
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
    %c3 = constant <i32: 3> : tile<i32>
    %acc = for %o in (%c0 to %c3, step %c1) : tile<i32> iter_values(%oacc = %zero) -> (tile<64x64xf32>) {
      %acc1 = for %k in (%c0 to %nk, step %c1) : tile<i32> iter_values(%acc_it = %oacc) -> (tile<64x64xf32>) {
        %a, %ta = load_view_tko weak %a_pv[%bx, %k] : partition_view<tile=(64x32), tensor_view<128x128xf16, strides=[128,1]>>, tile<i32> -> tile<64x32xf16>, token
        %b, %tb = load_view_tko weak %b_pv[%k, %by] : partition_view<tile=(32x64), tensor_view<128x128xf16, strides=[128,1]>>, tile<i32> -> tile<32x64xf16>, token
        %d0 = mmaf %a, %b, %acc_it : tile<64x32xf16>, tile<32x64xf16>, tile<64x64xf32>
        continue %d0 : tile<64x64xf32>
      }
      continue %acc1 : tile<64x64xf32>
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

  entry @two_nested(%a_ptr: tile<ptr<f16>>, %b_ptr: tile<ptr<f16>>, %u_ptr: tile<ptr<f16>>, %v_ptr: tile<ptr<f16>>, %c_ptr: tile<ptr<f32>>) {
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
    %c3 = constant <i32: 3> : tile<i32>
    %out = for %o in (%c0 to %c3, step %c1) : tile<i32> iter_values(%oacc = %zero) -> (tile<64x64xf32>) {
      %acc1 = for %k in (%c0 to %nk, step %c1) : tile<i32> iter_values(%acc_it = %oacc) -> (tile<64x64xf32>) {
        %a, %ta = load_view_tko weak %a_pv[%bx, %k] : partition_view<tile=(64x32), tensor_view<128x128xf16, strides=[128,1]>>, tile<i32> -> tile<64x32xf16>, token
        %b, %tb = load_view_tko weak %b_pv[%k, %by] : partition_view<tile=(32x64), tensor_view<128x128xf16, strides=[128,1]>>, tile<i32> -> tile<32x64xf16>, token
        %d0 = mmaf %a, %b, %acc_it : tile<64x32xf16>, tile<32x64xf16>, tile<64x64xf32>
        continue %d0 : tile<64x64xf32>
      }
      %acc2 = for %r in (%c0 to %nr, step %c1) : tile<i32> iter_values(%acc2_it = %acc1) -> (tile<64x64xf32>) {
        %u, %tu = load_view_tko weak %u_pv[%bx, %r] : partition_view<tile=(64x32), tensor_view<128x64xf16, strides=[64,1]>>, tile<i32> -> tile<64x32xf16>, token
        %v, %tv = load_view_tko weak %v_pv[%r, %by] : partition_view<tile=(32x64), tensor_view<64x128xf16, strides=[128,1]>>, tile<i32> -> tile<32x64xf16>, token
        %d1 = mmaf %u, %v, %acc2_it : tile<64x32xf16>, tile<32x64xf16>, tile<64x64xf32>
        continue %d1 : tile<64x64xf32>
      }
      continue %acc2 : tile<64x64xf32>
    }
    %t = store_view_tko weak %out, %c_pv[%bx, %by] : tile<64x64xf32>, partition_view<tile=(64x64), tensor_view<128x128xf32, strides=[128,1]>>, tile<i32> -> token
    return
  }

  entry @ws_first_in_if(%a_ptr: tile<ptr<f16>>, %b_ptr: tile<ptr<f16>>, %u_ptr: tile<ptr<f16>>, %v_ptr: tile<ptr<f16>>, %c_ptr: tile<ptr<f32>>, %d_ptr: tile<ptr<f32>>) {
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
    %d_ptr16 = assume div_by<16>, %d_ptr : tile<ptr<f32>>
    %d_tv = make_tensor_view %d_ptr16, shape = [128, 128], strides = [128, 1] : tensor_view<128x128xf32, strides=[128,1]>
    %d_pv = make_partition_view %d_tv : partition_view<tile=(64x64), tensor_view<128x128xf32, strides=[128,1]>>
    %bx, %by, %bz = get_tile_block_id : tile<i32>
    %c0 = constant <i32: 0> : tile<i32>
    %c1 = constant <i32: 1> : tile<i32>
    %nk = constant <i32: 4> : tile<i32>
    %nr = constant <i32: 2> : tile<i32>
    %zero = constant <f32: 0.000000e+00> : tile<64x64xf32>
    %t0d = store_view_tko weak %zero, %d_pv[%bx, %by] : tile<64x64xf32>, partition_view<tile=(64x64), tensor_view<128x128xf32, strides=[128,1]>>, tile<i32> -> token
    %pos = cmpi greater_than %bx, %c0, signed : tile<i32> -> tile<i1>
    if %pos {
      %acc1 = for %k in (%c0 to %nk, step %c1) : tile<i32> iter_values(%acc_it = %zero) -> (tile<64x64xf32>) {
        %a, %ta = load_view_tko weak %a_pv[%bx, %k] : partition_view<tile=(64x32), tensor_view<128x128xf16, strides=[128,1]>>, tile<i32> -> tile<64x32xf16>, token
        %b, %tb = load_view_tko weak %b_pv[%k, %by] : partition_view<tile=(32x64), tensor_view<128x128xf16, strides=[128,1]>>, tile<i32> -> tile<32x64xf16>, token
        %d0 = mmaf %a, %b, %acc_it : tile<64x32xf16>, tile<32x64xf16>, tile<64x64xf32>
        continue %d0 : tile<64x64xf32>
      }
      %t1 = store_view_tko weak %acc1, %d_pv[%bx, %by] : tile<64x64xf32>, partition_view<tile=(64x64), tensor_view<128x128xf32, strides=[128,1]>>, tile<i32> -> token
    }
    %acc2 = for %r in (%c0 to %nr, step %c1) : tile<i32> iter_values(%acc2_it = %zero) -> (tile<64x64xf32>) {
      %u, %tu = load_view_tko weak %u_pv[%bx, %r] : partition_view<tile=(64x32), tensor_view<128x64xf16, strides=[64,1]>>, tile<i32> -> tile<64x32xf16>, token
      %v, %tv = load_view_tko weak %v_pv[%r, %by] : partition_view<tile=(32x64), tensor_view<64x128xf16, strides=[128,1]>>, tile<i32> -> tile<32x64xf16>, token
      %d1 = mmaf %u, %v, %acc2_it : tile<64x32xf16>, tile<32x64xf16>, tile<64x64xf32>
      continue %d1 : tile<64x64xf32>
    }
    %t2 = store_view_tko weak %acc2, %c_pv[%bx, %by] : tile<64x64xf32>, partition_view<tile=(64x64), tensor_view<128x128xf32, strides=[128,1]>>, tile<i32> -> token
    return
  }

  entry @ws_both_in_ifs(%a_ptr: tile<ptr<f16>>, %b_ptr: tile<ptr<f16>>, %u_ptr: tile<ptr<f16>>, %v_ptr: tile<ptr<f16>>, %c_ptr: tile<ptr<f32>>, %d_ptr: tile<ptr<f32>>) {
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
    %d_ptr16 = assume div_by<16>, %d_ptr : tile<ptr<f32>>
    %d_tv = make_tensor_view %d_ptr16, shape = [128, 128], strides = [128, 1] : tensor_view<128x128xf32, strides=[128,1]>
    %d_pv = make_partition_view %d_tv : partition_view<tile=(64x64), tensor_view<128x128xf32, strides=[128,1]>>
    %bx, %by, %bz = get_tile_block_id : tile<i32>
    %c0 = constant <i32: 0> : tile<i32>
    %c1 = constant <i32: 1> : tile<i32>
    %nk = constant <i32: 4> : tile<i32>
    %nr = constant <i32: 2> : tile<i32>
    %zero = constant <f32: 0.000000e+00> : tile<64x64xf32>
    %t0d = store_view_tko weak %zero, %d_pv[%bx, %by] : tile<64x64xf32>, partition_view<tile=(64x64), tensor_view<128x128xf32, strides=[128,1]>>, tile<i32> -> token
    %t0c = store_view_tko weak %zero, %c_pv[%bx, %by] : tile<64x64xf32>, partition_view<tile=(64x64), tensor_view<128x128xf32, strides=[128,1]>>, tile<i32> -> token
    %pos = cmpi greater_than %bx, %c0, signed : tile<i32> -> tile<i1>
    %posy = cmpi greater_than %by, %c0, signed : tile<i32> -> tile<i1>
    if %pos {
      %acc1 = for %k in (%c0 to %nk, step %c1) : tile<i32> iter_values(%acc_it = %zero) -> (tile<64x64xf32>) {
        %a, %ta = load_view_tko weak %a_pv[%bx, %k] : partition_view<tile=(64x32), tensor_view<128x128xf16, strides=[128,1]>>, tile<i32> -> tile<64x32xf16>, token
        %b, %tb = load_view_tko weak %b_pv[%k, %by] : partition_view<tile=(32x64), tensor_view<128x128xf16, strides=[128,1]>>, tile<i32> -> tile<32x64xf16>, token
        %d0 = mmaf %a, %b, %acc_it : tile<64x32xf16>, tile<32x64xf16>, tile<64x64xf32>
        continue %d0 : tile<64x64xf32>
      }
      %t1 = store_view_tko weak %acc1, %d_pv[%bx, %by] : tile<64x64xf32>, partition_view<tile=(64x64), tensor_view<128x128xf32, strides=[128,1]>>, tile<i32> -> token
    }
    if %posy {
      %acc2 = for %r in (%c0 to %nr, step %c1) : tile<i32> iter_values(%acc2_it = %zero) -> (tile<64x64xf32>) {
        %u, %tu = load_view_tko weak %u_pv[%bx, %r] : partition_view<tile=(64x32), tensor_view<128x64xf16, strides=[64,1]>>, tile<i32> -> tile<64x32xf16>, token
        %v, %tv = load_view_tko weak %v_pv[%r, %by] : partition_view<tile=(32x64), tensor_view<64x128xf16, strides=[128,1]>>, tile<i32> -> tile<32x64xf16>, token
        %d1 = mmaf %u, %v, %acc2_it : tile<64x32xf16>, tile<32x64xf16>, tile<64x64xf32>
        continue %d1 : tile<64x64xf32>
      }
      %t2 = store_view_tko weak %acc2, %c_pv[%bx, %by] : tile<64x64xf32>, partition_view<tile=(64x64), tensor_view<128x128xf32, strides=[128,1]>>, tile<i32> -> token
    }
    return
  }
}
