// Verifier rules of the module structure: cuda_tile.module (one block, no arguments, sym_name, unique
// symbols), entry / testing$func (function_type, scalar cuda_tile arguments for entry, no results,
// block arguments matching the signature, body ending in return, parent module), return's operands,
// unknown cuda_tile ops and region counts. Chunks the pretty syntax cannot spell use the generic form.
// RUN: %tilec -O0 --split-input-file --verify-diagnostics %s
// RUN: %tilec -O0 --split-input-file --verify-diagnostics %s | %FileCheck %s

// Positive: two kernels with scalar parameters, a testing$func with a result, and a top-level
// testing$func (NVIDIA's test-only op needs no enclosing module).
// CHECK-LABEL: cuda_tile.module @kernels
// CHECK: entry @k1(%{{.*}}: tile<ptr<f32>>, %{{.*}}: tile<i32>)
// CHECK: entry @k2()
// CHECK: testing$func @id(%{{.*}}: tile<4xf32>) -> tile<4xf32>
// CHECK: return %{{.*}} : tile<4xf32>
cuda_tile.module @kernels {
  entry @k1(%p: tile<ptr<f32>>, %n: tile<i32>) {
  }
  entry @k2() {
    return
  }
  testing$func @id(%a: tile<4xf32>) -> tile<4xf32> {
    return %a : tile<4xf32>
  }
}

// -----

cuda_tile.module @m {
  // expected-error@+1 {{'cuda_tile.entry' op entry op must have scalar types (rank 0 !cuda_tile.tile)}}
  entry @k(%a: tile<4xf32>) {
  }
}

// -----

cuda_tile.module @m {
  // expected-error@+1 {{'cuda_tile.entry' op argument #0 has type 'i32', which is not a cuda_tile type}}
  entry @k(%a: i32) {
  }
}

// -----

cuda_tile.module @m {
  // expected-error@+1 {{'cuda_tile.entry' op entry op must not return values}}
  "cuda_tile.entry"() ({
    "cuda_tile.return"() : () -> ()
  }) {sym_name = "k", function_type = () -> !cuda_tile.tile<i32>} : () -> ()
}

// -----

// expected-error@+1 {{'cuda_tile.entry' op expects parent op 'cuda_tile.module'}}
"cuda_tile.entry"() ({
  "cuda_tile.return"() : () -> ()
}) {sym_name = "k", function_type = () -> ()} : () -> ()

// -----

cuda_tile.module @m {
  entry @k() {
  }
  // expected-error@+1 {{redefinition of symbol named 'k'}}
  entry @k() {
  }
}

// -----

cuda_tile.module @m {
  entry @k() {
    %c = constant <i32: 1> : tile<i32>
    // expected-error@+1 {{'cuda_tile.return' op has 1 operands, but enclosing function (@k) returns 0}}
    return %c : tile<i32>
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%a: tile<i32>) -> tile<f32> {
    // expected-error@+1 {{type of return operand 0 ('!cuda_tile.tile<i32>') doesn't match function result type ('!cuda_tile.tile<f32>') in function @f}}
    return %a : tile<i32>
  }
}

// -----

cuda_tile.module @m {
  // expected-error@+1 {{'cuda_tile.entry' op entry block has 0 arguments, but the function type has 1 inputs}}
  "cuda_tile.entry"() ({
    "cuda_tile.return"() : () -> ()
  }) {sym_name = "k", function_type = (!cuda_tile.tile<i32>) -> ()} : () -> ()
}

// -----

cuda_tile.module @m {
  // expected-error@+1 {{'cuda_tile.entry' op type of entry block argument #0 ('!cuda_tile.tile<i64>') must match the type of the corresponding argument in function signature ('!cuda_tile.tile<i32>')}}
  "cuda_tile.entry"() ({
  ^bb0(%a: !cuda_tile.tile<i64>):
    "cuda_tile.return"() : () -> ()
  }) {sym_name = "k", function_type = (!cuda_tile.tile<i32>) -> ()} : () -> ()
}

// -----

cuda_tile.module @m {
  // expected-error@+1 {{'cuda_tile.entry' op the function body must end with 'cuda_tile.return', found 'make_token'}}
  "cuda_tile.entry"() ({
    %t = "cuda_tile.make_token"() : () -> !cuda_tile.token
  }) {sym_name = "k", function_type = () -> ()} : () -> ()
}

// -----

cuda_tile.module @m {
  // expected-error@+1 {{'cuda_tile.entry' op requires attribute 'function_type'}}
  "cuda_tile.entry"() ({
    "cuda_tile.return"() : () -> ()
  }) {sym_name = "k"} : () -> ()
}

// -----

cuda_tile.module @m {
  // expected-error@+1 {{'cuda_tile.entry' op attribute 'function_type' must be a function type}}
  "cuda_tile.entry"() ({
    "cuda_tile.return"() : () -> ()
  }) {sym_name = "k", function_type = i32} : () -> ()
}

// -----

cuda_tile.module @m {
  // expected-error@+1 {{'cuda_tile.entry' op attribute 'sym_name' must be a string attribute}}
  "cuda_tile.entry"() ({
    "cuda_tile.return"() : () -> ()
  }) {sym_name = 3 : i32, function_type = () -> ()} : () -> ()
}

// -----

// expected-error@+1 {{'cuda_tile.module' op region #0 ('body') failed to verify constraint: region with 1 blocks}}
"cuda_tile.module"() ({
}) {sym_name = "m"} : () -> ()

// -----

// expected-error@+1 {{'cuda_tile.module' op requires attribute 'sym_name'}}
"cuda_tile.module"() ({
^bb0:
}) : () -> ()

// -----

// expected-error@+1 {{'cuda_tile.module' op body block must not have arguments}}
"cuda_tile.module"() ({
^bb0(%a: !cuda_tile.tile<i32>):
}) {sym_name = "m"} : () -> ()

// -----

cuda_tile.module @m {
  entry @k() {
    // expected-error@+1 {{unknown operation 'cuda_tile.frobnicate'}}
    "cuda_tile.frobnicate"() : () -> ()
  }
}

// -----

cuda_tile.module @m {
  entry @k() {
    // expected-error@+1 {{'cuda_tile.make_token' op expected 0 regions, but found 1}}
    %t = "cuda_tile.make_token"() ({
    }) : () -> !cuda_tile.token
  }
}
