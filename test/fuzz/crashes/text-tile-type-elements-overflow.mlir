// Fuzzer reproducer (test/fuzz/crashes.test): signed overflow in ct_type_verify (lib/frontend/types.c:606)
// for a tile type whose element count exceeds INT64_MAX; must be rejected cleanly.
cuda_tile.module @kernels {
  entry @reshape_overflow() {
    %c = constant <f32: 0.0> : tile<4x1024xf32>
    %r = reshape %c : tile<4x1024xf32> -> tile<4x2305843009213693952xf32>
    return
  }
}
