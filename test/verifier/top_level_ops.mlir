// cuda_tile ops live inside a cuda_tile.module: one directly in the top-level builtin module is
// refused at verification, at its location, at every opt level (hardening: it was accepted at -O0,
// printed without its dialect prefix, and refused only by code generation).
// RUN: %tilec -O0 --split-input-file --verify-diagnostics %s
// RUN: not %tilec -O3 --split-input-file %s -o /dev/null 2>&1 | %FileCheck %s --check-prefix=O3
// O3: top_level_ops.mlir:12:3: error: 'cuda_tile.constant' must be inside a cuda_tile.module

module {
  cuda_tile.module @fine {
  }
  // expected-error@+1 {{'cuda_tile.constant' must be inside a cuda_tile.module (found directly in the top-level module)}}
  "cuda_tile.constant"() <{value = dense<1> : tensor<i32>}> : () -> !cuda_tile.tile<i32>
}

// -----

module {
  // expected-error@+1 {{'cuda_tile.iota' must be inside a cuda_tile.module}}
  %0 = "cuda_tile.iota"() : () -> !cuda_tile.tile<4xi32>
}

// -----

// An entry outside a module: its own rule (NVIDIA's wording) reports it.
module {
  // expected-error@+1 {{'cuda_tile.entry' op expects parent op 'cuda_tile.module'}}
  "cuda_tile.entry"() <{function_type = () -> (), sym_name = "k"}> ({
    "cuda_tile.return"() : () -> ()
  }) : () -> ()
}
