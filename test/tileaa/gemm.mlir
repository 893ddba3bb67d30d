// RUN: %tilec --emit=tileaa %examples/gemm.mlir | %FileCheck %s
// RUN: %tilec --opt-level=1 %examples/gemm.mlir | %FileCheck %s
// RUN: %tilec --emit=tileaa %examples/gemm_dynamic.mlir | %FileCheck %s --check-prefix=DYN
// TileAA of the GEMM example: views resolved to base/shape/stride + box, the K loop normalised to
// 0..32 step 1, loads/stores as async producer/consumer pairs.

// CHECK-DAG: %[[C1:.*]] = "tileaa.constant"() {value = 1 : i64} : () -> i64
// CHECK-DAG: %[[C1024:.*]] = "tileaa.constant"() {value = 1024 : i64} : () -> i64
// CHECK: "tileaa.view"(%{{.*}}, %[[C1024]], %[[C1024]], %[[C1024]], %[[C1]]) {base_align = 16 : i64, box = array<i64: 128, 32>, elem = f16} : {{.*}} -> !tileaa.view<128x32xf16>
// CHECK: "tileaa.view"({{.*}}box = array<i64: 32, 128>{{.*}} -> !tileaa.view<32x128xf16>
// CHECK: "cuda_tile.constant"() {value = dense<0.000000e+00> : tensor<128x128xf32>}
// CHECK-NEXT: %[[N:.*]] = "cuda_tile.constant"() {value = dense<32> : tensor<i32>}
// CHECK: "tileaa.for"(%[[N]], %{{.*}}) ({
// CHECK: %[[A:.*]]:2 = "tileaa.async_load"
// CHECK-SAME: -> (!tileaa.future<tile<128x32xf16>>, !cuda_tile.token)
// CHECK: %[[B:.*]]:2 = "tileaa.async_load"
// CHECK: %[[WA:.*]] = "tileaa.wait"(%[[A]]#0)
// CHECK: %[[WB:.*]] = "tileaa.wait"(%[[B]]#0)
// CHECK: "cuda_tile.mmaf"(%[[WA]], %[[WB]],
// CHECK: }) {trip_count = 32 : i64}
// CHECK: %[[S:.*]]:2 = "tileaa.async_store"
// CHECK-NEXT: "tileaa.wait"(%[[S]]#0) : (!tileaa.future<store>) -> ()
// CHECK-NOT: cuda_tile.load_view_tko
// CHECK-NOT: cuda_tile.make_partition_view

// Dynamic shapes become tileaa.to_i64 operands; the trip count comes from tileaa.index_space.
// DYN: "tileaa.to_i64"
// DYN: "tileaa.view"({{.*}}padding = "zero"
// DYN: %[[IS:.*]]:2 = "tileaa.index_space"
// DYN: "tileaa.for"(%[[IS]]#1,
// DYN-NOT: trip_count
