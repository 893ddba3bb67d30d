// TMA rings in loops of kernels without mmaf (issue 12 item 4; hopper_plan.c plan_bulk,
// lower_hopper_store.c lower_bulk_consume / lower_bulk_release): under TILEIR_PREFER_TMA_FOR_LOAD_STORE
// a view load TileAS put on TMA directly in a top-level loop (a column loop, a strip-mined row)
// becomes a ring of TileAS's stages: thread 0 fills the stages of the first S iterations before the
// loop; in iteration kt every thread waits for its stage's full mbarrier, reads the tile with
// ld.shared (the consume's blocked layout), arrives on the stage's empty mbarrier at the tile's
// release, and thread 0 refills that stage for iteration kt + S once every thread has arrived. The
// ring protocol check (ws_protocol.c) proves these rings on every compile.
// RUN: env TILEIR_PREFER_TMA_FOR_LOAD_STORE=1 %tilec -O3 --gpu-name=sm_90a --remarks %s -o %t.ptx 2> %t.remarks
// RUN: %FileCheck %s --check-prefix=REMARK < %t.remarks
// RUN: %FileCheck %s --check-prefix=DECL < %t.remarks
// RUN: %FileCheck %s < %t.ptx
// RUN: %check-ptx sm_90a %t.ptx
// RUN: env TILEIR_PREFER_TMA_FOR_LOAD_STORE=1 %tilec -O3 --gpu-name=sm_100a %s -o %t.100.ptx
// RUN: %FileCheck %s --check-prefix=SM100 < %t.100.ptx
// RUN: %check-ptx sm_100a %t.100.ptx
// The decision is in TileAS (the ring's stages, offsets and mbarriers): the TileAS file compiles to
// the same PTX without the tunable.
// RUN: env TILEIR_PREFER_TMA_FOR_LOAD_STORE=1 %tilec --gpu-name=sm_90a --emit=tileas %s -o %t.tileas.mlir
// RUN: %FileCheck %s --check-prefix=TILEAS < %t.tileas.mlir
// RUN: %tilec -O3 --gpu-name=sm_90a %t.tileas.mlir -o %t.reentered.ptx
// RUN: cmp %t.ptx %t.reentered.ptx
// A ring whose empty mbarrier counts fewer arrivals than the threads that release it is refused by
// the protocol check, located at the pipe; one that counts more never completes a phase (the same check).
// RUN: sed 's/empty_arrivals = 128/empty_arrivals = 64/' %t.tileas.mlir > %t.bad.mlir
// RUN: not %tilec -O3 --gpu-name=sm_90a %t.bad.mlir -o /dev/null 2>&1 | %FileCheck %s --check-prefix=BAD64
// BAD64: bad.mlir:{{[0-9]+}}:{{[0-9]+}}: error: mbarrier protocol check: the whole-CTA agent's arrive on pipe 0's empty mbarrier (stage 0) exceeds its init count 64 in one phase
// RUN: sed 's/empty_arrivals = 128/empty_arrivals = 256/' %t.tileas.mlir > %t.bad2.mlir
// RUN: not %tilec -O3 --gpu-name=sm_90a %t.bad2.mlir -o /dev/null 2>&1 | %FileCheck %s --check-prefix=BAD256
// BAD256: bad2.mlir:{{[0-9]+}}:{{[0-9]+}}: error: mbarrier protocol check: pipe 0's empty mbarrier (stage 0) ends a loop of 1 iterations in a partial phase: arrivals per phase differ from its init count 256
// Without the tunable every access stays SIMT.
// RUN: %tilec -O3 --gpu-name=sm_90a %s -o %t.default.ptx
// RUN: %FileCheck %s --check-prefix=DEFAULT < %t.default.ptx

// REMARK: tma_ring_simt.mlir:[[@LINE+34]]:7: remark: TMA ring: 4 stages of 1 box 16x128, swizzle 0B, in shared memory at +0 (a full and an empty mbarrier per stage); thread 0 fills the stages of the first 4 iterations before the loop
// REMARK: tma_ring_simt.mlir:[[@LINE+37]]:5: remark: TMA store: 1 box(es) 16x128, swizzle 0B, staged at +0 in shared memory (reusing the TMA loads' buffers)
// DECL-DAG: tma_ring_simt.mlir:[[@LINE+58]]:9: remark: TileAS chose a TMA load for this tile; it is loaded with ld.global: the load is inside control flow other than a loop at the kernel's top level
// DECL-DAG: tma_ring_simt.mlir:[[@LINE+67]]:7: remark: TileAS chose a TMA load for this tile; it is loaded with ld.global: a load index is computed inside the loop
// DECL-DAG: tma_ring_simt.mlir:[[@LINE+72]]:9: remark: TileAS chose a TMA load for this tile; it is loaded with ld.global: the load is inside control flow other than a loop at the kernel's top level
// CHECK-LABEL: .entry rowsum(
// CHECK-COUNT-8: mbarrier.init.shared.b64
// CHECK: cp.async.bulk.tensor.2d.shared::cluster.global.tile.mbarrier::complete_tx::bytes
// CHECK: mbarrier.try_wait.parity.shared.b64
// CHECK: ld.shared.v4.b32
// CHECK: mbarrier.arrive.shared.b64
// CHECK: mbarrier.try_wait.parity.shared.b64
// CHECK: cp.async.bulk.tensor.2d.shared::cluster.global.tile.mbarrier::complete_tx::bytes
// CHECK: cp.async.bulk.tensor.2d.global.shared::cta.tile.bulk_group
// SM100-LABEL: .entry rowsum(
// SM100: ld.shared.v{{[24]}}.b{{32|64}}
// SM100: mbarrier.arrive.shared.b64
// TILEAS: "tileas.pipe"(%{{[0-9]+}}) {{{.*}}stages = 4 : i64, tileas.barriers = {empty = 32800 : i64, empty_arrivals = 128 : i64, full = 32768 : i64, full_arrivals = 1 : i64}
// DEFAULT-LABEL: .entry rowsum(
// DEFAULT-NOT: cp.async.bulk
// DEFAULT: ld.global
cuda_tile.module @tma_ring_simt {
  entry @rowsum(%x_ptr: tile<ptr<f32>>, %y_ptr: tile<ptr<f32>>, %nk: tile<i32>) {
    %xp = assume div_by<16>, %x_ptr : tile<ptr<f32>>
    %yp = assume div_by<16>, %y_ptr : tile<ptr<f32>>
    %x_tv = make_tensor_view %xp, shape = [256, 2048], strides = [2048, 1] : tensor_view<256x2048xf32, strides=[2048,1]>
    %x_pv = make_partition_view %x_tv : partition_view<tile=(16x128), tensor_view<256x2048xf32, strides=[2048,1]>>
    %y_tv = make_tensor_view %yp, shape = [256, 128], strides = [128, 1] : tensor_view<256x128xf32, strides=[128,1]>
    %y_pv = make_partition_view %y_tv : partition_view<tile=(16x128), tensor_view<256x128xf32, strides=[128,1]>>
    %bx, %by, %bz = get_tile_block_id : tile<i32>
    %c0 = constant <i32: 0> : tile<i32>
    %c1 = constant <i32: 1> : tile<i32>
    %zero = constant <f32: 0.000000e+00> : tile<16x128xf32>
    %acc = for %k in (%c0 to %nk, step %c1) : tile<i32> iter_values(%acc_it = %zero) -> (tile<16x128xf32>) {
      %x, %tx = load_view_tko weak %x_pv[%bx, %k] : partition_view<tile=(16x128), tensor_view<256x2048xf32, strides=[2048,1]>>, tile<i32> -> tile<16x128xf32>, token
      %s = addf %acc_it, %x : tile<16x128xf32>
      continue %s : tile<16x128xf32>
    }
    %t = store_view_tko weak %acc, %y_pv[%bx, %c0] : tile<16x128xf32>, partition_view<tile=(16x128), tensor_view<256x128xf32, strides=[128,1]>>, tile<i32> -> token
    return
  }

  // A load in an `if` inside the loop, one whose index is computed in the loop, and one in a loop
  // nested in another stay ld.global, each with its reason.
  entry @declined(%x_ptr: tile<ptr<f32>>, %y_ptr: tile<ptr<f32>>, %nk: tile<i32>) {
    %xp = assume div_by<16>, %x_ptr : tile<ptr<f32>>
    %yp = assume div_by<16>, %y_ptr : tile<ptr<f32>>
    %x_tv = make_tensor_view %xp, shape = [256, 2048], strides = [2048, 1] : tensor_view<256x2048xf32, strides=[2048,1]>
    %x_pv = make_partition_view %x_tv : partition_view<tile=(16x128), tensor_view<256x2048xf32, strides=[2048,1]>>
    %y_tv = make_tensor_view %yp, shape = [256, 128], strides = [128, 1] : tensor_view<256x128xf32, strides=[128,1]>
    %y_pv = make_partition_view %y_tv : partition_view<tile=(16x128), tensor_view<256x128xf32, strides=[128,1]>>
    %bx, %by, %bz = get_tile_block_id : tile<i32>
    %c0 = constant <i32: 0> : tile<i32>
    %c1 = constant <i32: 1> : tile<i32>
    %c2 = constant <i32: 2> : tile<i32>
    %zero = constant <f32: 0.000000e+00> : tile<16x128xf32>
    %a1 = for %k in (%c0 to %nk, step %c1) : tile<i32> iter_values(%acc_it = %zero) -> (tile<16x128xf32>) {
      %odd = remi %k, %c2 signed : tile<i32>
      %is_odd = cmpi equal %odd, %c1, signed : tile<i32> -> tile<i1>
      %v = if %is_odd -> (tile<16x128xf32>) {
        %x, %tx = load_view_tko weak %x_pv[%bx, %k] : partition_view<tile=(16x128), tensor_view<256x2048xf32, strides=[2048,1]>>, tile<i32> -> tile<16x128xf32>, token
        yield %x : tile<16x128xf32>
      } else {
        yield %zero : tile<16x128xf32>
      }
      %s = addf %acc_it, %v : tile<16x128xf32>
      continue %s : tile<16x128xf32>
    }
    %a2 = for %k in (%c0 to %nk, step %c1) : tile<i32> iter_values(%acc_it = %a1) -> (tile<16x128xf32>) {
      %k2 = muli %k, %c2 : tile<i32>
      %x, %tx = load_view_tko weak %x_pv[%bx, %k2] : partition_view<tile=(16x128), tensor_view<256x2048xf32, strides=[2048,1]>>, tile<i32> -> tile<16x128xf32>, token
      %s = addf %acc_it, %x : tile<16x128xf32>
      continue %s : tile<16x128xf32>
    }
    %a3 = for %j in (%c0 to %c2, step %c1) : tile<i32> iter_values(%o_it = %a2) -> (tile<16x128xf32>) {
      %in = for %k in (%c0 to %nk, step %c1) : tile<i32> iter_values(%acc_it = %o_it) -> (tile<16x128xf32>) {
        %x, %tx = load_view_tko weak %x_pv[%bx, %k] : partition_view<tile=(16x128), tensor_view<256x2048xf32, strides=[2048,1]>>, tile<i32> -> tile<16x128xf32>, token
        %s = addf %acc_it, %x : tile<16x128xf32>
        continue %s : tile<16x128xf32>
      }
      continue %in : tile<16x128xf32>
    }
    %t = store_view_tko weak %a3, %y_pv[%bx, %c0] : tile<16x128xf32>, partition_view<tile=(16x128), tensor_view<256x128xf32, strides=[128,1]>>, tile<i32> -> token
    return
  }
}
