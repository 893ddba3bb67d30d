// --verify-diagnostics fails (exit 1) when an expected diagnostic is missing or an unexpected one
// appears, and says which.
// RUN: not %tilec -O0 --verify-diagnostics %s 2>&1 | %FileCheck %s

cuda_tile.module @m {
  entry @k() {
    // CHECK: verify_diagnostics_mismatch.mlir:[[@LINE+1]]:{{[0-9]+}}: error: expected error "this message is never produced" was not produced
    // expected-error@+1 {{this message is never produced}}
    return
  }
}
