// Verifier rules of the conversions (bitcast exti trunci itof ftoi ftof int_to_ptr ptr_to_int
// ptr_to_ptr): operand/result classes, same shape, widen/narrow direction, equal bit widths,
// signedness, and the rounding modes each conversion allows.
// RUN: %tilec -O0 --split-input-file --verify-diagnostics %s
// RUN: %tilec -O0 --split-input-file --verify-diagnostics %s | %FileCheck %s

// Positive.
// CHECK-LABEL: testing$func @conv
// CHECK: exti %{{.*}} signed : tile<4xi4> -> tile<4xi8>
// CHECK: trunci %{{.*}} overflow<no_signed_wrap> : tile<4xi32> -> tile<4xi16>
// CHECK: itof %{{.*}} unsigned : tile<4xi32> -> tile<4xf16>
// CHECK: ftoi %{{.*}} signed : tile<4xf32> -> tile<4xi8>
// CHECK: ftof %{{.*}} rounding<positive_inf> : tile<4xf32> -> tile<4xf8E8M0FNU>
// CHECK: ptr_to_ptr %{{.*}} : tile<4xptr<f32>> -> tile<4xptr<i8>>
cuda_tile.module @m {
  testing$func @conv(%i4: tile<4xi4>, %i: tile<4xi32>, %f: tile<4xf32>, %p: tile<4xptr<f32>>, %q: tile<4xi64>) {
    %0 = bitcast %i : tile<4xi32> -> tile<4xf32>
    %1 = exti %i4 signed : tile<4xi4> -> tile<4xi8>
    %2 = trunci %i overflow<no_signed_wrap> : tile<4xi32> -> tile<4xi16>
    %3 = itof %i unsigned : tile<4xi32> -> tile<4xf16>
    %4 = ftoi %f signed : tile<4xf32> -> tile<4xi8>
    %5 = ftof %f : tile<4xf32> -> tile<4xbf16>
    %6 = ftof %f rounding<positive_inf> : tile<4xf32> -> tile<4xf8E8M0FNU>
    %7 = ptr_to_int %p : tile<4xptr<f32>> -> tile<4xi64>
    %8 = int_to_ptr %q : tile<4xi64> -> tile<4xptr<f16>>
    %9 = ptr_to_ptr %p : tile<4xptr<f32>> -> tile<4xptr<i8>>
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%p: tile<4xptr<f32>>) {
    // expected-error@+1 {{'cuda_tile.bitcast' op operand #0 must be tile of i1 or i8 or i16 or i32 or i64 or f16 or bf16 or f32 or f64 or tf32 or f8E4M3FN or f8E5M2 or f8E8M0FNU or f4E2M1FN values, but got '!cuda_tile.tile<4xptr<f32>>'}}
    %0 = bitcast %p : tile<4xptr<f32>> -> tile<4xi64>
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%a: tile<4xi32>) {
    // expected-error@+1 {{'cuda_tile.bitcast' op types must be equal width, cannot convert '!cuda_tile.tile<4xi32>' of width 32 to type '!cuda_tile.tile<4xf16>' of width 16}}
    %0 = bitcast %a : tile<4xi32> -> tile<4xf16>
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%a: tile<4xi32>) {
    // expected-error@+1 {{'cuda_tile.bitcast' op failed to verify that all of {source, result} have same shape}}
    %0 = bitcast %a : tile<4xi32> -> tile<8xf32>
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%a: tile<4xi32>) {
    // expected-error@+1 {{'cuda_tile.exti' op extending to smaller or identical integer}}
    %0 = exti %a signed : tile<4xi32> -> tile<4xi32>
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%a: tile<4xi8>) {
    // expected-error@+1 {{'cuda_tile.exti' op failed to verify that all of {from, to} have same shape}}
    %0 = exti %a signed : tile<4xi8> -> tile<2xi32>
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%a: tile<4xi8>) {
    // expected-error@+1 {{'cuda_tile.exti' op result #0 must be tile of i1 or i8 or i16 or i32 or i64 values, but got '!cuda_tile.tile<4xf32>'}}
    %0 = exti %a signed : tile<4xi8> -> tile<4xf32>
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%a: tile<4xi8>) {
    // expected-error@+1 {{'cuda_tile.exti' op requires attribute 'signedness'}}
    %0 = "cuda_tile.exti"(%a) : (!cuda_tile.tile<4xi8>) -> !cuda_tile.tile<4xi32>
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%a: tile<4xi16>) {
    // expected-error@+1 {{'cuda_tile.trunci' op truncating to larger or identical integer}}
    %0 = trunci %a : tile<4xi16> -> tile<4xi32>
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%a: tile<4xf32>) {
    // expected-error@+1 {{'cuda_tile.trunci' op operand #0 must be tile of i1 or i8 or i16 or i32 or i64 values, but got '!cuda_tile.tile<4xf32>'}}
    %0 = trunci %a : tile<4xf32> -> tile<4xi8>
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%a: tile<4xi32>) {
    // expected-error@+1 {{'cuda_tile.trunci' op attribute 'overflow' has an invalid value '#cuda_tile.overflow<saturate>'}}
    %0 = "cuda_tile.trunci"(%a) {overflow = #cuda_tile.overflow<saturate>} : (!cuda_tile.tile<4xi32>) -> !cuda_tile.tile<4xi8>
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%a: tile<4xi32>) {
    // expected-error@+1 {{'cuda_tile.itof' op invalid rounding mode specified. Only 'nearest_even' is supported}}
    %0 = itof %a signed rounding<zero> : tile<4xi32> -> tile<4xf32>
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%a: tile<4xi32>) {
    // expected-error@+1 {{'cuda_tile.itof' op integer to f8E8M0FNU conversion is not supported, please first convert to another float type}}
    %0 = itof %a signed : tile<4xi32> -> tile<4xf8E8M0FNU>
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%a: tile<4xi32>) {
    // expected-error@+1 {{'cuda_tile.itof' op requires attribute 'signedness'}}
    %0 = "cuda_tile.itof"(%a) {rounding_mode = #cuda_tile.rounding<nearest_even>} : (!cuda_tile.tile<4xi32>) -> !cuda_tile.tile<4xf32>
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%a: tile<4xf32>) {
    // expected-error@+1 {{'cuda_tile.itof' op operand #0 must be tile of i1 or i8 or i16 or i32 or i64 values, but got '!cuda_tile.tile<4xf32>'}}
    %0 = itof %a signed : tile<4xf32> -> tile<4xf16>
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%a: tile<4xf32>) {
    // expected-error@+1 {{'cuda_tile.ftoi' op invalid rounding error specified. Only 'nearest_int_to_zero' is supported}}
    %0 = ftoi %a signed rounding<nearest_even> : tile<4xf32> -> tile<4xi32>
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%a: tile<4xf32>) {
    // expected-error@+1 {{'cuda_tile.ftoi' op result #0 must be tile of i1 or i8 or i16 or i32 or i64 values, but got '!cuda_tile.tile<4xf16>'}}
    %0 = ftoi %a signed : tile<4xf32> -> tile<4xf16>
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%a: tile<4xf32>) {
    // expected-error@+1 {{'cuda_tile.ftof' op converting tiles must not be a no-op}}
    %0 = ftof %a : tile<4xf32> -> tile<4xf32>
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%a: tile<4xf32>) {
    // expected-error@+1 {{'cuda_tile.ftof' op invalid rounding mode specified for conversion to f8E8M0FNU. Only 'zero' and 'positive_inf' are supported}}
    %0 = ftof %a : tile<4xf32> -> tile<4xf8E8M0FNU>
  }
}

// -----

// ftof's rounding modes as tileiras 13.5 checks them (13.4 added directed modes and nearest_away):
// every one probed against tileirdisasm 13.5 (cuTile-written bytecode)
// CHECK-LABEL: testing$func @ftof_modes
// CHECK: ftof %{{.*}} rounding<zero> : tile<4xf32> -> tile<4xf16>
// CHECK: ftof %{{.*}} rounding<negative_inf> : tile<4xf64> -> tile<4xf32>
// CHECK: ftof %{{.*}} rounding<nearest_away> : tile<4xf32> -> tile<4xtf32>
// CHECK: ftof %{{.*}} rounding<nearest_away> : tile<4xf16> -> tile<4xf32>
// CHECK: ftof %{{.*}} rounding<positive_inf> : tile<4xf8E4M3FN> -> tile<4xbf16>
// CHECK: ftof %{{.*}} rounding<zero> : tile<4xf8E8M0FNU> -> tile<4xf16>
cuda_tile.module @m {
  testing$func @ftof_modes(%a: tile<4xf32>, %d: tile<4xf64>, %h: tile<4xf16>, %e: tile<4xf8E4M3FN>, %s: tile<4xf8E8M0FNU>) {
    %0 = ftof %a rounding<zero> : tile<4xf32> -> tile<4xf16>
    %1 = ftof %d rounding<negative_inf> : tile<4xf64> -> tile<4xf32>
    %2 = ftof %a rounding<nearest_away> : tile<4xf32> -> tile<4xtf32>
    %3 = ftof %h rounding<nearest_away> : tile<4xf16> -> tile<4xf32>
    %4 = ftof %e rounding<positive_inf> : tile<4xf8E4M3FN> -> tile<4xbf16>
    %5 = ftof %s rounding<zero> : tile<4xf8E8M0FNU> -> tile<4xf16>
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%a: tile<4xf32>) {
    // expected-error@+1 {{'cuda_tile.ftof' op invalid rounding mode specified. Only 'nearest_even' and 'zero' are supported for narrowing conversions to standard types}}
    %0 = ftof %a rounding<positive_inf> : tile<4xf32> -> tile<4xf16>
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%a: tile<4xf8E8M0FNU>) {
    // (2^-127 is below f32's normal range: not a widening conversion)
    // expected-error@+1 {{'cuda_tile.ftof' op invalid rounding mode specified. Only 'nearest_even' and 'zero' are supported for narrowing conversions to standard types}}
    %0 = ftof %a rounding<negative_inf> : tile<4xf8E8M0FNU> -> tile<4xf32>
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%a: tile<4xf64>) {
    // expected-error@+1 {{'cuda_tile.ftof' op invalid rounding mode specified for conversion from f64 to f32. Only 'nearest_even', 'zero', 'negative_inf', and 'positive_inf' are supported}}
    %0 = ftof %a rounding<nearest_away> : tile<4xf64> -> tile<4xf32>
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%a: tile<4xf32>) {
    // expected-error@+1 {{'cuda_tile.ftof' op invalid rounding mode specified for conversion from f32 to tf32. Only 'nearest_even', 'zero', and 'nearest_away' are supported}}
    %0 = ftof %a rounding<positive_inf> : tile<4xf32> -> tile<4xtf32>
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%a: tile<4xf32>) {
    // expected-error@+1 {{'cuda_tile.ftof' op invalid rounding mode specified for conversion to low-precision type. Only 'nearest_even' is supported}}
    %0 = ftof %a rounding<zero> : tile<4xf32> -> tile<4xf8E4M3FN>
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%a: tile<4xf16>) {
    // expected-error@+1 {{'cuda_tile.ftof' op invalid rounding mode specified for widening conversion. Only IEEE float rounding modes are supported: 'nearest_even', 'zero', 'negative_inf', 'positive_inf', 'nearest_away'}}
    %0 = ftof %a rounding<approx> : tile<4xf16> -> tile<4xf32>
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%a: tile<4xf32>) {
    // expected-error@+1 {{'cuda_tile.ftof' op failed to verify that all of {from, to} have same shape}}
    %0 = ftof %a : tile<4xf32> -> tile<8xf16>
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%a: tile<4xi32>) {
    // expected-error@+1 {{'cuda_tile.int_to_ptr' op operand #0 must be tile of i64 values, but got '!cuda_tile.tile<4xi32>'}}
    %0 = int_to_ptr %a : tile<4xi32> -> tile<4xptr<f32>>
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%a: tile<4xi64>) {
    // expected-error@+1 {{'cuda_tile.int_to_ptr' op failed to verify that all of {source, result} have same shape}}
    %0 = int_to_ptr %a : tile<4xi64> -> tile<2xptr<f32>>
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%p: tile<4xptr<f32>>) {
    // expected-error@+1 {{'cuda_tile.ptr_to_int' op result #0 must be tile of i64 values, but got '!cuda_tile.tile<4xi32>'}}
    %0 = ptr_to_int %p : tile<4xptr<f32>> -> tile<4xi32>
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%a: tile<4xi64>) {
    // expected-error@+1 {{'cuda_tile.ptr_to_ptr' op operand #0 must be tile of Pointer type values, but got '!cuda_tile.tile<4xi64>'}}
    %0 = ptr_to_ptr %a : tile<4xi64> -> tile<4xptr<f32>>
  }
}

// -----

// fnv8E5M3FNU (13.4): a storage float like the f8 types; conversions to it round to nearest even
cuda_tile.module @m {
  testing$func @f(%a: tile<4xf32>) {
    // expected-error@+1 {{'cuda_tile.ftof' op invalid rounding mode specified for conversion to low-precision type. Only 'nearest_even' is supported}}
    %0 = ftof %a rounding<zero> : tile<4xf32> -> tile<4xfnv8E5M3FNU>
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%a: tile<4xfnv8E5M3FNU>) {
    // expected-error@+1 {{'cuda_tile.addf' op operand #0 must be}}
    %0 = addf %a, %a : tile<4xfnv8E5M3FNU>
  }
}
