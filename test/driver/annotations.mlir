// expected-* annotation forms: @+N, @-N, @above and @below skip other annotation lines (mlir-opt's
// rule), and a space may stand before the '@'.
// RUN: %tilec -O0 --split-input-file --verify-diagnostics %s

cuda_tile.module @m {
  entry @k() {
    // expected-error @below {{must be tile of i1 or i8}}
    // expected-error@+2 {{expects result type to be 1-d tile}}
    %x = iota : tile<128xf32>
    %y = iota : tile<4x4xi32>
  }
}

// -----

cuda_tile.module @m {
  entry @k() {
    %x = addi %b, %b : tile<i32>
    // expected-error@above {{use of undefined value '%b'}}
  }
}

// -----

cuda_tile.module @m {
  entry @k() {
    %x = addi %c, %c : tile<i32>
    // expected-error@-1 {{undefined value '%c'}}
  }
}
