// Pretty forms added in front-end round 2: global, loop, testing$func results, grouped results
// (`%N:k` / `%N#i`), trailing `loc(...)` and attribute aliases (dropped), bare `ptr<T>` parsing.
// RUN: %tilec -O0 %s -o - | %FileCheck %s
// RUN: %tilec -O0 %s -o - | %tilec -O0 - -o - | %FileCheck %s
// RUN: %tilec -O0 --mlir-print-op-generic %s -o - | %tilec -O0 - -o - | %FileCheck %s

// CHECK-LABEL: cuda_tile.module @syntax
cuda_tile.module @syntax {
  // CHECK: global @g1 <f32: [1.000000e+00, 2.000000e+00]> : tile<2xf32>
  cuda_tile.global @g1 <f32: [1.0, 2.0]> : !cuda_tile.tile<2xf32>
  // CHECK: global private constant @g2 alignment = 16 <i32: 7> : tile<4xi32>
  global private constant @g2 alignment = 16 <i32: 7> : tile<4xi32>

  // CHECK: testing$func @two(%[[A:.+]]: tile<i32>) -> (tile<i32>, tile<i32>) {
  testing$func @two(%a: tile<i32>) -> (tile<i32>, tile<i32>) {
    // CHECK: %[[L:.+]] = loop iter_values(%[[V:.+]] = %[[A]]) : tile<i32> -> tile<i32> {
    %l = loop iter_values(%v = %a) : tile<i32> -> tile<i32> {
      // CHECK-NEXT: break %[[V]] : tile<i32>
      break %v : tile<i32>
    } loc(#loc1)
    // CHECK: loop {
    loop {
      // CHECK-NEXT: break
      break
    }
    %c = cmpi less_than %a, %l, signed : tile<i32> -> tile<i1>
    // CHECK: %[[R:.+]]:2 = if %{{.+}} -> (tile<i32>, tile<i32>) {
    %r:2 = if %c -> (tile<i32>, tile<i32>) {
      yield %a, %l : tile<i32>, tile<i32>
    } else {
      yield %l, %a : tile<i32>, tile<i32>
    }
    // CHECK: return %[[R]]#1, %[[R]]#0 : tile<i32>, tile<i32>
    return %r#1, %r#0 : tile<i32>, tile<i32>
  }

  // CHECK: entry @uses_global() {
  entry @uses_global() {
    // CHECK-NEXT: get_global @g1 : tile<ptr<f32>>
    %p = get_global @g1 : tile<ptr<f32>>
    // CHECK-NEXT: return
    return
  }
}
#loc1 = loc("syntax.py":3:4)
