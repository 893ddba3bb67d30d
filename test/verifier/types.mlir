// Type-level verifier rules (v_check_type_rules): tile dimensions (positive, powers of two, at most
// 2^24 elements, even F4E2M1FN count), tensor_view sizes/strides/element type, and the
// partition/strided/gather_scatter view invariants (rank, tile shape, dim_map, padding, traversal
// strides, sparse_dim). They are checked on every value an op defines (results, block arguments).
// The pretty/generic parser checks several of these rules itself while it parses a type; where its
// wording differs from the verifier's, a chunk annotates the common part of the two messages. The
// tile-shape rules (powers of two, positive dims, even F4E2M1FN count) are left to the unit test
// (test/unit/verify_ops.c) while the parser's wording differs from NVIDIA's.
// RUN: %tilec -O0 --split-input-file --verify-diagnostics %s
// RUN: %tilec -O0 --split-input-file --verify-diagnostics %s | %FileCheck %s

// Positive: the edge cases that are valid.
// CHECK-LABEL: testing$func @types
// CHECK-SAME: tile<4096x4096xi8>
// CHECK-SAME: tile<2xf4E2M1FN>
// CHECK-SAME: partition_view<tile=(16x32), padding_value = nan, tensor_view<?x64xf32, strides=[?,1]>, dim_map=[1, 0]>
// CHECK-SAME: gather_scatter_view<tile=(4x32), tensor_view<128x64xf32, strides=[64,1]>, sparse_dim=1>
cuda_tile.module @m {
  testing$func @types(%a: tile<4096x4096xi8>, %b: tile<2xf4E2M1FN>,
                      %c: partition_view<tile=(16x32), padding_value = nan, tensor_view<?x64xf32, strides=[?,1]>, dim_map=[1, 0]>,
                      %d: gather_scatter_view<tile=(4x32), tensor_view<128x64xf32, strides=[64,1]>, sparse_dim=1>) {
  }
}

// -----

cuda_tile.module @m {
  // expected-error@+1 {{16777216}}
  testing$func @f(%a: tile<8192x4096xf32>) {
  }
}

// -----

cuda_tile.module @m {
  // expected-error@+1 {{expected tensor_view rank and tile rank to match, got tensor_view of rank 2 and tiles of rank 1}}
  testing$func @f(%a: partition_view<tile=(16), tensor_view<128x64xf32, strides=[64,1]>>) {
  }
}

// -----

cuda_tile.module @m {
  // expected-error@+1 {{tile shape dimensions must have power of two length but got [5, 32]}}
  testing$func @f(%a: partition_view<tile=(5x32), tensor_view<128x64xf32, strides=[64,1]>>) {
  }
}

// -----

cuda_tile.module @m {
  // expected-error@+1 {{target dimension 0 mapped at least twice (for tile dimensions 0 and 1)}}
  testing$func @f(%a: partition_view<tile=(16x32), tensor_view<128x64xf32, strides=[64,1]>, dim_map=[0, 0]>) {
  }
}

// -----

cuda_tile.module @m {
  // expected-error@+1 {{target dimension is outside of tensor view dimensions, expected strictly less than 2, got 2}}
  testing$func @f(%a: partition_view<tile=(16x32), tensor_view<128x64xf32, strides=[64,1]>, dim_map=[0, 2]>) {
  }
}

// -----

cuda_tile.module @m {
  // expected-error@+1 {{target dimension must not be negative, got -1}}
  testing$func @f(%a: partition_view<tile=(16x32), tensor_view<128x64xf32, strides=[64,1]>, dim_map=[-1, 0]>) {
  }
}

// -----

cuda_tile.module @m {
  // expected-error@+1 {{padding_value nan}}
  testing$func @f(%a: partition_view<tile=(16), padding_value = nan, tensor_view<128xi32, strides=[1]>>) {
  }
}

// -----

cuda_tile.module @m {
  // expected-error@+1 {{16777216}}
  testing$func @f(%a: partition_view<tile=(4096x4096x2), tensor_view<8192x8192x8xf32, strides=[65536,8,1]>>) {
  }
}

// -----

cuda_tile.module @m {
  // expected-error@+1 {{traversal strides must be strictly positive but got [1, 0]}}
  testing$func @f(%a: strided_view<tile=(16x32), traversal_strides=[1,0], tensor_view<128x64xf32, strides=[64,1]>>) {
  }
}

// -----

cuda_tile.module @m {
  // expected-error@+1 {{sparse_dim 2 is out of}}
  testing$func @f(%a: gather_scatter_view<tile=(16x32), tensor_view<128x64xf32, strides=[64,1]>, sparse_dim=2>) {
  }
}

// -----

cuda_tile.module @m {
  // expected-error@+1 {{dimensions must have strictly positive constant sizes but got [0, 64]}}
  testing$func @f(%a: tensor_view<0x64xf32, strides=[64,1]>) {
  }
}

// -----

cuda_tile.module @m {
  // expected-error@+1 {{expected strictly positive integer, got 0}}
  testing$func @f(%a: tensor_view<4x64xf32, strides=[0,1]>) {
  }
}

// -----

cuda_tile.module @m {
  // expected-error@+1 {{failed to verify 'elementType': f16 or bf16 or f32 or tf32 or f64 or f8E4M3FN or f8E5M2 or f8E8M0FNU or f4E2M1FN or i1 or i8 or i16 or i32 or i64}}
  testing$func @f(%a: tensor_view<4x64xi4, strides=[64,1]>) {
  }
}

// -----

cuda_tile.module @m {
  testing$func @f() {
    // Result types are checked too.
    // expected-error@+1 {{target dimension 0 mapped at least twice (for tile dimensions 0 and 1)}}
    %0 = "test.make"() : () -> !cuda_tile.partition_view<tile=(16x32), tensor_view<128x64xf32, strides=[64,1]>, dim_map=[0, 0]>
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%n: tile<i32>) {
    // A block argument's type is rejected where it is written.
    // expected-error@+2 {{target dimension 0 mapped at least twice (for tile dimensions 0 and 1)}}
    "cuda_tile.for"(%n, %n, %n) ({
    ^bb0(%iv: !cuda_tile.tile<i32>, %bad: !cuda_tile.partition_view<tile=(16x32), tensor_view<128x64xf32, strides=[64,1]>, dim_map=[0, 0]>):
      "cuda_tile.continue"() : () -> ()
    }) : (!cuda_tile.tile<i32>, !cuda_tile.tile<i32>, !cuda_tile.tile<i32>) -> ()
  }
}

// -----

// A bare ptr<T> is a type of its own (NVIDIA's types.mlir uses it for testing$func arguments); its
// pointee must be a number type.
cuda_tile.module @bare_ptr_pointee {
  // expected-error@+1 {{unknown element type 'token'}}
  testing$func @f(%arg0: !cuda_tile.ptr<token>) {
    return
  }
}
