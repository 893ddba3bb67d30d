// An mmaf / mmai that no loop encloses — at the entry's top level, inside an `if` there, or two in a
// chain (an MLP's two layers) — takes the tensor cores like one in a K loop (issue 12 item 1:
// "anywhere in the kernel (top level ...)"; before: mma.sync, "the mmaf is not directly inside a
// `for` loop"). TileAA (lib/tileaa/mma_unit_loop.c) wraps each in a one-trip tileaa.for carrying
// its accumulator; TileAS plans that loop as any other: operands loaded before it are once-loaded
// TMA pipes (top_tma, in_if, chain) or registers — A in the wgmma fragment, B staged into shared
// memory (top_regs without an alignment proof; top_i8's MN-major i8 B); a loop that runs once keeps
// no wgmma group in flight and stages into one slot (hopper_plan.c loop_runs_once; tcgen05's B
// keeps three). An mmaf inside an
// `if` inside a K loop (in_loop_if) is not wrapped: it keeps mma.sync with the plan's remark.
// batched_regs: a batched A computed in registers outside the (one-trip) loop is converted to the
// wgmma fragment before it (layout_propagate.c; the code generator refused it before, located).
// test/emu/top_level_mma.test runs every kernel on the CPU emulator against the interpreter.
// RUN: %tilec -O3 --gpu-name=sm_90a --remarks %s -o %t.ptx 2> %t.remarks
// RUN: %FileCheck %s --check-prefix=REMARK < %t.remarks
// RUN: grep -c "mma.sync path" %t.remarks | grep -x 1
// RUN: not grep "stays in flight" %t.remarks
// RUN: %FileCheck %s < %t.ptx
// RUN: %check-ptx sm_90a %t.ptx
// Every stage re-enters to the same PTX.
// RUN: %tilec -O3 --gpu-name=sm_90a --emit=tileaa %s -o %t.tileaa.mlir
// RUN: %FileCheck %s --check-prefix=TILEAA < %t.tileaa.mlir
// RUN: %tilec -O3 --gpu-name=sm_90a %t.tileaa.mlir -o %t.aa.ptx
// RUN: cmp %t.ptx %t.aa.ptx
// RUN: %tilec -O3 --gpu-name=sm_90a --emit=tileas %s -o %t.tileas.mlir
// RUN: %tilec -O3 --gpu-name=sm_90a %t.tileas.mlir -o %t.as.ptx
// RUN: cmp %t.ptx %t.as.ptx
// RUN: %tilec -O3 --gpu-name=sm_100a --remarks %s -o %t.100.ptx 2> %t.100.remarks
// RUN: %FileCheck %s --check-prefix=BW < %t.100.remarks
// RUN: %FileCheck %s --check-prefix=BWPTX < %t.100.ptx
// RUN: %check-ptx sm_100a %t.100.ptx
// RUN: %tilec -O3 --gpu-name=sm_90a --pipeline-strategy=warp-specialize %s -o %t.ws.ptx
// RUN: %check-ptx sm_90a %t.ws.ptx
//
// TILEAA-LABEL: "cuda_tile.entry"
// TILEAA: %[[N:[0-9]+]] = "cuda_tile.constant"() {value = dense<1> : tensor<i32>}
// TILEAA-NEXT: %{{[0-9]+}} = "tileaa.for"(%[[N]], %{{[0-9]+}}) ({
// TILEAA-NEXT: ^bb0(%{{[a-z0-9]+}}: !cuda_tile.tile<i32>, %[[ACC:[a-z0-9]+]]: !cuda_tile.tile<128x128xf32>):
// TILEAA-NEXT: %[[D:[0-9]+]] = "cuda_tile.mmaf"(%{{[0-9]+}}, %{{[0-9]+}}, %[[ACC]])
// TILEAA-NEXT: "cuda_tile.continue"(%[[D]])
// TILEAA-NEXT: }) {trip_count = 1 : i64}
// TILEAA: sym_name = "top_tma"
//
// REMARK-DAG: :106:5: remark: wgmma path: m64n128k16 x 2 warpgroups (256 threads); A: TMA load before the loop, swizzle 128B, box 128x64; B: TMA load before the loop, swizzle 128B, box 64x64 x 2, MN-major
// REMARK-DAG: :123:5: remark: wgmma path: m64n64k16 x 1 warpgroup (128 threads); A: registers; B: registers, staged transposed into 1 K-major slot (swizzle 128B) each iteration
// REMARK-DAG: :145:7: remark: wgmma path: m64n64k16 x 1 warpgroup (128 threads); A: TMA load before the loop
// REMARK-DAG: :173:5: remark: wgmma path: m64n64k16 x 1 warpgroup (128 threads); A: TMA load before the loop
// REMARK-DAG: :175:5: remark: wgmma path: m64n64k16 x 1 warpgroup (128 threads); A: registers; B: TMA load before the loop
// REMARK-DAG: :195:5: remark: wgmma path: m64n64k32 x 1 warpgroup (128 threads); A: TMA load before the loop, swizzle 64B, box 64x64; B: registers, staged transposed into 1 K-major slot (swizzle 64B) each iteration
// REMARK-DAG: :220:9: remark: mma.sync path: the mmaf is not directly inside a `for` loop
// REMARK-DAG: :244:5: remark: wgmma path: m64n64k16 x 1 warpgroup (128 threads), one chain for each of 2 batches; A: registers; B: registers, staged transposed into 1 K-major slot
//
// CHECK-LABEL: .entry top_tma(
// CHECK-NOT: mma.sync
// CHECK: cp.async.bulk.tensor.2d
// CHECK-COUNT-4: wgmma.mma_async.sync.aligned.m64n128k16.f32.f16.f16
// CHECK-NOT: wgmma.wait_group.sync.aligned 1;
// CHECK: wgmma.wait_group.sync.aligned 0;
// CHECK-LABEL: .entry top_regs(
// CHECK-COUNT-4: wgmma.mma_async.sync.aligned.m64n64k16.f32.f16.f16
// CHECK-LABEL: .entry in_if(
// CHECK-COUNT-4: wgmma.mma_async.sync.aligned.m64n64k16.f32.f16.f16
// CHECK-LABEL: .entry chain(
// CHECK-COUNT-8: wgmma.mma_async.sync.aligned.m64n64k16.f32.f16.f16
// CHECK-LABEL: .entry top_i8(
// CHECK-COUNT-2: wgmma.mma_async.sync.aligned.m64n64k32.s32.s8.s8
// CHECK-LABEL: .entry in_loop_if(
// CHECK-NOT: wgmma
// CHECK: mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32
// CHECK-LABEL: .entry batched_regs(
// CHECK-COUNT-8: wgmma.mma_async.sync.aligned.m64n64k16.f32.f16.f16
//
// BW-DAG: :106:5: remark: tcgen05 path: m128n128k16 kind::f16
// BW-DAG: :123:5: remark: tcgen05 path: m64n64k16 kind::f16 {{.*}}A: registers, staged into 1 K-major slot (swizzle 128B) each iteration; B: registers, staged transposed into 3 K-major slots
// BW-DAG: :145:7: remark: tcgen05 path:
// BW-DAG: :173:5: remark: tcgen05 path:
// BW-DAG: :175:5: remark: tcgen05 path:
// BW-DAG: :195:5: remark: tcgen05 path: m64n64k32 kind::i8
// BW-DAG: :220:9: remark: mma.sync path: the mmaf is not directly inside a `for` loop
// BW-DAG: :244:5: remark: tcgen05 path: m64n64k16 kind::f16 for each of 2 batches
// BWPTX-LABEL: .entry top_tma(
// BWPTX-COUNT-4: tcgen05.mma.cta_group::1.kind::f16
// BWPTX-NOT: tcgen05.mma.cta_group
// BWPTX-LABEL: .entry top_regs(
// BWPTX-LABEL: .entry chain(
// BWPTX: tcgen05.alloc
// BWPTX-COUNT-8: tcgen05.mma.cta_group::1.kind::f16
// BWPTX-NOT: tcgen05.alloc
// BWPTX-LABEL: .entry top_i8(
cuda_tile.module @top {
  entry @top_tma(%a_ptr: tile<ptr<f16>>, %b_ptr: tile<ptr<f16>>, %c_ptr: tile<ptr<f32>>) {
    %a16 = assume div_by<16>, %a_ptr : tile<ptr<f16>>
    %b16 = assume div_by<16>, %b_ptr : tile<ptr<f16>>
    %c16 = assume div_by<16>, %c_ptr : tile<ptr<f32>>
    %a_tv = make_tensor_view %a16, shape = [256, 64], strides = [64, 1] : tensor_view<256x64xf16, strides=[64,1]>
    %b_tv = make_tensor_view %b16, shape = [64, 256], strides = [256, 1] : tensor_view<64x256xf16, strides=[256,1]>
    %c_tv = make_tensor_view %c16, shape = [256, 256], strides = [256, 1] : tensor_view<256x256xf32, strides=[256,1]>
    %a_pv = make_partition_view %a_tv : partition_view<tile=(128x64), tensor_view<256x64xf16, strides=[64,1]>>
    %b_pv = make_partition_view %b_tv : partition_view<tile=(64x128), tensor_view<64x256xf16, strides=[256,1]>>
    %c_pv = make_partition_view %c_tv : partition_view<tile=(128x128), tensor_view<256x256xf32, strides=[256,1]>>
    %bx, %by, %bz = get_tile_block_id : tile<i32>
    %c0 = constant <i32: 0> : tile<i32>
    %zero = constant <f32: 0.000000e+00> : tile<128x128xf32>
    %a, %ta = load_view_tko weak %a_pv[%bx, %c0] : partition_view<tile=(128x64), tensor_view<256x64xf16, strides=[64,1]>>, tile<i32> -> tile<128x64xf16>, token
    %b, %tb = load_view_tko weak %b_pv[%c0, %by] : partition_view<tile=(64x128), tensor_view<64x256xf16, strides=[256,1]>>, tile<i32> -> tile<64x128xf16>, token
    %d = mmaf %a, %b, %zero : tile<128x64xf16>, tile<64x128xf16>, tile<128x128xf32>
    %t = store_view_tko weak %d, %c_pv[%bx, %by] : tile<128x128xf32>, partition_view<tile=(128x128), tensor_view<256x256xf32, strides=[256,1]>>, tile<i32> -> token
    return
  }

  entry @top_regs(%a_ptr: tile<ptr<f16>>, %b_ptr: tile<ptr<f16>>, %c_ptr: tile<ptr<f32>>) {
    %a_tv = make_tensor_view %a_ptr, shape = [256, 64], strides = [64, 1] : tensor_view<256x64xf16, strides=[64,1]>
    %b_tv = make_tensor_view %b_ptr, shape = [64, 256], strides = [256, 1] : tensor_view<64x256xf16, strides=[256,1]>
    %c_tv = make_tensor_view %c_ptr, shape = [256, 256], strides = [256, 1] : tensor_view<256x256xf32, strides=[256,1]>
    %a_pv = make_partition_view %a_tv : partition_view<tile=(64x64), tensor_view<256x64xf16, strides=[64,1]>>
    %b_pv = make_partition_view %b_tv : partition_view<tile=(64x64), tensor_view<64x256xf16, strides=[256,1]>>
    %c_pv = make_partition_view %c_tv : partition_view<tile=(64x64), tensor_view<256x256xf32, strides=[256,1]>>
    %bx, %by, %bz = get_tile_block_id : tile<i32>
    %c0 = constant <i32: 0> : tile<i32>
    %zero = constant <f32: 0.000000e+00> : tile<64x64xf32>
    %a, %ta = load_view_tko weak %a_pv[%bx, %c0] : partition_view<tile=(64x64), tensor_view<256x64xf16, strides=[64,1]>>, tile<i32> -> tile<64x64xf16>, token
    %b, %tb = load_view_tko weak %b_pv[%c0, %by] : partition_view<tile=(64x64), tensor_view<64x256xf16, strides=[256,1]>>, tile<i32> -> tile<64x64xf16>, token
    %d = mmaf %a, %b, %zero : tile<64x64xf16>, tile<64x64xf16>, tile<64x64xf32>
    %t = store_view_tko weak %d, %c_pv[%bx, %by] : tile<64x64xf32>, partition_view<tile=(64x64), tensor_view<256x256xf32, strides=[256,1]>>, tile<i32> -> token
    return
  }

  entry @in_if(%a_ptr: tile<ptr<f16>>, %b_ptr: tile<ptr<f16>>, %c_ptr: tile<ptr<f32>>) {
    %a16 = assume div_by<16>, %a_ptr : tile<ptr<f16>>
    %b16 = assume div_by<16>, %b_ptr : tile<ptr<f16>>
    %c16 = assume div_by<16>, %c_ptr : tile<ptr<f32>>
    %a_tv = make_tensor_view %a16, shape = [256, 64], strides = [64, 1] : tensor_view<256x64xf16, strides=[64,1]>
    %b_tv = make_tensor_view %b16, shape = [64, 256], strides = [256, 1] : tensor_view<64x256xf16, strides=[256,1]>
    %c_tv = make_tensor_view %c16, shape = [256, 256], strides = [256, 1] : tensor_view<256x256xf32, strides=[256,1]>
    %a_pv = make_partition_view %a_tv : partition_view<tile=(64x64), tensor_view<256x64xf16, strides=[64,1]>>
    %b_pv = make_partition_view %b_tv : partition_view<tile=(64x64), tensor_view<64x256xf16, strides=[256,1]>>
    %c_pv = make_partition_view %c_tv : partition_view<tile=(64x64), tensor_view<256x256xf32, strides=[256,1]>>
    %bx, %by, %bz = get_tile_block_id : tile<i32>
    %c0 = constant <i32: 0> : tile<i32>
    %zero = constant <f32: 0.000000e+00> : tile<64x64xf32>
    %a, %ta = load_view_tko weak %a_pv[%bx, %c0] : partition_view<tile=(64x64), tensor_view<256x64xf16, strides=[64,1]>>, tile<i32> -> tile<64x64xf16>, token
    %b, %tb = load_view_tko weak %b_pv[%c0, %by] : partition_view<tile=(64x64), tensor_view<64x256xf16, strides=[256,1]>>, tile<i32> -> tile<64x64xf16>, token
    %pos = cmpi greater_than %bx, %c0, signed : tile<i32> -> tile<i1>
    %d = if %pos -> (tile<64x64xf32>) {
      %p = mmaf %a, %b, %zero : tile<64x64xf16>, tile<64x64xf16>, tile<64x64xf32>
      yield %p : tile<64x64xf32>
    } else {
      yield %zero : tile<64x64xf32>
    }
    %t = store_view_tko weak %d, %c_pv[%bx, %by] : tile<64x64xf32>, partition_view<tile=(64x64), tensor_view<256x256xf32, strides=[256,1]>>, tile<i32> -> token
    return
  }

  entry @chain(%a_ptr: tile<ptr<f16>>, %b_ptr: tile<ptr<f16>>, %w_ptr: tile<ptr<f16>>, %c_ptr: tile<ptr<f32>>) {
    %a16 = assume div_by<16>, %a_ptr : tile<ptr<f16>>
    %b16 = assume div_by<16>, %b_ptr : tile<ptr<f16>>
    %w16 = assume div_by<16>, %w_ptr : tile<ptr<f16>>
    %c16 = assume div_by<16>, %c_ptr : tile<ptr<f32>>
    %a_tv = make_tensor_view %a16, shape = [256, 64], strides = [64, 1] : tensor_view<256x64xf16, strides=[64,1]>
    %b_tv = make_tensor_view %b16, shape = [64, 64], strides = [64, 1] : tensor_view<64x64xf16, strides=[64,1]>
    %w_tv = make_tensor_view %w16, shape = [64, 256], strides = [256, 1] : tensor_view<64x256xf16, strides=[256,1]>
    %c_tv = make_tensor_view %c16, shape = [256, 256], strides = [256, 1] : tensor_view<256x256xf32, strides=[256,1]>
    %a_pv = make_partition_view %a_tv : partition_view<tile=(64x64), tensor_view<256x64xf16, strides=[64,1]>>
    %b_pv = make_partition_view %b_tv : partition_view<tile=(64x64), tensor_view<64x64xf16, strides=[64,1]>>
    %w_pv = make_partition_view %w_tv : partition_view<tile=(64x64), tensor_view<64x256xf16, strides=[256,1]>>
    %c_pv = make_partition_view %c_tv : partition_view<tile=(64x64), tensor_view<256x256xf32, strides=[256,1]>>
    %bx, %by, %bz = get_tile_block_id : tile<i32>
    %c0 = constant <i32: 0> : tile<i32>
    %zero = constant <f32: 0.000000e+00> : tile<64x64xf32>
    %a, %ta = load_view_tko weak %a_pv[%bx, %c0] : partition_view<tile=(64x64), tensor_view<256x64xf16, strides=[64,1]>>, tile<i32> -> tile<64x64xf16>, token
    %b, %tb = load_view_tko weak %b_pv[%c0, %c0] : partition_view<tile=(64x64), tensor_view<64x64xf16, strides=[64,1]>>, tile<i32> -> tile<64x64xf16>, token
    %w, %tw = load_view_tko weak %w_pv[%c0, %by] : partition_view<tile=(64x64), tensor_view<64x256xf16, strides=[256,1]>>, tile<i32> -> tile<64x64xf16>, token
    %h = mmaf %a, %b, %zero : tile<64x64xf16>, tile<64x64xf16>, tile<64x64xf32>
    %h16 = ftof %h : tile<64x64xf32> -> tile<64x64xf16>
    %d = mmaf %h16, %w, %zero : tile<64x64xf16>, tile<64x64xf16>, tile<64x64xf32>
    %t = store_view_tko weak %d, %c_pv[%bx, %by] : tile<64x64xf32>, partition_view<tile=(64x64), tensor_view<256x256xf32, strides=[256,1]>>, tile<i32> -> token
    return
  }

  entry @top_i8(%a_ptr: tile<ptr<i8>>, %b_ptr: tile<ptr<i8>>, %c_ptr: tile<ptr<i32>>) {
    %a16 = assume div_by<16>, %a_ptr : tile<ptr<i8>>
    %b16 = assume div_by<16>, %b_ptr : tile<ptr<i8>>
    %c16 = assume div_by<16>, %c_ptr : tile<ptr<i32>>
    %a_tv = make_tensor_view %a16, shape = [256, 64], strides = [64, 1] : tensor_view<256x64xi8, strides=[64,1]>
    %b_tv = make_tensor_view %b16, shape = [64, 256], strides = [256, 1] : tensor_view<64x256xi8, strides=[256,1]>
    %c_tv = make_tensor_view %c16, shape = [256, 256], strides = [256, 1] : tensor_view<256x256xi32, strides=[256,1]>
    %a_pv = make_partition_view %a_tv : partition_view<tile=(64x64), tensor_view<256x64xi8, strides=[64,1]>>
    %b_pv = make_partition_view %b_tv : partition_view<tile=(64x64), tensor_view<64x256xi8, strides=[256,1]>>
    %c_pv = make_partition_view %c_tv : partition_view<tile=(64x64), tensor_view<256x256xi32, strides=[256,1]>>
    %bx, %by, %bz = get_tile_block_id : tile<i32>
    %c0 = constant <i32: 0> : tile<i32>
    %zero = constant <i32: 0> : tile<64x64xi32>
    %a, %ta = load_view_tko weak %a_pv[%bx, %c0] : partition_view<tile=(64x64), tensor_view<256x64xi8, strides=[64,1]>>, tile<i32> -> tile<64x64xi8>, token
    %b, %tb = load_view_tko weak %b_pv[%c0, %by] : partition_view<tile=(64x64), tensor_view<64x256xi8, strides=[256,1]>>, tile<i32> -> tile<64x64xi8>, token
    %d = mmai %a, %b, %zero signed signed : tile<64x64xi8>, tile<64x64xi8>, tile<64x64xi32>
    %t = store_view_tko weak %d, %c_pv[%bx, %by] : tile<64x64xi32>, partition_view<tile=(64x64), tensor_view<256x256xi32, strides=[256,1]>>, tile<i32> -> token
    return
  }

  entry @in_loop_if(%a_ptr: tile<ptr<f16>>, %b_ptr: tile<ptr<f16>>, %c_ptr: tile<ptr<f32>>) {
    %a16 = assume div_by<16>, %a_ptr : tile<ptr<f16>>
    %b16 = assume div_by<16>, %b_ptr : tile<ptr<f16>>
    %c16 = assume div_by<16>, %c_ptr : tile<ptr<f32>>
    %a_tv = make_tensor_view %a16, shape = [256, 128], strides = [128, 1] : tensor_view<256x128xf16, strides=[128,1]>
    %b_tv = make_tensor_view %b16, shape = [128, 256], strides = [256, 1] : tensor_view<128x256xf16, strides=[256,1]>
    %c_tv = make_tensor_view %c16, shape = [256, 256], strides = [256, 1] : tensor_view<256x256xf32, strides=[256,1]>
    %a_pv = make_partition_view %a_tv : partition_view<tile=(64x64), tensor_view<256x128xf16, strides=[128,1]>>
    %b_pv = make_partition_view %b_tv : partition_view<tile=(64x64), tensor_view<128x256xf16, strides=[256,1]>>
    %c_pv = make_partition_view %c_tv : partition_view<tile=(64x64), tensor_view<256x256xf32, strides=[256,1]>>
    %bx, %by, %bz = get_tile_block_id : tile<i32>
    %c0 = constant <i32: 0> : tile<i32>
    %c1 = constant <i32: 1> : tile<i32>
    %c2 = constant <i32: 2> : tile<i32>
    %zero = constant <f32: 0.000000e+00> : tile<64x64xf32>
    %r = for %k in (%c0 to %c2, step %c1) : tile<i32> iter_values(%acc = %zero) -> (tile<64x64xf32>) {
      %a, %ta = load_view_tko weak %a_pv[%bx, %k] : partition_view<tile=(64x64), tensor_view<256x128xf16, strides=[128,1]>>, tile<i32> -> tile<64x64xf16>, token
      %b, %tb = load_view_tko weak %b_pv[%k, %by] : partition_view<tile=(64x64), tensor_view<128x256xf16, strides=[256,1]>>, tile<i32> -> tile<64x64xf16>, token
      %pos = cmpi greater_than %bx, %k, signed : tile<i32> -> tile<i1>
      %n = if %pos -> (tile<64x64xf32>) {
        %p = mmaf %a, %b, %acc : tile<64x64xf16>, tile<64x64xf16>, tile<64x64xf32>
        yield %p : tile<64x64xf32>
      } else {
        yield %acc : tile<64x64xf32>
      }
      continue %n : tile<64x64xf32>
    }
    %t = store_view_tko weak %r, %c_pv[%bx, %by] : tile<64x64xf32>, partition_view<tile=(64x64), tensor_view<256x256xf32, strides=[256,1]>>, tile<i32> -> token
    return
  }

  entry @batched_regs(%a_ptr: tile<ptr<f16>>, %b_ptr: tile<ptr<f16>>, %c_ptr: tile<ptr<f32>>) {
    %a_tv = make_tensor_view %a_ptr, shape = [4, 64, 64], strides = [4096, 64, 1] : tensor_view<4x64x64xf16, strides=[4096,64,1]>
    %b_tv = make_tensor_view %b_ptr, shape = [4, 64, 64], strides = [4096, 64, 1] : tensor_view<4x64x64xf16, strides=[4096,64,1]>
    %c_tv = make_tensor_view %c_ptr, shape = [4, 64, 64], strides = [4096, 64, 1] : tensor_view<4x64x64xf32, strides=[4096,64,1]>
    %a_pv = make_partition_view %a_tv : partition_view<tile=(2x64x64), tensor_view<4x64x64xf16, strides=[4096,64,1]>>
    %b_pv = make_partition_view %b_tv : partition_view<tile=(2x64x64), tensor_view<4x64x64xf16, strides=[4096,64,1]>>
    %c_pv = make_partition_view %c_tv : partition_view<tile=(2x64x64), tensor_view<4x64x64xf32, strides=[4096,64,1]>>
    %bx, %by, %bz = get_tile_block_id : tile<i32>
    %c0 = constant <i32: 0> : tile<i32>
    %zero = constant <f32: 0.000000e+00> : tile<2x64x64xf32>
    %a, %ta = load_view_tko weak %a_pv[%bx, %c0, %c0] : partition_view<tile=(2x64x64), tensor_view<4x64x64xf16, strides=[4096,64,1]>>, tile<i32> -> tile<2x64x64xf16>, token
    %b, %tb = load_view_tko weak %b_pv[%bx, %c0, %c0] : partition_view<tile=(2x64x64), tensor_view<4x64x64xf16, strides=[4096,64,1]>>, tile<i32> -> tile<2x64x64xf16>, token
    %a2 = addf %a, %a : tile<2x64x64xf16>
    %d = mmaf %a2, %b, %zero : tile<2x64x64xf16>, tile<2x64x64xf16>, tile<2x64x64xf32>
    %t = store_view_tko weak %d, %c_pv[%bx, %c0, %c0] : tile<2x64x64xf32>, partition_view<tile=(2x64x64), tensor_view<4x64x64xf32, strides=[4096,64,1]>>, tile<i32> -> token
    return
  }
}
