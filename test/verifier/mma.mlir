// Verifier rules of the matrix multiplies (mmaf, mmai, mmaf_scaled): operand element classes, equal
// ranks (2-D or batched 3-D), M/N/K and batch agreement, the allowed input/accumulator
// combinations, fast_acc, signedness, and mmaf_scaled's scale types, shapes and block factors.
// RUN: %tilec -O0 --split-input-file --verify-diagnostics %s
// RUN: %tilec -O0 --split-input-file --verify-diagnostics %s | %FileCheck %s

// Positive.
// CHECK-LABEL: testing$func @mma
// CHECK: mmaf %{{.*}}, %{{.*}}, %{{.*}} : tile<4x8xf16>, tile<8x2xf16>, tile<4x2xf32>
// CHECK: mmaf %{{.*}}, %{{.*}}, %{{.*}} fast_acc : tile<2x4x8xf8E4M3FN>, tile<2x8x2xf8E4M3FN>, tile<2x4x2xf16>
// CHECK: mmai %{{.*}}, %{{.*}}, %{{.*}} signed unsigned : tile<4x8xi8>, tile<8x2xi8>, tile<4x2xi32>
// CHECK: mmaf_scaled %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} : tile<128x128xf4E2M1FN>, tile<128x128xf4E2M1FN>, tile<128x128xf32>, tile<128x8xf8E4M3FN>, tile<8x128xf8E4M3FN>
cuda_tile.module @m {
  testing$func @mma(%a: tile<4x8xf16>, %b: tile<8x2xf16>, %c: tile<4x2xf32>,
                    %a8: tile<2x4x8xf8E4M3FN>, %b8: tile<2x8x2xf8E4M3FN>, %c8: tile<2x4x2xf16>,
                    %ai: tile<4x8xi8>, %bi: tile<8x2xi8>, %ci: tile<4x2xi32>,
                    %x: tile<128x128xf4E2M1FN>, %y: tile<128x128xf32>, %sa: tile<128x8xf8E4M3FN>, %sb: tile<8x128xf8E4M3FN>) {
    %0 = mmaf %a, %b, %c : tile<4x8xf16>, tile<8x2xf16>, tile<4x2xf32>
    %1 = mmaf %a8, %b8, %c8 fast_acc : tile<2x4x8xf8E4M3FN>, tile<2x8x2xf8E4M3FN>, tile<2x4x2xf16>
    %2 = mmai %ai, %bi, %ci signed unsigned : tile<4x8xi8>, tile<8x2xi8>, tile<4x2xi32>
    %3 = mmaf_scaled %x, %x, %y, %sa, %sb : tile<128x128xf4E2M1FN>, tile<128x128xf4E2M1FN>, tile<128x128xf32>, tile<128x8xf8E4M3FN>, tile<8x128xf8E4M3FN>
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%a: tile<4x8xi8>, %b: tile<8x2xi8>, %c: tile<4x2xf32>) {
    // expected-error@+1 {{'cuda_tile.mmaf' op operand #0 must be mmaf operand tile type of f16 or bf16 or f32 or f64 or tf32 or f8E4M3FN or f8E5M2 values, but got '!cuda_tile.tile<4x8xi8>'}}
    %0 = mmaf %a, %b, %c : tile<4x8xi8>, tile<8x2xi8>, tile<4x2xf32>
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%a: tile<4x8xf16>, %b: tile<8x2xf16>, %c: tile<4x2xbf16>) {
    // expected-error@+1 {{'cuda_tile.mmaf' op operand #2 must be mmaf acc/result tile type of f16 or f32 or f64 values, but got '!cuda_tile.tile<4x2xbf16>'}}
    %0 = mmaf %a, %b, %c : tile<4x8xf16>, tile<8x2xf16>, tile<4x2xbf16>
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%a: tile<4x8xf16>, %b: tile<8x2xf16>, %c: tile<2x4x2xf32>) {
    // expected-error@+1 {{'cuda_tile.mmaf' op failed to verify that all of {lhs, rhs, acc} have same rank}}
    %0 = mmaf %a, %b, %c : tile<4x8xf16>, tile<8x2xf16>, tile<2x4x2xf32>
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%a: tile<4x8xf16>, %b: tile<8x2xbf16>, %c: tile<4x2xf32>) {
    // expected-error@+1 {{'cuda_tile.mmaf' op failed to verify that all of {lhs, rhs} have the same element type}}
    %0 = mmaf %a, %b, %c : tile<4x8xf16>, tile<8x2xbf16>, tile<4x2xf32>
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%a: tile<8xf16>, %b: tile<8xf16>, %c: tile<8xf32>) {
    // expected-error@+1 {{'cuda_tile.mmaf' op operands must be 2D or 3D tiles}}
    %0 = mmaf %a, %b, %c : tile<8xf16>, tile<8xf16>, tile<8xf32>
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%a: tile<4x8xf16>, %b: tile<4x2xf16>, %c: tile<4x2xf32>) {
    // expected-error@+1 {{'cuda_tile.mmaf' op shape error: dim 1 of lhs (8) and dim 0 of rhs (4) must match, but got lhs shape (4, 8) and rhs shape (4, 2)}}
    %0 = mmaf %a, %b, %c : tile<4x8xf16>, tile<4x2xf16>, tile<4x2xf32>
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%a: tile<4x8xf16>, %b: tile<8x2xf16>, %c: tile<8x2xf32>) {
    // expected-error@+1 {{'cuda_tile.mmaf' op shape error: dim 0 of lhs (4) and dim 0 of acc (8) must match, but got lhs shape (4, 8) and acc shape (8, 2)}}
    %0 = mmaf %a, %b, %c : tile<4x8xf16>, tile<8x2xf16>, tile<8x2xf32>
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%a: tile<4x8xf16>, %b: tile<8x2xf16>, %c: tile<4x4xf32>) {
    // expected-error@+1 {{'cuda_tile.mmaf' op shape error: dim 1 of rhs (2) and dim 1 of acc (4) must match, but got rhs shape (8, 2) and acc shape (4, 4)}}
    %0 = mmaf %a, %b, %c : tile<4x8xf16>, tile<8x2xf16>, tile<4x4xf32>
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%a: tile<2x4x8xf16>, %b: tile<4x8x2xf16>, %c: tile<2x4x2xf32>) {
    // expected-error@+1 {{'cuda_tile.mmaf' op shape error: dim 0 of lhs (2) and dim 0 of rhs (4) must match, but got lhs shape (2, 4, 8) and rhs shape (4, 8, 2)}}
    %0 = mmaf %a, %b, %c : tile<2x4x8xf16>, tile<4x8x2xf16>, tile<2x4x2xf32>
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%a: tile<2x4x8xf16>, %b: tile<2x8x2xf16>, %c: tile<4x4x2xf32>) {
    // expected-error@+1 {{'cuda_tile.mmaf' op shape error: dim 0 of lhs (2) and dim 0 of acc (4) must match, but got lhs shape (2, 4, 8) and acc shape (4, 4, 2)}}
    %0 = mmaf %a, %b, %c : tile<2x4x8xf16>, tile<2x8x2xf16>, tile<4x4x2xf32>
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%a: tile<4x8xbf16>, %b: tile<8x2xbf16>, %c: tile<4x2xf16>) {
    // expected-error@+1 {{'cuda_tile.mmaf' op unsupported combination of element types. Input type 'bf16' expects accumulator/result type to be one of {'f32'}, but got 'f16'}}
    %0 = mmaf %a, %b, %c : tile<4x8xbf16>, tile<8x2xbf16>, tile<4x2xf16>
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%a: tile<4x8xf64>, %b: tile<8x2xf64>, %c: tile<4x2xf32>) {
    // expected-error@+1 {{'cuda_tile.mmaf' op unsupported combination of element types. Input type 'f64' expects accumulator/result type to be one of {'f64'}, but got 'f32'}}
    %0 = mmaf %a, %b, %c : tile<4x8xf64>, tile<8x2xf64>, tile<4x2xf32>
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%a: tile<4x8xf8E4M3FN>, %b: tile<8x2xf8E4M3FN>, %c: tile<4x2xf64>) {
    // expected-error@+1 {{'cuda_tile.mmaf' op unsupported combination of element types. Input type 'f8E4M3FN' expects accumulator/result type to be one of {'f16', 'f32'}, but got 'f64'}}
    %0 = mmaf %a, %b, %c : tile<4x8xf8E4M3FN>, tile<8x2xf8E4M3FN>, tile<4x2xf64>
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%a: tile<4x8xf16>, %b: tile<8x2xf16>, %c: tile<4x2xf32>) {
    // expected-error@+1 {{'cuda_tile.mmaf' op fast_acc is only supported with f8E4M3FN or f8E5M2 inputs}}
    %0 = mmaf %a, %b, %c fast_acc : tile<4x8xf16>, tile<8x2xf16>, tile<4x2xf32>
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%a: tile<4x8xf16>, %b: tile<8x2xf16>, %c: tile<4x2xf32>) {
    // expected-error@+1 {{'cuda_tile.mmaf' op failed to verify that all of {acc, result} have same type}}
    %0 = "cuda_tile.mmaf"(%a, %b, %c) : (!cuda_tile.tile<4x8xf16>, !cuda_tile.tile<8x2xf16>, !cuda_tile.tile<4x2xf32>) -> !cuda_tile.tile<4x2xf16>
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%a: tile<4x8xf16>, %b: tile<8x2xf16>, %c: tile<4x2xf32>) {
    // expected-error@+1 {{'cuda_tile.mmaf' op expected 3 operands, but found 2}}
    %0 = "cuda_tile.mmaf"(%a, %b) : (!cuda_tile.tile<4x8xf16>, !cuda_tile.tile<8x2xf16>) -> !cuda_tile.tile<4x2xf32>
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%a: tile<4x8xi16>, %b: tile<8x2xi8>, %c: tile<4x2xi32>) {
    // expected-error@+1 {{'cuda_tile.mmai' op operand #0 must be mmai operand tile type of i8 values, but got '!cuda_tile.tile<4x8xi16>'}}
    %0 = mmai %a, %b, %c signed signed : tile<4x8xi16>, tile<8x2xi8>, tile<4x2xi32>
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%a: tile<4x8xi8>, %b: tile<8x2xi8>, %c: tile<4x2xi64>) {
    // expected-error@+1 {{'cuda_tile.mmai' op operand #2 must be mmai acc/result tile type of i32 values, but got '!cuda_tile.tile<4x2xi64>'}}
    %0 = mmai %a, %b, %c signed signed : tile<4x8xi8>, tile<8x2xi8>, tile<4x2xi64>
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%a: tile<4x8xi8>, %b: tile<8x2xi8>, %c: tile<1x4x2xi32>) {
    // expected-error@+1 {{'cuda_tile.mmai' op failed to verify that all of {lhs, rhs, acc} have same rank}}
    %0 = mmai %a, %b, %c signed signed : tile<4x8xi8>, tile<8x2xi8>, tile<1x4x2xi32>
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%a: tile<4x8xi8>, %b: tile<16x2xi8>, %c: tile<4x2xi32>) {
    // expected-error@+1 {{'cuda_tile.mmai' op shape error: dim 1 of lhs (8) and dim 0 of rhs (16) must match}}
    %0 = mmai %a, %b, %c signed signed : tile<4x8xi8>, tile<16x2xi8>, tile<4x2xi32>
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%a: tile<4x8xi8>, %b: tile<8x2xi8>, %c: tile<4x2xi32>) {
    // expected-error@+1 {{'cuda_tile.mmai' op requires attribute 'signedness_rhs'}}
    %0 = "cuda_tile.mmai"(%a, %b, %c) {signedness_lhs = #cuda_tile.signedness<signed>} : (!cuda_tile.tile<4x8xi8>, !cuda_tile.tile<8x2xi8>, !cuda_tile.tile<4x2xi32>) -> !cuda_tile.tile<4x2xi32>
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%a: tile<4x8xi8>, %b: tile<8x2xi8>, %c: tile<4x2xi32>) {
    // expected-error@+1 {{'cuda_tile.mmai' op attribute 'signedness_lhs' has an invalid value '#cuda_tile.signedness<both>'}}
    %0 = "cuda_tile.mmai"(%a, %b, %c) {signedness_lhs = #cuda_tile.signedness<both>, signedness_rhs = #cuda_tile.signedness<signed>} : (!cuda_tile.tile<4x8xi8>, !cuda_tile.tile<8x2xi8>, !cuda_tile.tile<4x2xi32>) -> !cuda_tile.tile<4x2xi32>
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%a: tile<128x128xf16>, %b: tile<128x128xf16>, %c: tile<128x128xf32>, %sa: tile<128x4xf8E8M0FNU>, %sb: tile<4x128xf8E8M0FNU>) {
    // expected-error@+1 {{'cuda_tile.mmaf_scaled' op operand #0 must be mmaf_scaled operand tile type of f8E4M3FN or f8E5M2 or f4E2M1FN values, but got '!cuda_tile.tile<128x128xf16>'}}
    %0 = mmaf_scaled %a, %b, %c, %sa, %sb : tile<128x128xf16>, tile<128x128xf16>, tile<128x128xf32>, tile<128x4xf8E8M0FNU>, tile<4x128xf8E8M0FNU>
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%a: tile<128x128xf8E5M2>, %b: tile<128x128xf8E5M2>, %c: tile<128x128xf16>, %sa: tile<128x4xf8E8M0FNU>, %sb: tile<4x128xf8E8M0FNU>) {
    // expected-error@+1 {{'cuda_tile.mmaf_scaled' op operand #2 must be mmaf_scaled result tile type of f32 values, but got '!cuda_tile.tile<128x128xf16>'}}
    %0 = mmaf_scaled %a, %b, %c, %sa, %sb : tile<128x128xf8E5M2>, tile<128x128xf8E5M2>, tile<128x128xf16>, tile<128x4xf8E8M0FNU>, tile<4x128xf8E8M0FNU>
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%a: tile<128x128xf8E5M2>, %b: tile<128x128xf8E5M2>, %c: tile<128x128xf32>, %sa: tile<128x4xf16>, %sb: tile<4x128xf8E8M0FNU>) {
    // expected-error@+1 {{'cuda_tile.mmaf_scaled' op operand #3 must be mmaf_scaled scale tile type of f8E4M3FN or f8E8M0FNU or fnv8E5M3FNU values, but got '!cuda_tile.tile<128x4xf16>'}}
    %0 = mmaf_scaled %a, %b, %c, %sa, %sb : tile<128x128xf8E5M2>, tile<128x128xf8E5M2>, tile<128x128xf32>, tile<128x4xf16>, tile<4x128xf8E8M0FNU>
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%a: tile<128x128xf8E5M2>, %b: tile<128x128xf8E4M3FN>, %c: tile<128x128xf32>, %sa: tile<128x4xf8E8M0FNU>, %sb: tile<4x128xf8E8M0FNU>) {
    // expected-error@+1 {{'cuda_tile.mmaf_scaled' op failed to verify that all of {lhs, rhs} have the same element type}}
    %0 = mmaf_scaled %a, %b, %c, %sa, %sb : tile<128x128xf8E5M2>, tile<128x128xf8E4M3FN>, tile<128x128xf32>, tile<128x4xf8E8M0FNU>, tile<4x128xf8E8M0FNU>
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%a: tile<128x128xf4E2M1FN>, %b: tile<128x128xf4E2M1FN>, %c: tile<128x128xf32>, %sa: tile<128x8xf8E8M0FNU>, %sb: tile<8x128xf8E4M3FN>) {
    // expected-error@+1 {{'cuda_tile.mmaf_scaled' op failed to verify that all of {lhs_scale, rhs_scale} have the same element type}}
    %0 = mmaf_scaled %a, %b, %c, %sa, %sb : tile<128x128xf4E2M1FN>, tile<128x128xf4E2M1FN>, tile<128x128xf32>, tile<128x8xf8E8M0FNU>, tile<8x128xf8E4M3FN>
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%a: tile<128x128xf8E5M2>, %b: tile<128x128xf8E5M2>, %c: tile<128x128xf32>, %sa: tile<1x128x4xf8E8M0FNU>, %sb: tile<4x128xf8E8M0FNU>) {
    // expected-error@+1 {{'cuda_tile.mmaf_scaled' op failed to verify that all of {lhs, rhs, acc, lhs_scale, rhs_scale} have same rank}}
    %0 = mmaf_scaled %a, %b, %c, %sa, %sb : tile<128x128xf8E5M2>, tile<128x128xf8E5M2>, tile<128x128xf32>, tile<1x128x4xf8E8M0FNU>, tile<4x128xf8E8M0FNU>
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%a: tile<128x128xf8E5M2>, %b: tile<128x128xf8E5M2>, %c: tile<128x128xf32>, %sa: tile<128x4xf8E4M3FN>, %sb: tile<4x128xf8E4M3FN>) {
    // expected-error@+1 {{'cuda_tile.mmaf_scaled' op unsupported combination of element types. Scale type 'f8E4M3FN' expects lhs and rhs element types to be 'f4E2M1FN', but got 'f8E5M2'}}
    %0 = mmaf_scaled %a, %b, %c, %sa, %sb : tile<128x128xf8E5M2>, tile<128x128xf8E5M2>, tile<128x128xf32>, tile<128x4xf8E4M3FN>, tile<4x128xf8E4M3FN>
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%a: tile<4x64x64xf4E2M1FN>, %b: tile<4x64x64xf4E2M1FN>, %c: tile<4x64x64xf32>, %sa: tile<2x64x2xf8E8M0FNU>, %sb: tile<4x2x64xf8E8M0FNU>) {
    // expected-error@+1 {{'cuda_tile.mmaf_scaled' op shape error: dim 0 of lhs (4) and dim 0 of lhs_scale (2) must match}}
    %0 = mmaf_scaled %a, %b, %c, %sa, %sb : tile<4x64x64xf4E2M1FN>, tile<4x64x64xf4E2M1FN>, tile<4x64x64xf32>, tile<2x64x2xf8E8M0FNU>, tile<4x2x64xf8E8M0FNU>
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%a: tile<4x64x64xf4E2M1FN>, %b: tile<4x64x64xf4E2M1FN>, %c: tile<4x64x64xf32>, %sa: tile<4x64x2xf8E8M0FNU>, %sb: tile<2x2x64xf8E8M0FNU>) {
    // expected-error@+1 {{'cuda_tile.mmaf_scaled' op shape error: dim 0 of rhs (4) and dim 0 of rhs_scale (2) must match}}
    %0 = mmaf_scaled %a, %b, %c, %sa, %sb : tile<4x64x64xf4E2M1FN>, tile<4x64x64xf4E2M1FN>, tile<4x64x64xf32>, tile<4x64x2xf8E8M0FNU>, tile<2x2x64xf8E8M0FNU>
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%a: tile<128x128xf8E5M2>, %b: tile<128x128xf8E5M2>, %c: tile<128x128xf32>, %sa: tile<64x4xf8E8M0FNU>, %sb: tile<4x128xf8E8M0FNU>) {
    // expected-error@+1 {{'cuda_tile.mmaf_scaled' op shape error: dim 0 of lhs (128) and dim 0 of lhs_scale (64) must match}}
    %0 = mmaf_scaled %a, %b, %c, %sa, %sb : tile<128x128xf8E5M2>, tile<128x128xf8E5M2>, tile<128x128xf32>, tile<64x4xf8E8M0FNU>, tile<4x128xf8E8M0FNU>
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%a: tile<128x128xf8E5M2>, %b: tile<128x128xf8E5M2>, %c: tile<128x128xf32>, %sa: tile<128x4xf8E8M0FNU>, %sb: tile<4x64xf8E8M0FNU>) {
    // expected-error@+1 {{'cuda_tile.mmaf_scaled' op shape error: dim 1 of rhs (128) and dim 1 of rhs_scale (64) must match}}
    %0 = mmaf_scaled %a, %b, %c, %sa, %sb : tile<128x128xf8E5M2>, tile<128x128xf8E5M2>, tile<128x128xf32>, tile<128x4xf8E8M0FNU>, tile<4x64xf8E8M0FNU>
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%a: tile<128x128xf8E5M2>, %b: tile<128x128xf8E5M2>, %c: tile<128x128xf32>, %sa: tile<128x4xf8E8M0FNU>, %sb: tile<8x128xf8E8M0FNU>) {
    // expected-error@+1 {{'cuda_tile.mmaf_scaled' op shape error: dim 1 of lhs_scale (4) and dim 0 of rhs_scale (8) must match, but got lhs_scale shape (128, 4) and rhs_scale shape (8, 128)}}
    %0 = mmaf_scaled %a, %b, %c, %sa, %sb : tile<128x128xf8E5M2>, tile<128x128xf8E5M2>, tile<128x128xf32>, tile<128x4xf8E8M0FNU>, tile<8x128xf8E8M0FNU>
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%a: tile<128x128xf4E2M1FN>, %b: tile<128x128xf4E2M1FN>, %c: tile<128x128xf32>, %sa: tile<128x4xf8E4M3FN>, %sb: tile<4x128xf8E4M3FN>) {
    // expected-error@+1 {{'cuda_tile.mmaf_scaled' op shape error: f4E2M1FN element type with f8E4M3FN scales requires block scale factor of lhs_scale and rhs_scale to be 16, but got 32}}
    %0 = mmaf_scaled %a, %b, %c, %sa, %sb : tile<128x128xf4E2M1FN>, tile<128x128xf4E2M1FN>, tile<128x128xf32>, tile<128x4xf8E4M3FN>, tile<4x128xf8E4M3FN>
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%a: tile<128x128xf4E2M1FN>, %b: tile<128x128xf4E2M1FN>, %c: tile<128x128xf32>, %sa: tile<128x2xf8E8M0FNU>, %sb: tile<2x128xf8E8M0FNU>) {
    // expected-error@+1 {{'cuda_tile.mmaf_scaled' op shape error: f4E2M1FN element type with f8E8M0FNU scales requires block scale factor of lhs_scale and rhs_scale to be 16 or 32, but got 64}}
    %0 = mmaf_scaled %a, %b, %c, %sa, %sb : tile<128x128xf4E2M1FN>, tile<128x128xf4E2M1FN>, tile<128x128xf32>, tile<128x2xf8E8M0FNU>, tile<2x128xf8E8M0FNU>
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%a: tile<128x128xf8E5M2>, %b: tile<128x128xf8E5M2>, %c: tile<128x128xf32>, %sa: tile<128x8xf8E8M0FNU>, %sb: tile<8x128xf8E8M0FNU>) {
    // expected-error@+1 {{'cuda_tile.mmaf_scaled' op shape error: f8 element type requires block scale factor of lhs_scale and rhs_scale to be 32, but got 16}}
    %0 = mmaf_scaled %a, %b, %c, %sa, %sb : tile<128x128xf8E5M2>, tile<128x128xf8E5M2>, tile<128x128xf32>, tile<128x8xf8E8M0FNU>, tile<8x128xf8E8M0FNU>
  }
}

// -----

// fnv8E5M3FNU scales (13.4) go with f4E2M1FN operands only, blocks of 16 or 32
cuda_tile.module @m {
  testing$func @f(%a: tile<128x128xf4E2M1FN>, %b: tile<128x128xf4E2M1FN>, %c: tile<128x128xf32>, %sa: tile<128x8xfnv8E5M3FNU>, %sb: tile<8x128xfnv8E5M3FNU>) {
    %0 = mmaf_scaled %a, %b, %c, %sa, %sb : tile<128x128xf4E2M1FN>, tile<128x128xf4E2M1FN>, tile<128x128xf32>, tile<128x8xfnv8E5M3FNU>, tile<8x128xfnv8E5M3FNU>
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%a: tile<128x128xf8E4M3FN>, %b: tile<128x128xf8E4M3FN>, %c: tile<128x128xf32>, %sa: tile<128x4xfnv8E5M3FNU>, %sb: tile<4x128xfnv8E5M3FNU>) {
    // expected-error@+1 {{'cuda_tile.mmaf_scaled' op unsupported combination of element types. Scale type 'fnv8E5M3FNU' expects lhs and rhs element types to be 'f4E2M1FN', but got 'f8E4M3FN'}}
    %0 = mmaf_scaled %a, %b, %c, %sa, %sb : tile<128x128xf8E4M3FN>, tile<128x128xf8E4M3FN>, tile<128x128xf32>, tile<128x4xfnv8E5M3FNU>, tile<4x128xfnv8E5M3FNU>
  }
}
