// A terminator (return, continue, yield, break) must be the last operation of its block: an op after
// it could never run, and the printed form would not parse back (hardening: the verifier accepted
// ops after `return`). The pretty syntax cannot put an op after `return` (it would become the
// return's operand), so the negative chunks use the generic form, as a bytecode file could.
// RUN: %tilec -O0 --split-input-file --verify-diagnostics %s
// RUN: %tilec -O0 --split-input-file --verify-diagnostics %s | %FileCheck %s

// Positive: terminators last in every block.
// CHECK-LABEL: cuda_tile.module @fine
cuda_tile.module @fine {
  entry @k(%n: tile<i32>) {
    %c0 = constant <i32: 0> : tile<i32>
    %c1 = constant <i32: 1> : tile<i32>
    for %i in (%c0 to %n, step %c1) : tile<i32> {
      continue
    }
    return
  }
}

// -----

"cuda_tile.module"() <{sym_name = "after_return"}> ({
  "cuda_tile.entry"() <{function_type = () -> (), sym_name = "k"}> ({
    "cuda_tile.return"() : () -> ()
    // expected-error@+1 {{operation after the block's terminator 'cuda_tile.return' (a terminator must be the last operation of its block)}}
    %0 = "cuda_tile.constant"() <{value = dense<1> : tensor<i32>}> : () -> !cuda_tile.tile<i32>
    "cuda_tile.return"() : () -> ()
  }) : () -> ()
}) : () -> ()

// -----

"cuda_tile.module"() <{sym_name = "after_continue"}> ({
  "cuda_tile.entry"() <{function_type = () -> (), sym_name = "k"}> ({
    %0 = "cuda_tile.constant"() <{value = dense<0> : tensor<i32>}> : () -> !cuda_tile.tile<i32>
    %1 = "cuda_tile.constant"() <{value = dense<4> : tensor<i32>}> : () -> !cuda_tile.tile<i32>
    %2 = "cuda_tile.constant"() <{value = dense<1> : tensor<i32>}> : () -> !cuda_tile.tile<i32>
    "cuda_tile.for"(%0, %1, %2) ({
    ^bb0(%i: !cuda_tile.tile<i32>):
      "cuda_tile.continue"() : () -> ()
      // expected-error@+1 {{operation after the block's terminator 'cuda_tile.continue'}}
      %3 = "cuda_tile.addi"(%i, %i) : (!cuda_tile.tile<i32>, !cuda_tile.tile<i32>) -> !cuda_tile.tile<i32>
      "cuda_tile.continue"() : () -> ()
    }) : (!cuda_tile.tile<i32>, !cuda_tile.tile<i32>, !cuda_tile.tile<i32>) -> ()
    "cuda_tile.return"() : () -> ()
  }) : () -> ()
}) : () -> ()
