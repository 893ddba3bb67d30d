// Pointer attributes (13.4; none/unicast/multicast, tileirdisasm's spelling) in text, through bytecode,
// refused by name below 13.4; a plain view load of a multicast view is an error (as NVIDIA's verifier).
// RUN: %tilec -O0 --split-input-file %s | FileCheck %s
// RUN: %tilec -O0 --emit=bytecode --bytecode-version=13.5 --split-input-file %s -o %t.bc
// RUN: not %tilec -O0 --emit=bytecode --bytecode-version=13.3 --split-input-file %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=GATE

// CHECK: entry @k(%arg0: tile<ptr<f16, <unicast>>>, %arg1: tile<i32>)
// CHECK: make_tensor_view %arg0, shape = [%arg1], strides = [1] : tile<ptr<f16, <unicast>>>, tile<i32> -> tensor_view<?xf16, strides=[1], #cuda_tile.ptr_attr<unicast>>
// CHECK: load_view_tko weak %{{[0-9]+}}[%{{[0-9]+}}] : partition_view<tile=(16), tensor_view<?xf16, strides=[1], #cuda_tile.ptr_attr<unicast>>>, tile<i32> -> tile<16xf16>, token
// GATE: error: parameter 'ptrAttr' requires bytecode version 13.4+, but targeting 13.3
cuda_tile.module @kernels {
  entry @k(%p: tile<ptr<f16, <unicast>>>, %n: tile<i32>) {
    %tv = make_tensor_view %p, shape = [%n], strides = [1] : tile<ptr<f16, <unicast>>>, tile<i32> -> tensor_view<?xf16, strides=[1], #cuda_tile.ptr_attr<unicast>>
    %pv = make_partition_view %tv : partition_view<tile=(16), tensor_view<?xf16, strides=[1], #cuda_tile.ptr_attr<unicast>>>
    %c0 = constant <i32: 0> : tile<i32>
    %t, %tok = load_view_tko weak %pv[%c0] : partition_view<tile=(16), tensor_view<?xf16, strides=[1], #cuda_tile.ptr_attr<unicast>>>, tile<i32> -> tile<16xf16>, token
    return
  }
}

// -----

// CHECK: entry @k(%arg0: tile<ptr<f32, <none>>>)
// CHECK: make_tensor_view %arg0, shape = [64], strides = [1] : tile<ptr<f32, <none>>> -> tensor_view<64xf32, strides=[1], #cuda_tile.ptr_attr<none>>
cuda_tile.module @kernels {
  entry @k(%p: tile<ptr<f32, <none>>>) {
    %tv = make_tensor_view %p, shape = [64], strides = [1] : tile<ptr<f32, <none>>> -> tensor_view<64xf32, strides=[1], #cuda_tile.ptr_attr<none>>
    return
  }
}

// -----

// unicast and multicast are 13.5 values.
// RUN: not %tilec -O0 --emit=bytecode --bytecode-version=13.4 --split-input-file %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=GATE134
// GATE134: ptr_attr.mlir:{{[0-9]+}}:{{[0-9]+}}: error: pointer attribute 'unicast' requires bytecode version 13.5+, targeting 13.4
// GATE134-NOT: error
cuda_tile.module @kernels {
  entry @k(%p: tile<ptr<f32, <none>>>) {
    return
  }
}
