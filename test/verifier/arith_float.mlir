// Verifier rules of the floating-point and math ops: BaseFloat operands of one type, the rounding
// modes each op allows (IEEE; approx/full only on f32), flush_to_zero (f32 only, only on the ops
// that have it), cmpf. Chunks the pretty syntax cannot spell use the generic form.
// RUN: %tilec -O0 --split-input-file --verify-diagnostics %s
// RUN: %tilec -O0 --split-input-file --verify-diagnostics %s | %FileCheck %s

// Positive: the default rounding is filled in and not printed; non-default modifiers print back.
// CHECK-LABEL: testing$func @floats
// CHECK: addf %{{.*}}, %{{.*}} : tile<4xf32>
// CHECK: subf %{{.*}}, %{{.*}} rounding<zero> flush_to_zero : tile<4xf32>
// CHECK: divf %{{.*}}, %{{.*}} rounding<approx> flush_to_zero : tile<4xf32>
// CHECK: fma %{{.*}}, %{{.*}}, %{{.*}} rounding<positive_inf> : tile<4xf64>
// CHECK: maxf %{{.*}}, %{{.*}} flush_to_zero propagate_nan : tile<4xf32>
// CHECK: cmpf less_than unordered %{{.*}}, %{{.*}} : tile<4xf32> -> tile<4xi1>
// CHECK: exp %{{.*}} rounding<approx> : tile<4xf32>
// CHECK: sqrt %{{.*}} rounding<approx> flush_to_zero : tile<4xf32>
cuda_tile.module @m {
  testing$func @floats(%a: tile<4xf32>, %b: tile<4xf32>, %d: tile<4xf64>, %h: tile<4xf16>) {
    %0 = addf %a, %b : tile<4xf32>
    %1 = subf %a, %b rounding<zero> flush_to_zero : tile<4xf32>
    %2 = mulf %h, %h rounding<negative_inf> : tile<4xf16>
    %3 = divf %a, %b rounding<approx> flush_to_zero : tile<4xf32>
    %4 = fma %d, %d, %d rounding<positive_inf> : tile<4xf64>
    %5 = remf %a, %b : tile<4xf32>
    %6 = negf %h : tile<4xf16>
    %7 = absf %d : tile<4xf64>
    %8 = maxf %a, %b flush_to_zero propagate_nan : tile<4xf32>
    %9 = minf %h, %h : tile<4xf16>
    %10 = ceil %a : tile<4xf32>
    %11 = floor %a : tile<4xf32>
    %12 = cmpf less_than unordered %a, %b : tile<4xf32> -> tile<4xi1>
    %13 = exp %a rounding<approx> : tile<4xf32>
    %14 = exp2 %a flush_to_zero : tile<4xf32>
    %15 = log %a : tile<4xf32>
    %16 = log2 %h : tile<4xf16>
    %17 = pow %a, %b : tile<4xf32>
    %18 = sqrt %a rounding<approx> flush_to_zero : tile<4xf32>
    %19 = rsqrt %a flush_to_zero : tile<4xf32>
    %20 = sin %a : tile<4xf32>
    %21 = cos %a : tile<4xf32>
    %22 = tan %a : tile<4xf32>
    %23 = sinh %a : tile<4xf32>
    %24 = cosh %a : tile<4xf32>
    %25 = tanh %h : tile<4xf16>
    %26 = atan2 %a, %b : tile<4xf32>
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%a: tile<4xi32>) {
    // expected-error@+1 {{'cuda_tile.addf' op operand #0 must be tile of f16 or bf16 or f32 or f64 values, but got '!cuda_tile.tile<4xi32>'}}
    %0 = addf %a, %a : tile<4xi32>
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%a: tile<4xtf32>) {
    // tf32 is not a BaseFloat: only mmaf and conversions take it.
    // expected-error@+1 {{'cuda_tile.sin' op operand #0 must be tile of f16 or bf16 or f32 or f64 values, but got '!cuda_tile.tile<4xtf32>'}}
    %0 = sin %a : tile<4xtf32>
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%a: tile<4xf8E4M3FN>) {
    // expected-error@+1 {{'cuda_tile.fma' op operand #0 must be tile of f16 or bf16 or f32 or f64 values, but got '!cuda_tile.tile<4xf8E4M3FN>'}}
    %0 = fma %a, %a, %a : tile<4xf8E4M3FN>
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%a: tile<4xf32>, %b: tile<4xf16>) {
    // expected-error@+1 {{'cuda_tile.mulf' op requires the same element type for all operands and results}}
    %0 = "cuda_tile.mulf"(%a, %b) {rounding_mode = #cuda_tile.rounding<nearest_even>} : (!cuda_tile.tile<4xf32>, !cuda_tile.tile<4xf16>) -> !cuda_tile.tile<4xf32>
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%a: tile<4xf32>) {
    // expected-error@+1 {{'cuda_tile.pow' op requires the same shape for all operands and results}}
    %0 = "cuda_tile.pow"(%a, %a) : (!cuda_tile.tile<4xf32>, !cuda_tile.tile<4xf32>) -> !cuda_tile.tile<2xf32>
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%a: tile<4xf32>) {
    // expected-error@+1 {{'cuda_tile.addf' op invalid rounding error specified, expect one of [nearest_even, zero, negative_inf, positive_inf]}}
    %0 = addf %a, %a rounding<approx> : tile<4xf32>
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%a: tile<4xf32>) {
    // expected-error@+1 {{'cuda_tile.sqrt' op invalid rounding error specified, expect one of [nearest_even, zero, negative_inf, positive_inf, approx]}}
    %0 = sqrt %a rounding<full> : tile<4xf32>
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%a: tile<4xf32>) {
    // expected-error@+1 {{'cuda_tile.exp' op invalid rounding error specified, expect one of [approx, full]}}
    %0 = exp %a rounding<zero> : tile<4xf32>
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%a: tile<4xf32>) {
    // expected-error@+1 {{'cuda_tile.tanh' op invalid rounding error specified, expect one of [approx, full]}}
    %0 = tanh %a rounding<nearest_even> : tile<4xf32>
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%a: tile<4xf16>) {
    // expected-error@+1 {{'cuda_tile.divf' op approx modifier only supported for f32 data type, but got: 'f16'}}
    %0 = divf %a, %a rounding<approx> : tile<4xf16>
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%a: tile<4xf64>) {
    // expected-error@+1 {{'cuda_tile.divf' op full modifier only supported for f32 data type, but got: 'f64'}}
    %0 = divf %a, %a rounding<full> : tile<4xf64>
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%a: tile<4xf64>) {
    // flush_to_zero is reported before approx (NVIDIA's order).
    // expected-error@+1 {{'cuda_tile.divf' op flush_to_zero modifier only supported for f32 data type, but got: 'f64'}}
    %0 = divf %a, %a rounding<approx> flush_to_zero : tile<4xf64>
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%a: tile<4xbf16>) {
    // expected-error@+1 {{'cuda_tile.addf' op flush_to_zero modifier only supported for f32 data type, but got: 'bf16'}}
    %0 = addf %a, %a flush_to_zero : tile<4xbf16>
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%a: tile<4xf16>) {
    // expected-error@+1 {{'cuda_tile.maxf' op flush_to_zero modifier only supported for f32 data type, but got: 'f16'}}
    %0 = maxf %a, %a flush_to_zero : tile<4xf16>
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%a: tile<4xf64>) {
    // expected-error@+1 {{'cuda_tile.rsqrt' op flush_to_zero modifier only supported for f32 data type, but got: 'f64'}}
    %0 = rsqrt %a flush_to_zero : tile<4xf64>
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%a: tile<4xf32>) {
    // expected-error@+1 {{'cuda_tile.negf' op does not support the flush_to_zero modifier}}
    %0 = "cuda_tile.negf"(%a) {flush_to_zero} : (!cuda_tile.tile<4xf32>) -> !cuda_tile.tile<4xf32>
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%a: tile<4xf32>) {
    // expected-error@+1 {{'cuda_tile.addf' op attribute 'rounding_mode' must be a #cuda_tile.rounding<...> attribute, got '0 : i32'}}
    %0 = "cuda_tile.addf"(%a, %a) {rounding_mode = 0 : i32} : (!cuda_tile.tile<4xf32>, !cuda_tile.tile<4xf32>) -> !cuda_tile.tile<4xf32>
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%a: tile<4xf32>) {
    // expected-error@+1 {{'cuda_tile.subf' op attribute 'rounding_mode' has an invalid value '#cuda_tile.rounding<nearest>'}}
    %0 = "cuda_tile.subf"(%a, %a) {rounding_mode = #cuda_tile.rounding<nearest>} : (!cuda_tile.tile<4xf32>, !cuda_tile.tile<4xf32>) -> !cuda_tile.tile<4xf32>
  }
}
