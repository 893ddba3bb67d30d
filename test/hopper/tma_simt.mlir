// TMA for ordinary view loads and stores (issue 12 item 4; hopper_plan.c plan_bulk, lower_hopper_store.c
// lower_bulk_consume): under TILEIR_PREFER_TMA_FOR_LOAD_STORE a kernel without mmaf keeps the TMA
// loads and the TMA store TileAS chose. Thread 0 issues each load's boxes into shared memory (one
// mbarrier, expect_tx) where the load is; every thread waits for the mbarrier and reads its
// registers of the tile (the consume's blocked layout: 16-byte ld.shared) where the tile is used;
// the store is staged in shared memory (reusing the loads' buffers, all read by then) and written
// by thread 0 with cp.async.bulk.tensor. Loads TMA cannot take stay ld.global, with a remark.
// RUN: env TILEIR_PREFER_TMA_FOR_LOAD_STORE=1 %tilec -O3 --gpu-name=sm_90a --remarks %s -o %t.ptx 2> %t.remarks
// RUN: %FileCheck %s --check-prefix=REMARK < %t.remarks
// RUN: %FileCheck %s < %t.ptx
// RUN: %check-ptx sm_90a %t.ptx
// RUN: env TILEIR_PREFER_TMA_FOR_LOAD_STORE=1 %tilec -O3 --gpu-name=sm_100a %s -o %t.100.ptx
// RUN: %FileCheck %s < %t.100.ptx
// RUN: %check-ptx sm_100a %t.100.ptx
// The decision is in TileAS (the pipes' offsets and mbarriers, the consume's register layout): the
// TileAS file compiles to the same PTX without the tunable.
// RUN: env TILEIR_PREFER_TMA_FOR_LOAD_STORE=1 %tilec --gpu-name=sm_90a --emit=tileas %s -o %t.tileas.mlir
// RUN: %tilec -O3 --gpu-name=sm_90a %t.tileas.mlir -o %t.reentered.ptx
// RUN: cmp %t.ptx %t.reentered.ptx
// A recorded decision the hardware cannot take is a located error (the verifier's: a buffer off the
// 1024-byte repeat).
// RUN: sed 's/tileas.offset = 16384/tileas.offset = 16000/' %t.tileas.mlir > %t.bad.mlir
// RUN: not %tilec -O3 --gpu-name=sm_90a %t.bad.mlir -o /dev/null 2>&1 | %FileCheck %s --check-prefix=BAD
// BAD: bad.mlir:{{[0-9]+}}:{{[0-9]+}}: error: 'tileas.alloc' op attribute 'tileas.offset' must be a non-negative multiple of 1024
// 1-D tiles (examples/vector_add.mlir): rank-1 boxes for both loads and the store.
// RUN: env TILEIR_PREFER_TMA_FOR_LOAD_STORE=1 %tilec -O3 --gpu-name=sm_90a %examples/vector_add.mlir -o %t.vadd.ptx
// RUN: %FileCheck %s --check-prefix=VADD < %t.vadd.ptx
// RUN: %check-ptx sm_90a %t.vadd.ptx
// Without the tunable every access stays SIMT.
// RUN: %tilec -O3 --gpu-name=sm_90a %s -o %t.default.ptx
// RUN: %FileCheck %s --check-prefix=DEFAULT < %t.default.ptx
// tilec-run appends the tensor maps of the `// tilec.tensormap` lines (a load map, a store map).
// RUN: %tilec-run %t.ptx --kernel rows_scale --grid 13 --arg ptr:f32:100x512:random --arg ptr:f32:512:random --arg ptr:f32:100x512:out --arg i64:100 --dry-run 2>/dev/null | %FileCheck %s --check-prefix=TMAPS

// REMARK-DAG: tma_simt.mlir:[[@LINE+62]]:5: remark: TMA load: 2 boxes 8x256, swizzle 0B, into shared memory at +0 (one mbarrier); read into registers with ld.shared where it is used
// REMARK-DAG: tma_simt.mlir:[[@LINE+70]]:5: remark: TMA load: 2 boxes 1x256, swizzle 0B, into shared memory at +16384 (one mbarrier); read into registers with ld.shared where it is used
// REMARK-DAG: tma_simt.mlir:[[@LINE+73]]:5: remark: TMA store: 2 box(es) 8x256, swizzle 0B, staged at +0 in shared memory (reusing the TMA loads' buffers), wait_group.read right after the store
// REMARK-DAG: tma_simt.mlir:[[@LINE+83]]:5: remark: TileAS chose a TMA load for this tile; it is loaded with ld.global: the load's token orders later memory operations
// REMARK-DAG: tma_simt.mlir:[[@LINE+101]]:7: remark: TMA ring: 3 stages of 2 boxes 8x256, swizzle 0B, in shared memory at +0 (a full and an empty mbarrier per stage)

// CHECK-LABEL: .entry rows_scale(
// CHECK: .param .align 128 .b8 rows_scale_param_4[128]
// CHECK: .param .align 128 .b8 rows_scale_param_6[128]
// CHECK: mbarrier.init.shared.b64
// CHECK: mbarrier.arrive.expect_tx.shared.b64
// CHECK-COUNT-2: cp.async.bulk.tensor.2d.shared::cluster.global.tile.mbarrier::complete_tx::bytes
// CHECK: mbarrier.arrive.expect_tx.shared.b64
// CHECK-COUNT-2: cp.async.bulk.tensor.1d.shared::cluster.global.tile.mbarrier::complete_tx::bytes
// CHECK: mbarrier.try_wait.parity.shared.b64
// CHECK: ld.shared.v4.b32
// CHECK-NOT: ld.global
// CHECK: st.shared.v4.b32
// CHECK: fence.proxy.async.shared::cta;
// CHECK: cp.async.bulk.tensor.2d.global.shared::cta.tile.bulk_group
// CHECK: cp.async.bulk.wait_group.read 0;
// CHECK-NOT: st.global
// CHECK: ret;
// CHECK-LABEL: .entry token_ordered(
// CHECK-NOT: cp.async.bulk.tensor.2d.shared::cluster
// CHECK: ld.global
// CHECK-LABEL: .entry column_loop(
// CHECK: cp.async.bulk.tensor.2d.shared::cluster
// CHECK: ld.shared.v4
// CHECK: mbarrier.arrive.shared.b64

// VADD: tilec.tensormap {{.*}} rank=1 dims=@{{[0-9]+}} strides_bytes= box=256
// VADD-COUNT-8: cp.async.bulk.tensor.1d.shared::cluster.global.tile.mbarrier::complete_tx::bytes
// VADD: mbarrier.try_wait.parity.shared.b64
// VADD: ld.shared.v4
// VADD-COUNT-4: cp.async.bulk.tensor.1d.global.shared::cta.tile.bulk_group
// VADD-NOT: st.global

// DEFAULT-NOT: cp.async.bulk.tensor
// DEFAULT-NOT: mbarrier

// TMAPS: plan kernel=rows_scale grid=13,1,1 block=128,1,1 cluster=1,1,1 smem={{[0-9]+}} args=7
// TMAPS-NEXT: tmap arg=4 dtype=7 rank=2 dims=512,100 strides=2048 box=256,8 elem_strides=1,1 swizzle=0 l2=3 oob=0
// TMAPS-NEXT: tmap arg=5 dtype=7 rank=1 dims=512 strides= box=256 elem_strides=1 swizzle=0 l2=3 oob=0
// TMAPS-NEXT: tmap arg=6 dtype=7 rank=2 dims=512,100 strides=2048 box=256,8 elem_strides=1,1 swizzle=0 l2=3 oob=0

cuda_tile.module @tma_simt {
  // Each block divides 8 rows of 512 f32 by the row's maximum and scales the columns by s (rows
  // known at run time: the edge block's rows past the end read zeros, its stores are clipped by the
  // tensor map). s is a 1-D load (one box row); both fills move up to the kernel's start.
  entry @rows_scale(%x_ptr: tile<ptr<f32>>, %s_ptr: tile<ptr<f32>>, %y_ptr: tile<ptr<f32>>, %rows: tile<i64>) {
    %xa = assume div_by<16>, %x_ptr : tile<ptr<f32>>
    %sa = assume div_by<16>, %s_ptr : tile<ptr<f32>>
    %ya = assume div_by<16>, %y_ptr : tile<ptr<f32>>
    %x_tv = make_tensor_view %xa, shape = [%rows, 512], strides = [512, 1] : tile<i64> -> tensor_view<?x512xf32, strides=[512,1]>
    %y_tv = make_tensor_view %ya, shape = [%rows, 512], strides = [512, 1] : tile<i64> -> tensor_view<?x512xf32, strides=[512,1]>
    %s_tv = make_tensor_view %sa, shape = [512], strides = [1] : tensor_view<512xf32, strides=[1]>
    %x_pv = make_partition_view %x_tv : partition_view<tile=(8x512), tensor_view<?x512xf32, strides=[512,1]>>
    %y_pv = make_partition_view %y_tv : partition_view<tile=(8x512), tensor_view<?x512xf32, strides=[512,1]>>
    %s_pv = make_partition_view %s_tv : partition_view<tile=(512), tensor_view<512xf32, strides=[1]>>
    %bx, %by, %bz = get_tile_block_id : tile<i32>
    %c0 = constant <i32: 0> : tile<i32>
    %x, %tx = load_view_tko weak %x_pv[%bx, %c0] : partition_view<tile=(8x512), tensor_view<?x512xf32, strides=[512,1]>>, tile<i32> -> tile<8x512xf32>, token
    %m = reduce %x dim=1 identities=[0xFF800000 : f32] : tile<8x512xf32> -> tile<8xf32>
    (%v: tile<f32>, %a: tile<f32>) {
      %mx = maxf %v, %a : tile<f32>
      yield %mx : tile<f32>
    }
    %mc = reshape %m : tile<8xf32> -> tile<8x1xf32>
    %mb = broadcast %mc : tile<8x1xf32> -> tile<8x512xf32>
    %q = divf %x, %mb : tile<8x512xf32>
    %sv, %ts = load_view_tko weak %s_pv[%c0] : partition_view<tile=(512), tensor_view<512xf32, strides=[1]>>, tile<i32> -> tile<512xf32>, token
    %sr = reshape %sv : tile<512xf32> -> tile<1x512xf32>
    %sb = broadcast %sr : tile<1x512xf32> -> tile<8x512xf32>
    %y = mulf %q, %sb : tile<8x512xf32>
    %ty = store_view_tko weak %y, %y_pv[%bx, %c0] : tile<8x512xf32>, partition_view<tile=(8x512), tensor_view<?x512xf32, strides=[512,1]>>, tile<i32> -> token
    return
  }
  // The load's token orders a later store (to the same tensor): a TMA load completes
  // asynchronously, so this load stays ld.global.
  entry @token_ordered(%x_ptr: tile<ptr<f32>>) {
    %xa = assume div_by<16>, %x_ptr : tile<ptr<f32>>
    %x_tv = make_tensor_view %xa, shape = [64, 512], strides = [512, 1] : tensor_view<64x512xf32, strides=[512,1]>
    %x_pv = make_partition_view %x_tv : partition_view<tile=(8x512), tensor_view<64x512xf32, strides=[512,1]>>
    %bx, %by, %bz = get_tile_block_id : tile<i32>
    %c0 = constant <i32: 0> : tile<i32>
    %x, %tx = load_view_tko weak %x_pv[%bx, %c0] : partition_view<tile=(8x512), tensor_view<64x512xf32, strides=[512,1]>>, tile<i32> -> tile<8x512xf32>, token
    %two = constant <f32: 2.0> : tile<8x512xf32>
    %y = mulf %x, %two : tile<8x512xf32>
    %ty = store_view_tko weak %y, %x_pv[%bx, %c0] token = %tx : tile<8x512xf32>, partition_view<tile=(8x512), tensor_view<64x512xf32, strides=[512,1]>>, tile<i32> -> token
    return
  }
  // A load inside a loop (column blocks of a long row): a TMA ring (test/hopper/tma_ring_simt.mlir).
  entry @column_loop(%x_ptr: tile<ptr<f32>>, %s_ptr: tile<ptr<f32>>) {
    %xa = assume div_by<16>, %x_ptr : tile<ptr<f32>>
    %x_tv = make_tensor_view %xa, shape = [64, 2048], strides = [2048, 1] : tensor_view<64x2048xf32, strides=[2048,1]>
    %x_pv = make_partition_view %x_tv : partition_view<tile=(8x512), tensor_view<64x2048xf32, strides=[2048,1]>>
    %s_tv = make_tensor_view %s_ptr, shape = [64], strides = [1] : tensor_view<64xf32, strides=[1]>
    %s_pv = make_partition_view %s_tv : partition_view<tile=(8), tensor_view<64xf32, strides=[1]>>
    %bx, %by, %bz = get_tile_block_id : tile<i32>
    %c0 = constant <i32: 0> : tile<i32>
    %c1 = constant <i32: 1> : tile<i32>
    %c4 = constant <i32: 4> : tile<i32>
    %zero = constant <f32: 0.0> : tile<8xf32>
    %sum = for %k in (%c0 to %c4, step %c1) : tile<i32> iter_values(%acc = %zero) -> (tile<8xf32>) {
      %x, %tx = load_view_tko weak %x_pv[%bx, %k] : partition_view<tile=(8x512), tensor_view<64x2048xf32, strides=[2048,1]>>, tile<i32> -> tile<8x512xf32>, token
      %r = reduce %x dim=1 identities=[0.0 : f32] : tile<8x512xf32> -> tile<8xf32>
      (%v: tile<f32>, %a: tile<f32>) {
        %ad = addf %v, %a : tile<f32>
        yield %ad : tile<f32>
      }
      %n = addf %acc, %r : tile<8xf32>
      continue %n : tile<8xf32>
    }
    %ts = store_view_tko weak %sum, %s_pv[%bx] : tile<8xf32>, partition_view<tile=(8), tensor_view<64xf32, strides=[1]>>, tile<i32> -> token
    return
  }
}
