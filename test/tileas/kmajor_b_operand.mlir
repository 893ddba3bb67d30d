// RUN: %tilec --gpu-name=sm_90a --emit=tileas %examples/attention.mlir | %FileCheck %s
// RUN: %tilec --gpu-name=sm_90a --emit=tileas --print-ir-after-all %s 2>&1 >/dev/null | %after-sched | %FileCheck %s --check-prefix=NEG
// RUN: %tilec --gpu-name=sm_90a --emit=tileas %s | %FileCheck %s --check-prefix=FINAL
// RUN: %tilec --gpu-name=sm_90a --emit=tileas --schedule-trace-file=%t.json %examples/attention.mlir -o /dev/null
// RUN: %FileCheck %s --check-prefix=TRACE < %t.json
// A tile loaded from a view and transposed by `permute [1, 0]` whose only use is operand 1 (B) of
// mmaf is a tensor-core B operand stored K-major (the loaded tile is B^T: N rows x K contiguous):
// it gets a TMA pipe with a swizzled wgmma_smem layout like the other mma operands, and the
// permute stays, reading the tileas.consume.

// Flash attention: K (64 keys x 64 dims f16, 128 B rows) reaches S = Q K^T through the permute.
// Q's 1-stage pipe, then the loop's K and V pipes, which share the roofline/scheduler stage count.
// CHECK: "tileas.pipe"({{.*}}) {consumer = "wgmma_smem", producer = "tma", stages = 1 : i64, {{.*}}tx_bytes = 8192 : i64}
// CHECK: "tileas.alloc"() {alignment = 1024 : i64, bytes = {{[0-9]+}} : i64, stage_bytes = 8192 : i64, stages = [[S:[0-9]+]] : i64, swizzle = 128 : i64, tileas.offset = {{[0-9]+}} : i64}
// CHECK-NEXT: %[[KPIPE:[0-9]+]] = "tileas.pipe"({{.*}}) {compute_cycles = [[C:[0-9]+]] : i64, consumer = "wgmma_smem", limited_by = "[[LIM:[a-z0-9-]+]]", memory_cycles = [[M:[0-9]+]] : i64, producer = "tma", roofline = [[R:[0-9]+]] : i64, stages = [[S]] : i64, tileas.barriers = {{{.*}}}, tx_bytes = 8192 : i64}
// CHECK-NEXT: "tileas.alloc"() {alignment = 1024 : i64, bytes = {{[0-9]+}} : i64, stage_bytes = 8192 : i64, stages = [[S]] : i64, swizzle = 128 : i64, tileas.offset = {{[0-9]+}} : i64}
// CHECK-NEXT: %[[VPIPE:[0-9]+]] = "tileas.pipe"({{.*}}) {compute_cycles = [[C]] : i64, consumer = "wgmma_smem", limited_by = "[[LIM]]", memory_cycles = [[M]] : i64, producer = "tma", roofline = [[R]] : i64, stages = [[S]] : i64, tileas.barriers = {{{.*}}}, tx_bytes = 8192 : i64}
// CHECK: "tileaa.for"
// CHECK-NOT: "tileas.load"
// CHECK: %[[KSLOT:[0-9]+]]:2 = "tileas.produce"(%[[KPIPE]], {{.*}}layout = {atom = "tma", box = array<i64: 64, 64>, boxes = 1 : i64{{.*}}frag = "wgmma_smem"{{.*}}swizzle = 128 : i64
// CHECK-NEXT: %[[K:[0-9]+]] = "tileas.consume"(%[[KPIPE]], %[[KSLOT]]#0) {layout = {atom = "tma", box = array<i64: 64, 64>, boxes = 1 : i64{{.*}}frag = "wgmma_smem"{{.*}}swizzle = 128 : i64
// CHECK-NEXT: %[[KT:[0-9]+]] = "cuda_tile.permute"(%[[K]]) {permutation = array<i32: 1, 0>}
// CHECK-NEXT: "cuda_tile.mmaf"(%{{[0-9]+}}, %[[KT]], %{{[0-9]+}}) {tileas.mma = "wgmma"
// CHECK-NEXT: "tileas.release"(%[[KPIPE]], %[[KSLOT]]#0)
// CHECK-NOT: "tileas.load"
// CHECK: %[[VSLOT:[0-9]+]]:2 = "tileas.produce"(%[[VPIPE]], {{.*}}layout = {atom = "tma", box = array<i64: 64, 64>, boxes = 1 : i64{{.*}}frag = "wgmma_smem"{{.*}}swizzle = 128 : i64
// CHECK-NEXT: %[[V:[0-9]+]] = "tileas.consume"(%[[VPIPE]], %[[VSLOT]]#0)
// CHECK-NEXT: "cuda_tile.mmaf"(%{{[0-9]+}}, %[[V]], %{{[0-9]+}}) {tileas.mma = "wgmma"
// CHECK-NEXT: "tileas.release"(%[[VPIPE]], %[[VSLOT]]#0)
// CHECK: tileas.smem_bytes = 57344 : i64, tileas.target = "sm_90a"

// The modulo scheduler sees the K pipe like V's: a TMA produce, an mbarrier-wait consume and a
// release (after the mmaf reading K through the permute); 2 pipes x 2 mbarriers per stage.
// TRACE: "pools": {"mbarriers": [{{[1-9][0-9]*}}, 64]
// TRACE: "name": "tileas.produce#0", {{.*}}"issue_rows": ["tma"], "transport_rows": ["tp_smem_wr"]
// TRACE-NEXT: "name": "tileas.consume#1", {{.*}}"issue_rows": ["sync"]
// TRACE-NEXT: "name": "cuda_tile.permute#2"
// TRACE-NEXT: "name": "cuda_tile.mmaf#3", {{.*}}"issue_rows": ["tc_and_mma"]
// TRACE-NEXT: "name": "tileas.release#4", {{.*}}"issue_rows": ["sync"]
// TRACE: "name": "tileas.produce#21", {{.*}}"issue_rows": ["tma"], "transport_rows": ["tp_smem_wr"]
// TRACE-NEXT: "name": "tileas.consume#22", {{.*}}"issue_rows": ["sync"]
// TRACE-NEXT: "name": "cuda_tile.mmaf#23", {{.*}}"issue_rows": ["tc_and_mma"]
// TRACE-NEXT: "name": "tileas.release#24", {{.*}}"issue_rows": ["sync"]

// Negative cases: the permuted tile is also added elementwise (@mixed_use), or it is the lhs of
// the mmaf (@permuted_lhs): B (resp. A) keeps its SIMT load. @kmajor_tf32: an f32 B stored
// K-major is a legal wgmma operand (the 16-bit rule is for MN-major B only), while the same f32
// tile used MN-major (@mnmajor_tf32) has no legal SMEM layout and falls back to mma_reg. Path
// selection (path_select.c) then puts the f16 ones (top-level mmaf, each in the one-trip loop
// TileAA's mma_unit_loop.c gives it) on wgmma with the operand that has no TMA pipe taken from
// registers (@mixed_use: B staged transposed into shared memory; @permuted_lhs: A in registers),
// and the f32 ones (not tf32: no tensor-core type) in the fma form.
// (The entry's sym_name prints after its body, so each entry's checks end with its label.) NEG
// checks the layouts as the modulo scheduler leaves them (the mmaf family there is the one the A
// layout proposes); FINAL the module after path selection, where each mmaf has its final family
// (the tf32 entries' pipes have become SIMT tileas.loads). The mmaf sits in its one-trip loop, the
// release of its operand's stage after it.
// FINAL: "cuda_tile.mmaf"{{.*}}tileas.mma = "wgmma"
// FINAL-LABEL: sym_name = "mixed_use"
// FINAL: "cuda_tile.mmaf"{{.*}}tileas.mma = "wgmma"
// FINAL-LABEL: sym_name = "permuted_lhs"
// FINAL: "cuda_tile.mmaf"{{.*}}tileas.mma = "fma"
// FINAL-LABEL: sym_name = "kmajor_tf32"
// FINAL: "cuda_tile.mmaf"{{.*}}tileas.mma = "fma"
// FINAL-LABEL: sym_name = "mnmajor_tf32"
// FINAL-NOT: "tileas.produce"
// NEG: "tileas.produce"{{.*}}frag = "wgmma_smem"
// NEG: %[[B:[0-9]+]]:2 = "tileas.load"{{.*}}layout = {atom = "simt"{{.*}}frag = "blocked"
// NEG: %[[BT:[0-9]+]] = "cuda_tile.permute"(%[[B]]#0) {permutation = array<i32: 1, 0>}
// NEG: "cuda_tile.mmaf"(%{{[0-9]+}}, %[[BT]], %{{[a-z0-9]+}}) {tileas.mma = "wgmma"
// NEG: "cuda_tile.addf"(%[[BT]], %[[BT]])
// NEG-LABEL: sym_name = "mixed_use"
// NEG: %[[A:[0-9]+]]:2 = "tileas.load"{{.*}}layout = {atom = "simt"{{.*}}frag = "blocked"
// NEG: "tileas.produce"{{.*}}frag = "wgmma_smem"
// NEG: %[[AT:[0-9]+]] = "cuda_tile.permute"(%[[A]]#0) {permutation = array<i32: 1, 0>}
// NEG: "cuda_tile.mmaf"(%[[AT]], %{{[0-9]+}}, %{{[a-z0-9]+}}) {tileas.mma = "wgmma"
// NEG-LABEL: sym_name = "permuted_lhs"
// NEG-NOT: "tileas.load"
// NEG: "tileas.produce"{{.*}}layout = {atom = "tma", box = array<i64: 64, 32>, boxes = 1 : i64{{.*}}frag = "wgmma_smem"{{.*}}swizzle = 128 : i64
// NEG: %[[BS:[0-9]+]]:2 = "tileas.produce"(%[[BP:[0-9]+]], {{.*}}layout = {atom = "tma", box = array<i64: 64, 32>, boxes = 1 : i64{{.*}}frag = "wgmma_smem"{{.*}}swizzle = 128 : i64
// NEG: %[[BK:[0-9]+]] = "tileas.consume"(%[[BP]], %[[BS]]#0)
// NEG-NEXT: %[[BKT:[0-9]+]] = "cuda_tile.permute"(%[[BK]]) {permutation = array<i32: 1, 0>} : (!cuda_tile.tile<64x32xf32>) -> !cuda_tile.tile<32x64xf32>
// NEG: "cuda_tile.mmaf"(%{{[0-9]+}}, %[[BKT]], %{{[a-z0-9]+}}) {tileas.mma = "wgmma"
// NEG: "tileas.release"(%[[BP]], %[[BS]]#0)
// NEG-NOT: "tileas.load"
// NEG-LABEL: sym_name = "kmajor_tf32"
// NEG: "tileas.load"{{.*}}layout = {atom = "simt"{{.*}}frag = "mma_reg"
// NEG: "cuda_tile.mmaf"{{.*}}{tileas.mma = "wgmma"
// NEG-LABEL: sym_name = "mnmajor_tf32"
cuda_tile.module @kmajor_negative {
  entry @mixed_use(%a_ptr: tile<ptr<f16>>, %b_ptr: tile<ptr<f16>>, %o_ptr: tile<ptr<f32>>, %p_ptr: tile<ptr<f16>>) {
    %aa = assume div_by<16>, %a_ptr : tile<ptr<f16>>
    %ba = assume div_by<16>, %b_ptr : tile<ptr<f16>>
    %oa = assume div_by<16>, %o_ptr : tile<ptr<f32>>
    %pa = assume div_by<16>, %p_ptr : tile<ptr<f16>>
    %a_tv = make_tensor_view %aa, shape = [1024, 64], strides = [64, 1] : tensor_view<1024x64xf16, strides=[64,1]>
    %b_tv = make_tensor_view %ba, shape = [1024, 64], strides = [64, 1] : tensor_view<1024x64xf16, strides=[64,1]>
    %o_tv = make_tensor_view %oa, shape = [1024, 64], strides = [64, 1] : tensor_view<1024x64xf32, strides=[64,1]>
    %p_tv = make_tensor_view %pa, shape = [1024, 64], strides = [64, 1] : tensor_view<1024x64xf16, strides=[64,1]>
    %a_pv = make_partition_view %a_tv : partition_view<tile=(64x64), tensor_view<1024x64xf16, strides=[64,1]>>
    %b_pv = make_partition_view %b_tv : partition_view<tile=(64x64), tensor_view<1024x64xf16, strides=[64,1]>>
    %o_pv = make_partition_view %o_tv : partition_view<tile=(64x64), tensor_view<1024x64xf32, strides=[64,1]>>
    %p_pv = make_partition_view %p_tv : partition_view<tile=(64x64), tensor_view<1024x64xf16, strides=[64,1]>>
    %bx, %by, %bz = get_tile_block_id : tile<i32>
    %c0 = constant <i32: 0> : tile<i32>
    %zero = constant <f32: 0.000000e+00> : tile<64x64xf32>
    %a, %ta = load_view_tko weak %a_pv[%bx, %c0] : partition_view<tile=(64x64), tensor_view<1024x64xf16, strides=[64,1]>>, tile<i32> -> tile<64x64xf16>, token
    %b, %tb = load_view_tko weak %b_pv[%bx, %c0] : partition_view<tile=(64x64), tensor_view<1024x64xf16, strides=[64,1]>>, tile<i32> -> tile<64x64xf16>, token
    %bt = permute %b [1, 0] : tile<64x64xf16> -> tile<64x64xf16>
    %s = mmaf %a, %bt, %zero : tile<64x64xf16>, tile<64x64xf16>, tile<64x64xf32>
    %twice = addf %bt, %bt : tile<64x64xf16>
    %to = store_view_tko weak %s, %o_pv[%bx, %c0] : tile<64x64xf32>, partition_view<tile=(64x64), tensor_view<1024x64xf32, strides=[64,1]>>, tile<i32> -> token
    %tp = store_view_tko weak %twice, %p_pv[%bx, %c0] : tile<64x64xf16>, partition_view<tile=(64x64), tensor_view<1024x64xf16, strides=[64,1]>>, tile<i32> -> token
    return
  }
  entry @permuted_lhs(%a_ptr: tile<ptr<f16>>, %b_ptr: tile<ptr<f16>>, %o_ptr: tile<ptr<f32>>) {
    %aa = assume div_by<16>, %a_ptr : tile<ptr<f16>>
    %ba = assume div_by<16>, %b_ptr : tile<ptr<f16>>
    %oa = assume div_by<16>, %o_ptr : tile<ptr<f32>>
    %a_tv = make_tensor_view %aa, shape = [1024, 64], strides = [64, 1] : tensor_view<1024x64xf16, strides=[64,1]>
    %b_tv = make_tensor_view %ba, shape = [1024, 64], strides = [64, 1] : tensor_view<1024x64xf16, strides=[64,1]>
    %o_tv = make_tensor_view %oa, shape = [1024, 64], strides = [64, 1] : tensor_view<1024x64xf32, strides=[64,1]>
    %a_pv = make_partition_view %a_tv : partition_view<tile=(64x64), tensor_view<1024x64xf16, strides=[64,1]>>
    %b_pv = make_partition_view %b_tv : partition_view<tile=(64x64), tensor_view<1024x64xf16, strides=[64,1]>>
    %o_pv = make_partition_view %o_tv : partition_view<tile=(64x64), tensor_view<1024x64xf32, strides=[64,1]>>
    %bx, %by, %bz = get_tile_block_id : tile<i32>
    %c0 = constant <i32: 0> : tile<i32>
    %zero = constant <f32: 0.000000e+00> : tile<64x64xf32>
    %a, %ta = load_view_tko weak %a_pv[%bx, %c0] : partition_view<tile=(64x64), tensor_view<1024x64xf16, strides=[64,1]>>, tile<i32> -> tile<64x64xf16>, token
    %b, %tb = load_view_tko weak %b_pv[%bx, %c0] : partition_view<tile=(64x64), tensor_view<1024x64xf16, strides=[64,1]>>, tile<i32> -> tile<64x64xf16>, token
    %at = permute %a [1, 0] : tile<64x64xf16> -> tile<64x64xf16>
    %s = mmaf %at, %b, %zero : tile<64x64xf16>, tile<64x64xf16>, tile<64x64xf32>
    %to = store_view_tko weak %s, %o_pv[%bx, %c0] : tile<64x64xf32>, partition_view<tile=(64x64), tensor_view<1024x64xf32, strides=[64,1]>>, tile<i32> -> token
    return
  }
  entry @kmajor_tf32(%a_ptr: tile<ptr<f32>>, %b_ptr: tile<ptr<f32>>, %o_ptr: tile<ptr<f32>>) {
    %aa = assume div_by<16>, %a_ptr : tile<ptr<f32>>
    %ba = assume div_by<16>, %b_ptr : tile<ptr<f32>>
    %oa = assume div_by<16>, %o_ptr : tile<ptr<f32>>
    %a_tv = make_tensor_view %aa, shape = [1024, 32], strides = [32, 1] : tensor_view<1024x32xf32, strides=[32,1]>
    %b_tv = make_tensor_view %ba, shape = [1024, 32], strides = [32, 1] : tensor_view<1024x32xf32, strides=[32,1]>
    %o_tv = make_tensor_view %oa, shape = [1024, 64], strides = [64, 1] : tensor_view<1024x64xf32, strides=[64,1]>
    %a_pv = make_partition_view %a_tv : partition_view<tile=(64x32), tensor_view<1024x32xf32, strides=[32,1]>>
    %b_pv = make_partition_view %b_tv : partition_view<tile=(64x32), tensor_view<1024x32xf32, strides=[32,1]>>
    %o_pv = make_partition_view %o_tv : partition_view<tile=(64x64), tensor_view<1024x64xf32, strides=[64,1]>>
    %bx, %by, %bz = get_tile_block_id : tile<i32>
    %c0 = constant <i32: 0> : tile<i32>
    %zero = constant <f32: 0.000000e+00> : tile<64x64xf32>
    %a, %ta = load_view_tko weak %a_pv[%bx, %c0] : partition_view<tile=(64x32), tensor_view<1024x32xf32, strides=[32,1]>>, tile<i32> -> tile<64x32xf32>, token
    %b, %tb = load_view_tko weak %b_pv[%by, %c0] : partition_view<tile=(64x32), tensor_view<1024x32xf32, strides=[32,1]>>, tile<i32> -> tile<64x32xf32>, token
    %bt = permute %b [1, 0] : tile<64x32xf32> -> tile<32x64xf32>
    %s = mmaf %a, %bt, %zero : tile<64x32xf32>, tile<32x64xf32>, tile<64x64xf32>
    %to = store_view_tko weak %s, %o_pv[%bx, %by] : tile<64x64xf32>, partition_view<tile=(64x64), tensor_view<1024x64xf32, strides=[64,1]>>, tile<i32> -> token
    return
  }
  entry @mnmajor_tf32(%a_ptr: tile<ptr<f32>>, %b_ptr: tile<ptr<f32>>, %o_ptr: tile<ptr<f32>>) {
    %aa = assume div_by<16>, %a_ptr : tile<ptr<f32>>
    %ba = assume div_by<16>, %b_ptr : tile<ptr<f32>>
    %oa = assume div_by<16>, %o_ptr : tile<ptr<f32>>
    %a_tv = make_tensor_view %aa, shape = [1024, 32], strides = [32, 1] : tensor_view<1024x32xf32, strides=[32,1]>
    %b_tv = make_tensor_view %ba, shape = [32, 1024], strides = [1024, 1] : tensor_view<32x1024xf32, strides=[1024,1]>
    %o_tv = make_tensor_view %oa, shape = [1024, 1024], strides = [1024, 1] : tensor_view<1024x1024xf32, strides=[1024,1]>
    %a_pv = make_partition_view %a_tv : partition_view<tile=(64x32), tensor_view<1024x32xf32, strides=[32,1]>>
    %b_pv = make_partition_view %b_tv : partition_view<tile=(32x64), tensor_view<32x1024xf32, strides=[1024,1]>>
    %o_pv = make_partition_view %o_tv : partition_view<tile=(64x64), tensor_view<1024x1024xf32, strides=[1024,1]>>
    %bx, %by, %bz = get_tile_block_id : tile<i32>
    %c0 = constant <i32: 0> : tile<i32>
    %zero = constant <f32: 0.000000e+00> : tile<64x64xf32>
    %a, %ta = load_view_tko weak %a_pv[%bx, %c0] : partition_view<tile=(64x32), tensor_view<1024x32xf32, strides=[32,1]>>, tile<i32> -> tile<64x32xf32>, token
    %b, %tb = load_view_tko weak %b_pv[%c0, %by] : partition_view<tile=(32x64), tensor_view<32x1024xf32, strides=[1024,1]>>, tile<i32> -> tile<32x64xf32>, token
    %s = mmaf %a, %b, %zero : tile<64x32xf32>, tile<32x64xf32>, tile<64x64xf32>
    %to = store_view_tko weak %s, %o_pv[%bx, %by] : tile<64x64xf32>, partition_view<tile=(64x64), tensor_view<1024x1024xf32, strides=[1024,1]>>, tile<i32> -> token
    return
  }
}
