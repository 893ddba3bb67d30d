// Ops, attributes, types and global flags newer than the target version are located errors.
// RUN: not %tilec -O0 --emit=bytecode --bytecode-version=13.1 --split-input-file %s -o /dev/null 2>&1 | FileCheck %s
// RUN: %tilec -O0 --emit=bytecode --bytecode-version=13.3 --split-input-file %s -o /dev/null

cuda_tile.module @m {
  entry @k(%a: tile<f32>) {
    // CHECK: gating.mlir:[[@LINE+1]]:{{[0-9]+}}: error: operation 'cuda_tile.atan2' requires bytecode version 13.2+, targeting 13.1
    %r = atan2 %a, %a : tile<f32>
  }
}

// -----

cuda_tile.module @kernels {
  // CHECK: gating.mlir:[[@LINE+1]]:{{[0-9]+}}: error: constant global `g` cannot be encoded in bytecode version 13.1 (the `constant` attribute requires bytecode 13.3+)
  global constant @g <f32: 1.0> : tile<1xf32>
}

// -----

cuda_tile.module @m {
  entry @k(%a: tile<i32>) {
    // CHECK: gating.mlir:[[@LINE+1]]:{{[0-9]+}}: error: attribute 'overflow' requires bytecode version 13.2+, but targeting 13.1
    %r = negi %a overflow<no_wrap> : tile<i32>
  }
}

// -----

cuda_tile.module @m {
  entry @k(%a: tile<i8>) {
    // CHECK: gating.mlir:[[@LINE+1]]:{{[0-9]+}}: error: type 'IntegerType(4)' requires bytecode version 13.3+, targeting 13.1
    %r = trunci %a : tile<i8> -> tile<i4>
  }
}

// -----

// CHECK: error: type 'Float8E8M0FNU' requires bytecode version 13.2+, targeting 13.1
cuda_tile.module @m {
  entry @k(%p: tile<f8E8M0FNU>) {
    return
  }
}
