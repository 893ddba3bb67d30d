// RUN: %tilec -O0 --verify-diagnostics --split-input-file %s

cuda_tile.module @m {
  entry @k() {
    // expected-error@+1 {{unknown operation 'cuda_tile.foo'}}
    %a = foo : tile<f32>
  }
}

// -----

cuda_tile.module @m {
  entry @k() {
    // expected-error@+1 {{use of undefined value '%x'}}
    %a = addf %x, %x : tile<f32>
  }
}

// -----

cuda_tile.module @m {
  entry @k() {
    %a = constant <f32: 1.0> : tile<f32>
    // expected-error@+1 {{redefinition of SSA value '%a'}}
    %a = constant <f32: 2.0> : tile<f32>
  }
}

// -----

cuda_tile.module @m {
  entry @k(%p: tile<f32>) {
    // expected-error@+1 {{expects different type than prior uses}}
    %r = broadcast %p : tile<f16> -> tile<2xf32>
  }
}
