// Verifier rules of the pointer memory ops: load_ptr_tko / store_ptr_tko (pointer/value/mask/padding
// types and shapes, memory ordering and scope, operandSegmentSizes), offset, the pointer atomics
// (atomic_rmw_tko modes, atomic_cas_tko) and alloca. Chunks the pretty syntax cannot spell
// (segment sizes, missing or malformed attributes) use the generic form.
// RUN: %tilec -O0 --split-input-file --verify-diagnostics %s
// RUN: %tilec -O0 --split-input-file --verify-diagnostics %s | %FileCheck %s

// Positive.
// CHECK-LABEL: testing$func @ptrs
// CHECK: load_ptr_tko weak %{{.*}}, %{{.*}}, %{{.*}} token=%{{.*}} : tile<16xptr<f32>>, tile<16xi1>, tile<16xf32> -> tile<16xf32>, token
// CHECK: load_ptr_tko acquire device %{{.*}} : tile<16xptr<f32>> -> tile<16xf32>, token
// CHECK: store_ptr_tko release sys %{{.*}}, %{{.*}}, %{{.*}} : tile<16xptr<f32>>, tile<16xf32>, tile<16xi1> -> token
// CHECK: offset %{{.*}}, %{{.*}} : tile<16xptr<f32>>, tile<16xi32> -> tile<16xptr<f32>>
// CHECK: atomic_rmw_tko acq_rel device %{{.*}}, xchg, %{{.*}} : tile<16xptr<f32>>, tile<16xf32> -> tile<16xf32>, token
// CHECK: atomic_cas_tko relaxed tl_blk %{{.*}}, %{{.*}}, %{{.*}} : tile<16xptr<f32>>, tile<16xf32> -> tile<16xf32>, token
// CHECK: alloca num_elem = 64, alignment = 16 : tile<ptr<f32>>
cuda_tile.module @m {
  testing$func @ptrs(%p: tile<16xptr<f32>>, %m: tile<16xi1>, %v: tile<16xf32>, %i: tile<16xi32>) {
    %t = make_token : token
    %0, %1 = load_ptr_tko weak %p, %m, %v token=%t : tile<16xptr<f32>>, tile<16xi1>, tile<16xf32> -> tile<16xf32>, token
    %2, %3 = load_ptr_tko acquire device %p : tile<16xptr<f32>> -> tile<16xf32>, token
    %4 = store_ptr_tko release sys %p, %v, %m : tile<16xptr<f32>>, tile<16xf32>, tile<16xi1> -> token
    %5 = offset %p, %i : tile<16xptr<f32>>, tile<16xi32> -> tile<16xptr<f32>>
    %6, %7 = atomic_rmw_tko acq_rel device %p, xchg, %v : tile<16xptr<f32>>, tile<16xf32> -> tile<16xf32>, token
    %8, %9 = atomic_cas_tko relaxed tl_blk %p, %v, %v : tile<16xptr<f32>>, tile<16xf32> -> tile<16xf32>, token
    %10 = alloca num_elem = 64, alignment = 16 : tile<ptr<f32>>
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%p: tile<16xptr<f32>>, %m: tile<16xi1>, %v: tile<16xf32>, %t: token) {
    // expected-error@+1 {{'cuda_tile.load_ptr_tko' op operand #0 must be tile of Pointer type values, but got '!cuda_tile.tile<16xf32>'}}
    %0, %1 = load_ptr_tko weak %v : tile<16xf32> -> tile<16xf32>, token
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%p: tile<16xptr<f32>>, %m: tile<16xi1>, %v: tile<16xf32>, %t: token) {
    // expected-error@+1 {{'cuda_tile.load_ptr_tko' op failed to verify that `source` type is expected a pointer type of `result` type}}
    %0, %1 = load_ptr_tko weak %p : tile<16xptr<f32>> -> tile<16xf16>, token
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%p: tile<16xptr<f32>>, %m: tile<16xi1>, %v: tile<16xf32>, %t: token) {
    // expected-error@+1 {{'cuda_tile.load_ptr_tko' op failed to verify that `source` type is expected a pointer type of `result` type}}
    %0, %1 = load_ptr_tko weak %p : tile<16xptr<f32>> -> tile<8xf32>, token
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%p: tile<16xptr<f32>>, %m: tile<16xi1>, %v: tile<16xf32>, %t: token, %m8: tile<8xi1>) {
    // expected-error@+1 {{'cuda_tile.load_ptr_tko' op failed to verify that shape of 'mask' must match the shape of 'source'}}
    %0, %1 = load_ptr_tko weak %p, %m8 : tile<16xptr<f32>>, tile<8xi1> -> tile<16xf32>, token
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%p: tile<16xptr<f32>>, %m: tile<16xi1>, %v: tile<16xf32>, %t: token) {
    // expected-error@+1 {{'cuda_tile.load_ptr_tko' op operand #1 must be tile of i1 values, but got '!cuda_tile.tile<16xf32>'}}
    %0, %1 = load_ptr_tko weak %p, %v : tile<16xptr<f32>>, tile<16xf32> -> tile<16xf32>, token
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%p: tile<16xptr<f32>>, %m: tile<16xi1>, %v: tile<16xf32>, %t: token, %h: tile<16xf16>) {
    // expected-error@+1 {{'cuda_tile.load_ptr_tko' op failed to verify that type of 'paddingValue' must match the type of 'result'}}
    %0, %1 = load_ptr_tko weak %p, %m, %h : tile<16xptr<f32>>, tile<16xi1>, tile<16xf16> -> tile<16xf32>, token
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%p: tile<16xptr<f32>>, %m: tile<16xi1>, %v: tile<16xf32>, %t: token) {
    // (generic form: the pretty form cannot place a padding value without a mask)
    // expected-error@+1 {{'cuda_tile.load_ptr_tko' op a padding value requires a mask}}
    %0, %1 = "cuda_tile.load_ptr_tko"(%p, %v) {memory_ordering_semantics = 0 : i32, operandSegmentSizes = array<i32: 1, 0, 1, 0>} : (!cuda_tile.tile<16xptr<f32>>, !cuda_tile.tile<16xf32>) -> (!cuda_tile.tile<16xf32>, !cuda_tile.token)
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%p: tile<16xptr<f32>>, %m: tile<16xi1>, %v: tile<16xf32>, %t: token) {
    // expected-error@+1 {{'cuda_tile.load_ptr_tko' op operand #1 must be cuda tile token type, but got '!cuda_tile.tile<16xi1>'}}
    %0, %1 = "cuda_tile.load_ptr_tko"(%p, %m) {memory_ordering_semantics = 0 : i32, operandSegmentSizes = array<i32: 1, 0, 0, 1>} : (!cuda_tile.tile<16xptr<f32>>, !cuda_tile.tile<16xi1>) -> (!cuda_tile.tile<16xf32>, !cuda_tile.token)
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%p: tile<16xptr<f32>>, %m: tile<16xi1>, %v: tile<16xf32>, %t: token) {
    // expected-error@+1 {{'cuda_tile.load_ptr_tko' op result #1 must be cuda tile token type, but got '!cuda_tile.tile<i32>'}}
    %0, %1 = load_ptr_tko weak %p : tile<16xptr<f32>> -> tile<16xf32>, tile<i32>
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%p: tile<16xptr<f32>>, %m: tile<16xi1>, %v: tile<16xf32>, %t: token) {
    // expected-error@+1 {{'cuda_tile.load_ptr_tko' op expect one of: weak, relaxed, or acquire, but got: release}}
    %0, %1 = load_ptr_tko release device %p : tile<16xptr<f32>> -> tile<16xf32>, token
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%p: tile<16xptr<f32>>, %m: tile<16xi1>, %v: tile<16xf32>, %t: token) {
    // expected-error@+1 {{'cuda_tile.load_ptr_tko' op weak load must not have memory scope}}
    %0, %1 = load_ptr_tko weak sys %p : tile<16xptr<f32>> -> tile<16xf32>, token
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%p: tile<16xptr<f32>>, %m: tile<16xi1>, %v: tile<16xf32>, %t: token) {
    // expected-error@+1 {{'cuda_tile.load_ptr_tko' op memory scope is required for acquire load}}
    %0, %1 = load_ptr_tko acquire %p : tile<16xptr<f32>> -> tile<16xf32>, token
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%p: tile<16xptr<f32>>, %m: tile<16xi1>, %v: tile<16xf32>, %t: token) {
    // expected-error@+1 {{'cuda_tile.load_ptr_tko' op requires attribute 'memory_ordering_semantics'}}
    %0, %1 = "cuda_tile.load_ptr_tko"(%p) {operandSegmentSizes = array<i32: 1, 0, 0, 0>} : (!cuda_tile.tile<16xptr<f32>>) -> (!cuda_tile.tile<16xf32>, !cuda_tile.token)
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%p: tile<16xptr<f32>>, %m: tile<16xi1>, %v: tile<16xf32>, %t: token) {
    // expected-error@+1 {{'cuda_tile.load_ptr_tko' op attribute 'memory_ordering_semantics' has invalid value 7 (expected 0..4)}}
    %0, %1 = "cuda_tile.load_ptr_tko"(%p) {memory_ordering_semantics = 7 : i32, operandSegmentSizes = array<i32: 1, 0, 0, 0>} : (!cuda_tile.tile<16xptr<f32>>) -> (!cuda_tile.tile<16xf32>, !cuda_tile.token)
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%p: tile<16xptr<f32>>, %m: tile<16xi1>, %v: tile<16xf32>, %t: token) {
    // expected-error@+1 {{'cuda_tile.load_ptr_tko' op attribute 'memory_scope' must be an i32 integer attribute}}
    %0, %1 = "cuda_tile.load_ptr_tko"(%p) {memory_ordering_semantics = 1 : i32, memory_scope = "device", operandSegmentSizes = array<i32: 1, 0, 0, 0>} : (!cuda_tile.tile<16xptr<f32>>) -> (!cuda_tile.tile<16xf32>, !cuda_tile.token)
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%p: tile<16xptr<f32>>, %m: tile<16xi1>, %v: tile<16xf32>, %t: token) {
    // expected-error@+1 {{'cuda_tile.load_ptr_tko' op attribute 'optimization_hints' must be a #cuda_tile.optimization_hints<...> attribute}}
    %0, %1 = "cuda_tile.load_ptr_tko"(%p) {memory_ordering_semantics = 0 : i32, optimization_hints = 3 : i32, operandSegmentSizes = array<i32: 1, 0, 0, 0>} : (!cuda_tile.tile<16xptr<f32>>) -> (!cuda_tile.tile<16xf32>, !cuda_tile.token)
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%p: tile<16xptr<f32>>, %m: tile<16xi1>, %v: tile<16xf32>, %t: token) {
    // expected-error@+1 {{'cuda_tile.load_ptr_tko' op requires attribute 'operandSegmentSizes'}}
    %0, %1 = "cuda_tile.load_ptr_tko"(%p) {memory_ordering_semantics = 0 : i32} : (!cuda_tile.tile<16xptr<f32>>) -> (!cuda_tile.tile<16xf32>, !cuda_tile.token)
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%p: tile<16xptr<f32>>, %m: tile<16xi1>, %v: tile<16xf32>, %t: token) {
    // expected-error@+1 {{'cuda_tile.load_ptr_tko' op attribute 'operandSegmentSizes' must be an array<i32: ...>}}
    %0, %1 = "cuda_tile.load_ptr_tko"(%p) {memory_ordering_semantics = 0 : i32, operandSegmentSizes = [1, 0, 0, 0]} : (!cuda_tile.tile<16xptr<f32>>) -> (!cuda_tile.tile<16xf32>, !cuda_tile.token)
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%p: tile<16xptr<f32>>, %m: tile<16xi1>, %v: tile<16xf32>, %t: token) {
    // expected-error@+1 {{'cuda_tile.load_ptr_tko' op 'operandSegmentSizes' attribute for specifying operand segments must have 4 elements, but got 3}}
    %0, %1 = "cuda_tile.load_ptr_tko"(%p) {memory_ordering_semantics = 0 : i32, operandSegmentSizes = array<i32: 1, 0, 0>} : (!cuda_tile.tile<16xptr<f32>>) -> (!cuda_tile.tile<16xf32>, !cuda_tile.token)
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%p: tile<16xptr<f32>>, %m: tile<16xi1>, %v: tile<16xf32>, %t: token) {
    // expected-error@+1 {{'cuda_tile.load_ptr_tko' op 'operandSegmentSizes' attribute cannot have negative elements}}
    %0, %1 = "cuda_tile.load_ptr_tko"(%p) {memory_ordering_semantics = 0 : i32, operandSegmentSizes = array<i32: 1, 1, -1, 0>} : (!cuda_tile.tile<16xptr<f32>>) -> (!cuda_tile.tile<16xf32>, !cuda_tile.token)
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%p: tile<16xptr<f32>>, %m: tile<16xi1>, %v: tile<16xf32>, %t: token) {
    // expected-error@+1 {{'cuda_tile.load_ptr_tko' op operand group #0 requires exactly one operand, but 'operandSegmentSizes' gives 0}}
    %0, %1 = "cuda_tile.load_ptr_tko"(%p) {memory_ordering_semantics = 0 : i32, operandSegmentSizes = array<i32: 0, 1, 0, 0>} : (!cuda_tile.tile<16xptr<f32>>) -> (!cuda_tile.tile<16xf32>, !cuda_tile.token)
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%p: tile<16xptr<f32>>, %m: tile<16xi1>, %v: tile<16xf32>, %t: token) {
    // expected-error@+1 {{'cuda_tile.load_ptr_tko' op optional operand group #1 has 2 operands, expected at most 1}}
    %0, %1 = "cuda_tile.load_ptr_tko"(%p, %m, %m) {memory_ordering_semantics = 0 : i32, operandSegmentSizes = array<i32: 1, 2, 0, 0>} : (!cuda_tile.tile<16xptr<f32>>, !cuda_tile.tile<16xi1>, !cuda_tile.tile<16xi1>) -> (!cuda_tile.tile<16xf32>, !cuda_tile.token)
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%p: tile<16xptr<f32>>, %m: tile<16xi1>, %v: tile<16xf32>, %t: token) {
    // expected-error@+1 {{'cuda_tile.load_ptr_tko' op operand count (2) does not match with the total size (1) specified in attribute 'operandSegmentSizes'}}
    %0, %1 = "cuda_tile.load_ptr_tko"(%p, %m) {memory_ordering_semantics = 0 : i32, operandSegmentSizes = array<i32: 1, 0, 0, 0>} : (!cuda_tile.tile<16xptr<f32>>, !cuda_tile.tile<16xi1>) -> (!cuda_tile.tile<16xf32>, !cuda_tile.token)
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%p: tile<16xptr<f32>>, %m: tile<16xi1>, %v: tile<16xf32>, %t: token) {
    // expected-error@+1 {{'cuda_tile.store_ptr_tko' op operand #1 must be tile of i1 or i8 or i16 or i32 or i64 or f16 or bf16 or f32 or f64 or tf32 or f8E4M3FN or f8E5M2 or f8E8M0FNU or f4E2M1FN values, but got '!cuda_tile.tile<16xptr<f32>>'}}
    %0 = store_ptr_tko weak %p, %p : tile<16xptr<f32>>, tile<16xptr<f32>> -> token
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%p: tile<16xptr<f32>>, %m: tile<16xi1>, %v: tile<16xf32>, %t: token, %h: tile<16xf16>) {
    // expected-error@+1 {{'cuda_tile.store_ptr_tko' op failed to verify that `destination` type is expected a pointer type of `value` type}}
    %0 = store_ptr_tko weak %p, %h : tile<16xptr<f32>>, tile<16xf16> -> token
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%p: tile<16xptr<f32>>, %m: tile<16xi1>, %v: tile<16xf32>, %t: token, %m8: tile<8xi1>) {
    // expected-error@+1 {{'cuda_tile.store_ptr_tko' op failed to verify that shape of 'destination' must match the shape of 'mask'}}
    %0 = store_ptr_tko weak %p, %v, %m8 : tile<16xptr<f32>>, tile<16xf32>, tile<8xi1> -> token
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%p: tile<16xptr<f32>>, %m: tile<16xi1>, %v: tile<16xf32>, %t: token) {
    // expected-error@+1 {{'cuda_tile.store_ptr_tko' op expect one of: weak, relaxed, or release, but got: acquire}}
    %0 = store_ptr_tko acquire device %p, %v : tile<16xptr<f32>>, tile<16xf32> -> token
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%p: tile<16xptr<f32>>, %m: tile<16xi1>, %v: tile<16xf32>, %t: token) {
    // expected-error@+1 {{'cuda_tile.store_ptr_tko' op weak store must not have memory scope}}
    %0 = store_ptr_tko weak tl_blk %p, %v : tile<16xptr<f32>>, tile<16xf32> -> token
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%p: tile<16xptr<f32>>, %m: tile<16xi1>, %v: tile<16xf32>, %t: token) {
    // expected-error@+1 {{'cuda_tile.store_ptr_tko' op memory scope is required for release store}}
    %0 = store_ptr_tko release %p, %v : tile<16xptr<f32>>, tile<16xf32> -> token
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%p: tile<16xptr<f32>>, %m: tile<16xi1>, %v: tile<16xf32>, %t: token) {
    // expected-error@+1 {{'cuda_tile.store_ptr_tko' op result #0 must be cuda tile token type, but got '!cuda_tile.tile<i1>'}}
    %0 = store_ptr_tko weak %p, %v : tile<16xptr<f32>>, tile<16xf32> -> tile<i1>
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%p: tile<8xptr<f32>>, %i: tile<8xi32>) {
    // expected-error@+1 {{'cuda_tile.offset' op failed to verify that all of {result, ptr} have same type}}
    %0 = offset %p, %i : tile<8xptr<f32>>, tile<8xi32> -> tile<8xptr<f16>>
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%p: tile<8xptr<f32>>, %i: tile<4xi32>) {
    // expected-error@+1 {{'cuda_tile.offset' op requires the same shape for all operands and results}}
    %0 = offset %p, %i : tile<8xptr<f32>>, tile<4xi32> -> tile<8xptr<f32>>
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%p: tile<8xptr<f32>>, %i: tile<8xf32>) {
    // expected-error@+1 {{'cuda_tile.offset' op operand #1 must be tile of i1 or i8 or i16 or i32 or i64 values, but got '!cuda_tile.tile<8xf32>'}}
    %0 = offset %p, %i : tile<8xptr<f32>>, tile<8xf32> -> tile<8xptr<f32>>
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%p: tile<8xi64>, %i: tile<8xi32>) {
    // expected-error@+1 {{'cuda_tile.offset' op operand #0 must be tile of Pointer type values, but got '!cuda_tile.tile<8xi64>'}}
    %0 = offset %p, %i : tile<8xi64>, tile<8xi32> -> tile<8xptr<f32>>
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%p: tile<2xptr<i32>>, %v: tile<2xi32>, %m: tile<2xi1>) {
    // expected-error@+1 {{'cuda_tile.atomic_rmw_tko' op memory ordering semantics must be one of: relaxed, acquire, release, acq_rel}}
    %0, %1 = atomic_rmw_tko weak device %p, add, %v : tile<2xptr<i32>>, tile<2xi32> -> tile<2xi32>, token
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%p: tile<2xptr<i32>>, %v: tile<2xi32>, %m: tile<2xi1>) {
    // expected-error@+1 {{'cuda_tile.atomic_rmw_tko' op requires attribute 'memory_scope'}}
    %0, %1 = "cuda_tile.atomic_rmw_tko"(%p, %v) {memory_ordering_semantics = 1 : i32, mode = 3 : i32, operandSegmentSizes = array<i32: 1, 1, 0, 0>} : (!cuda_tile.tile<2xptr<i32>>, !cuda_tile.tile<2xi32>) -> (!cuda_tile.tile<2xi32>, !cuda_tile.token)
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%p: tile<2xptr<i32>>, %v: tile<2xi32>, %m: tile<2xi1>) {
    // expected-error@+1 {{'cuda_tile.atomic_rmw_tko' op attribute 'mode' has invalid value 12 (expected 0..9)}}
    %0, %1 = "cuda_tile.atomic_rmw_tko"(%p, %v) {memory_ordering_semantics = 1 : i32, memory_scope = 1 : i32, mode = 12 : i32, operandSegmentSizes = array<i32: 1, 1, 0, 0>} : (!cuda_tile.tile<2xptr<i32>>, !cuda_tile.tile<2xi32>) -> (!cuda_tile.tile<2xi32>, !cuda_tile.token)
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%p: tile<2xptr<f32>>, %v: tile<2xf32>) {
    // expected-error@+1 {{'cuda_tile.atomic_rmw_tko' op 'add' works only with integers i32 and i64}}
    %0, %1 = atomic_rmw_tko relaxed device %p, add, %v : tile<2xptr<f32>>, tile<2xf32> -> tile<2xf32>, token
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%p: tile<2xptr<i32>>, %v: tile<2xi32>, %m: tile<2xi1>) {
    // expected-error@+1 {{'cuda_tile.atomic_rmw_tko' op 'addf' works only with floats f16, bf16, f32, and f64}}
    %0, %1 = atomic_rmw_tko relaxed device %p, addf, %v : tile<2xptr<i32>>, tile<2xi32> -> tile<2xi32>, token
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%p: tile<2xptr<tf32>>, %v: tile<2xtf32>) {
    // tf32 has a bit width of 19, not 32.
    // expected-error@+1 {{'cuda_tile.atomic_rmw_tko' op 'xchg' works only with integers or float of 32 or 64 bitwidth}}
    %0, %1 = atomic_rmw_tko relaxed device %p, xchg, %v : tile<2xptr<tf32>>, tile<2xtf32> -> tile<2xtf32>, token
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%p: tile<2xptr<i16>>, %v: tile<2xi16>) {
    // expected-error@+1 {{'cuda_tile.atomic_rmw_tko' op 'xchg' works only with integers or float of 32 or 64 bitwidth}}
    %0, %1 = atomic_rmw_tko relaxed device %p, xchg, %v : tile<2xptr<i16>>, tile<2xi16> -> tile<2xi16>, token
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%p: tile<2xptr<i32>>, %v: tile<2xi32>, %m: tile<2xi1>, %w: tile<4xi32>) {
    // expected-error@+1 {{'cuda_tile.atomic_rmw_tko' op failed to verify that all of {pointers, arg, result} have same shape}}
    %0, %1 = atomic_rmw_tko relaxed device %p, add, %w : tile<2xptr<i32>>, tile<4xi32> -> tile<4xi32>, token
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%p: tile<2xptr<i32>>, %v: tile<2xi32>, %m: tile<2xi1>) {
    // expected-error@+1 {{'cuda_tile.atomic_rmw_tko' op failed to verify that all of {arg, result} have same type}}
    %0, %1 = atomic_rmw_tko relaxed device %p, add, %v : tile<2xptr<i32>>, tile<2xi32> -> tile<2xi64>, token
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%p: tile<2xptr<i64>>, %v: tile<2xi32>) {
    // expected-error@+1 {{'cuda_tile.atomic_rmw_tko' op expected pointee type ('i64') to match element type of 'arg' ('i32')}}
    %0, %1 = atomic_rmw_tko relaxed device %p, add, %v : tile<2xptr<i64>>, tile<2xi32> -> tile<2xi32>, token
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%p: tile<2xptr<i32>>, %v: tile<2xi32>, %m: tile<2xi1>, %m4: tile<4xi1>) {
    // expected-error@+1 {{'cuda_tile.atomic_rmw_tko' op failed to verify that all of {pointers, arg, mask} have same shape}}
    %0, %1 = atomic_rmw_tko relaxed device %p, add, %v, %m4 : tile<2xptr<i32>>, tile<2xi32>, tile<4xi1> -> tile<2xi32>, token
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%p: tile<2xptr<i32>>, %v: tile<2xi32>, %m: tile<2xi1>, %w: tile<4xi32>) {
    // expected-error@+1 {{'cuda_tile.atomic_cas_tko' op failed to verify that all of {pointers, cmp, val, result} have same shape}}
    %0, %1 = atomic_cas_tko relaxed device %p, %w, %w : tile<2xptr<i32>>, tile<4xi32> -> tile<4xi32>, token
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%p: tile<2xptr<i32>>, %v: tile<2xi32>, %m: tile<2xi1>, %w: tile<2xi64>) {
    // expected-error@+1 {{'cuda_tile.atomic_cas_tko' op failed to verify that all of {cmp, val, result} have the same element type}}
    %0, %1 = "cuda_tile.atomic_cas_tko"(%p, %v, %w) {memory_ordering_semantics = 1 : i32, memory_scope = 1 : i32, operandSegmentSizes = array<i32: 1, 1, 1, 0, 0>} : (!cuda_tile.tile<2xptr<i32>>, !cuda_tile.tile<2xi32>, !cuda_tile.tile<2xi64>) -> (!cuda_tile.tile<2xi32>, !cuda_tile.token)
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%p: tile<2xptr<i64>>, %v: tile<2xi32>) {
    // expected-error@+1 {{'cuda_tile.atomic_cas_tko' op expected pointee type ('i64') to match element type of 'val' ('i32')}}
    %0, %1 = atomic_cas_tko relaxed device %p, %v, %v : tile<2xptr<i64>>, tile<2xi32> -> tile<2xi32>, token
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%p: tile<2xptr<f16>>, %v: tile<2xf16>) {
    // expected-error@+1 {{'cuda_tile.atomic_cas_tko' op expect only float or integer types with 32 or 64 bit}}
    %0, %1 = atomic_cas_tko relaxed device %p, %v, %v : tile<2xptr<f16>>, tile<2xf16> -> tile<2xf16>, token
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%p: tile<2xptr<tf32>>, %v: tile<2xtf32>) {
    // expected-error@+1 {{'cuda_tile.atomic_cas_tko' op expect only float or integer types with 32 or 64 bit}}
    %0, %1 = atomic_cas_tko relaxed device %p, %v, %v : tile<2xptr<tf32>>, tile<2xtf32> -> tile<2xtf32>, token
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%p: tile<2xptr<i32>>, %v: tile<2xi32>, %m: tile<2xi1>, %m4: tile<4xi1>) {
    // expected-error@+1 {{'cuda_tile.atomic_cas_tko' op failed to verify that all of {pointers, val, cmp and mask} have same shape}}
    %0, %1 = atomic_cas_tko relaxed device %p, %v, %v, %m4 : tile<2xptr<i32>>, tile<2xi32>, tile<4xi1> -> tile<2xi32>, token
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%p: tile<2xptr<i32>>, %v: tile<2xi32>, %m: tile<2xi1>) {
    // expected-error@+1 {{'cuda_tile.atomic_cas_tko' op memory ordering semantics must be one of: relaxed, acquire, release, acq_rel}}
    %0, %1 = atomic_cas_tko weak device %p, %v, %v : tile<2xptr<i32>>, tile<2xi32> -> tile<2xi32>, token
  }
}

// -----

cuda_tile.module @m {
  testing$func @f() {
    // expected-error@+1 {{'cuda_tile.alloca' op 'alignment' must be power of two}}
    %0 = alloca num_elem = 64, alignment = 24 : tile<ptr<f32>>
  }
}

// -----

cuda_tile.module @m {
  testing$func @f() {
    // expected-error@+1 {{'cuda_tile.alloca' op 'alignment' (2) must be at least the natural size (4 bytes) for element type 'f32'}}
    %0 = alloca num_elem = 64, alignment = 2 : tile<ptr<f32>>
  }
}

// -----

cuda_tile.module @m {
  testing$func @f() {
    // expected-error@+1 {{'cuda_tile.alloca' op attribute 'num_elem' failed to satisfy constraint: 64-bit signless integer attribute whose minimum value is 0}}
    %0 = "cuda_tile.alloca"() {num_elem = -1 : i64, alignment = 16 : i64} : () -> !cuda_tile.tile<ptr<f32>>
  }
}

// -----

cuda_tile.module @m {
  testing$func @f() {
    // expected-error@+1 {{'cuda_tile.alloca' op attribute 'alignment' failed to satisfy constraint: 64-bit signless integer attribute whose minimum value is 0}}
    %0 = "cuda_tile.alloca"() {num_elem = 4 : i64, alignment = -16 : i64} : () -> !cuda_tile.tile<ptr<f32>>
  }
}

// -----

cuda_tile.module @m {
  testing$func @f() {
    // num_elem present but not an integer.
    // expected-error@+1 {{'cuda_tile.alloca' op requires attribute 'num_elem'}}
    %0 = "cuda_tile.alloca"() {num_elem = "4", alignment = 16 : i64} : () -> !cuda_tile.tile<ptr<f32>>
  }
}

// -----

cuda_tile.module @m {
  testing$func @f() {
    // expected-error@+1 {{'cuda_tile.alloca' op result #0 must be 0D tile of Pointer type values, but got '!cuda_tile.tile<4xptr<f32>>'}}
    %0 = alloca num_elem = 4, alignment = 16 : tile<4xptr<f32>>
  }
}
