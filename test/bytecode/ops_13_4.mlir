// The 13.4 ops and attributes in text (tileirdisasm's spelling) and through bytecode 13.4/13.5;
// written as 13.3 they are refused by name.
// RUN: %tilec -O0 %s | FileCheck %s
// An all-false inbounds is the default: the bytecode reader leaves it out (as tileirdisasm prints it).
// RUN: %tilec -O0 %s | sed 's/ inbounds = \[false\]//' > %t.mlir
// RUN: %tilec -O0 --emit=bytecode --bytecode-version=13.4 %s -o %t.134.bc && %tilec -O0 %t.134.bc -o %t.134.mlir
// RUN: diff %t.mlir %t.134.mlir
// RUN: %tilec -O0 --emit=bytecode --bytecode-version=13.5 %s -o %t.135.bc && %tilec -O0 %t.135.bc -o %t.135.mlir
// RUN: diff %t.mlir %t.135.mlir
// RUN: not %tilec -O0 --emit=bytecode --bytecode-version=13.3 %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=GATE
// GATE: ops_13_4.mlir:[[@LINE+15]]:{{[0-9]+}}: error: attribute 'inbounds' requires bytecode version 13.4+, but targeting 13.3

// CHECK: load_view_tko weak %{{[0-9]+}}[%arg1] token = %{{[0-9]+}} inbounds = [true] : partition_view
// CHECK: ftoi %{{[0-9]+}} signed saturating : tile<16xf32> -> tile<16xi32>
// CHECK: insert %{{[0-9]+}}, %{{[0-9]+}}[%arg1] : tile<4xf32>, tile<16xf32>
// CHECK: gdc_wait_tko -> token
// CHECK: gdc_launch_dependents_tko token = %{{[0-9]+}} -> token
// CHECK: memory_fence_alias_tko %{{[0-9]+}}{{$}}
// CHECK: fpowi %{{[0-9]+}}, %{{[0-9]+}} : tile<16xf32>, tile<16xi32>
// CHECK: store_view_tko weak %{{[0-9]+}}, %{{[0-9]+}}[%arg1] token = %{{[0-9]+}} inbounds = [false] : tile<16xf32>
cuda_tile.module @kernels {
  entry @k(%arg0: tile<ptr<f32>>, %arg1: tile<i32>) {
    %tview = make_tensor_view %arg0, shape = [128], strides = [1] : tensor_view<128xf32, strides=[1]>
    %pview = make_partition_view %tview : partition_view<tile=(16), tensor_view<128xf32, strides=[1]>>
    %0 = make_token : token
    %tile, %tok = load_view_tko weak %pview[%arg1] token = %0 inbounds = [true] : partition_view<tile=(16), tensor_view<128xf32, strides=[1]>>, tile<i32> -> tile<16xf32>, token
    %1 = ftoi %tile signed  saturating : tile<16xf32> -> tile<16xi32>
    %2 = extract %tile[%arg1] : tile<16xf32> -> tile<4xf32>
    %3 = insert %2, %tile[%arg1] : tile<4xf32>, tile<16xf32>
    %4 = gdc_wait_tko -> token
    %5 = gdc_launch_dependents_tko token = %4 -> token
    %6 = memory_fence_alias_tko %5
    %7 = fpowi %3, %1 : tile<16xf32>, tile<16xi32>
    %8 = store_view_tko weak %7, %pview[%arg1] token = %tok inbounds = [false] : tile<16xf32>, partition_view<tile=(16), tensor_view<128xf32, strides=[1]>>, tile<i32> -> token
    return
  }
}
