// The 13.4 ops, attributes and 13.5 atomic_red_view_tko inbounds are refused by name below their version.
// RUN: not %tilec -O0 --emit=bytecode --bytecode-version=13.3 --split-input-file %s -o /dev/null 2>&1 | FileCheck %s
// RUN: not %tilec -O0 --emit=bytecode --bytecode-version=13.4 --split-input-file %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=V134
// V134-NOT: error: operation
// V134-NOT: saturating
// V134: gating_13_4.mlir:[[@LINE+52]]:{{[0-9]+}}: error: attribute 'inbounds' requires bytecode version 13.5+, but targeting 13.4

cuda_tile.module @m {
  entry @k(%i: tile<i32>) {
    %a = constant <f32: 1.0> : tile<4xf32>
    // CHECK: gating_13_4.mlir:[[@LINE+1]]:{{[0-9]+}}: error: operation 'cuda_tile.insert' requires bytecode version 13.4+, targeting 13.3
    %r = insert %a, %a[%i] : tile<4xf32>, tile<4xf32>
    return
  }
}

// -----

cuda_tile.module @m {
  entry @k() {
    %a = constant <f32: 1.0> : tile<4xf32>
    %e = constant <i32: 2> : tile<4xi32>
    // CHECK: gating_13_4.mlir:[[@LINE+1]]:{{[0-9]+}}: error: operation 'cuda_tile.fpowi' requires bytecode version 13.4+, targeting 13.3
    %r = fpowi %a, %e : tile<4xf32>, tile<4xi32>
    return
  }
}

// -----

cuda_tile.module @m {
  entry @k() {
    // CHECK: gating_13_4.mlir:[[@LINE+1]]:{{[0-9]+}}: error: operation 'cuda_tile.gdc_wait_tko' requires bytecode version 13.4+, targeting 13.3
    %t = gdc_wait_tko -> token
    return
  }
}

// -----

cuda_tile.module @m {
  entry @k() {
    %a = constant <f32: 1.0> : tile<4xf32>
    // CHECK: gating_13_4.mlir:[[@LINE+1]]:{{[0-9]+}}: error: optional attribute 'saturating' is provided but requires bytecode version 13.4, targeting 13.3
    %r = ftoi %a signed saturating : tile<4xf32> -> tile<4xi32>
    return
  }
}

// -----

cuda_tile.module @m {
  entry @k(%p: tile<ptr<f32>>, %i: tile<i32>) {
    %v = constant <f32: 1.0> : tile<16xf32>
    %tv = make_tensor_view %p, shape = [128], strides = [1] : tensor_view<128xf32, strides=[1]>
    %pv = make_partition_view %tv : partition_view<tile=(16), tensor_view<128xf32, strides=[1]>>
    // CHECK: gating_13_4.mlir:[[@LINE+1]]:{{[0-9]+}}: error: attribute 'inbounds' requires bytecode version 13.5+, but targeting 13.3
    %t = atomic_red_view_tko relaxed device %pv[%i], addf, %v inbounds = [true] : tile<16xf32>, partition_view<tile=(16), tensor_view<128xf32, strides=[1]>>, tile<i32> -> token
    return
  }
}
