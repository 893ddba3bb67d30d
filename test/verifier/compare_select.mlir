// Verifier rules of the comparisons (cmpi, cmpf) and select: operand classes, lhs/rhs of one type,
// an i1 result of the operands' shape, the predicate/ordering/signedness attributes; select's
// i1 condition, shapes, branch types and the sub-byte F4E2M1FN restriction. Chunks the pretty
// syntax cannot spell use the generic form.
// RUN: %tilec -O0 --split-input-file --verify-diagnostics %s
// RUN: %tilec -O0 --split-input-file --verify-diagnostics %s | %FileCheck %s

// Positive: every predicate, both orderings and signednesses, select on tiles and scalars.
// CHECK-LABEL: testing$func @cmp
// CHECK: cmpi greater_than_or_equal %{{.*}}, %{{.*}}, signed : tile<2x2xi64> -> tile<2x2xi1>
// CHECK: cmpf not_equal ordered %{{.*}}, %{{.*}} : tile<2x2xf16> -> tile<2x2xi1>
// CHECK: select %{{.*}}, %{{.*}}, %{{.*}} : tile<2x2xi1>, tile<2x2xf16>
// CHECK: select %{{.*}}, %{{.*}}, %{{.*}} : tile<i1>, tile<ptr<f32>>
cuda_tile.module @m {
  testing$func @cmp(%a: tile<2x2xi64>, %x: tile<2x2xf16>, %c: tile<i1>, %p: tile<ptr<f32>>) {
    %0 = cmpi equal %a, %a, signed : tile<2x2xi64> -> tile<2x2xi1>
    %1 = cmpi not_equal %a, %a, unsigned : tile<2x2xi64> -> tile<2x2xi1>
    %2 = cmpi less_than_or_equal %a, %a, signed : tile<2x2xi64> -> tile<2x2xi1>
    %3 = cmpi greater_than %a, %a, unsigned : tile<2x2xi64> -> tile<2x2xi1>
    %4 = cmpi greater_than_or_equal %a, %a, signed : tile<2x2xi64> -> tile<2x2xi1>
    %5 = cmpf not_equal ordered %x, %x : tile<2x2xf16> -> tile<2x2xi1>
    %6 = select %5, %x, %x : tile<2x2xi1>, tile<2x2xf16>
    %7 = select %c, %p, %p : tile<i1>, tile<ptr<f32>>
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%a: tile<4xf32>) {
    // expected-error@+1 {{'cuda_tile.cmpi' op operand #0 must be tile of i1 or i8 or i16 or i32 or i64 values, but got '!cuda_tile.tile<4xf32>'}}
    %0 = cmpi equal %a, %a, signed : tile<4xf32> -> tile<4xi1>
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%a: tile<4xi32>, %b: tile<4xi16>) {
    // expected-error@+1 {{'cuda_tile.cmpi' op failed to verify that all of {lhs, rhs} have same type}}
    %0 = "cuda_tile.cmpi"(%a, %b) {comparison_predicate = #cuda_tile.comparison_predicate<equal>, signedness = #cuda_tile.signedness<signed>} : (!cuda_tile.tile<4xi32>, !cuda_tile.tile<4xi16>) -> !cuda_tile.tile<4xi1>
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%a: tile<4xi32>) {
    // expected-error@+1 {{'cuda_tile.cmpi' op result #0 must be tile of i1 values, but got '!cuda_tile.tile<4xi32>'}}
    %0 = cmpi equal %a, %a, signed : tile<4xi32> -> tile<4xi32>
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%a: tile<4xi32>) {
    // expected-error@+1 {{'cuda_tile.cmpi' op failed to verify that Result type has i1 element type and same shape as operands}}
    %0 = cmpi equal %a, %a, signed : tile<4xi32> -> tile<8xi1>
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%a: tile<4xi32>) {
    // expected-error@+1 {{'cuda_tile.cmpi' op requires attribute 'comparison_predicate'}}
    %0 = "cuda_tile.cmpi"(%a, %a) {signedness = #cuda_tile.signedness<signed>} : (!cuda_tile.tile<4xi32>, !cuda_tile.tile<4xi32>) -> !cuda_tile.tile<4xi1>
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%a: tile<4xi32>) {
    // expected-error@+1 {{'cuda_tile.cmpi' op attribute 'comparison_predicate' has an invalid value '#cuda_tile.comparison_predicate<less>'}}
    %0 = "cuda_tile.cmpi"(%a, %a) {comparison_predicate = #cuda_tile.comparison_predicate<less>, signedness = #cuda_tile.signedness<signed>} : (!cuda_tile.tile<4xi32>, !cuda_tile.tile<4xi32>) -> !cuda_tile.tile<4xi1>
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%a: tile<4xi32>) {
    // expected-error@+1 {{'cuda_tile.cmpi' op requires attribute 'signedness'}}
    %0 = "cuda_tile.cmpi"(%a, %a) {comparison_predicate = #cuda_tile.comparison_predicate<equal>} : (!cuda_tile.tile<4xi32>, !cuda_tile.tile<4xi32>) -> !cuda_tile.tile<4xi1>
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%a: tile<4xi32>) {
    // expected-error@+1 {{'cuda_tile.cmpf' op operand #0 must be tile of f16 or bf16 or f32 or f64 values, but got '!cuda_tile.tile<4xi32>'}}
    %0 = cmpf equal ordered %a, %a : tile<4xi32> -> tile<4xi1>
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%a: tile<4xf32>, %b: tile<4xf64>) {
    // expected-error@+1 {{'cuda_tile.cmpf' op failed to verify that all of {lhs, rhs} have same type}}
    %0 = "cuda_tile.cmpf"(%a, %b) {comparison_predicate = #cuda_tile.comparison_predicate<equal>, comparison_ordering = #cuda_tile.comparison_ordering<ordered>} : (!cuda_tile.tile<4xf32>, !cuda_tile.tile<4xf64>) -> !cuda_tile.tile<4xi1>
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%a: tile<4xf32>) {
    // expected-error@+1 {{'cuda_tile.cmpf' op failed to verify that Result type has i1 element type and same shape as operands}}
    %0 = cmpf equal ordered %a, %a : tile<4xf32> -> tile<2x2xi1>
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%a: tile<4xf32>) {
    // expected-error@+1 {{'cuda_tile.cmpf' op requires attribute 'comparison_ordering'}}
    %0 = "cuda_tile.cmpf"(%a, %a) {comparison_predicate = #cuda_tile.comparison_predicate<equal>} : (!cuda_tile.tile<4xf32>, !cuda_tile.tile<4xf32>) -> !cuda_tile.tile<4xi1>
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%a: tile<4xf32>) {
    // expected-error@+1 {{'cuda_tile.cmpf' op attribute 'comparison_ordering' has an invalid value '#cuda_tile.comparison_ordering<total>'}}
    %0 = "cuda_tile.cmpf"(%a, %a) {comparison_predicate = #cuda_tile.comparison_predicate<equal>, comparison_ordering = #cuda_tile.comparison_ordering<total>} : (!cuda_tile.tile<4xf32>, !cuda_tile.tile<4xf32>) -> !cuda_tile.tile<4xi1>
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%c: tile<4xi32>, %a: tile<4xf32>) {
    // expected-error@+1 {{'cuda_tile.select' op operand #0 must be tile of i1 values, but got '!cuda_tile.tile<4xi32>'}}
    %0 = "cuda_tile.select"(%c, %a, %a) : (!cuda_tile.tile<4xi32>, !cuda_tile.tile<4xf32>, !cuda_tile.tile<4xf32>) -> !cuda_tile.tile<4xf32>
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%c: tile<8xi1>, %a: tile<4xf32>) {
    // expected-error@+1 {{'cuda_tile.select' op failed to verify that all of {cond, val_if_true, val_if_false, result} have same shape}}
    %0 = select %c, %a, %a : tile<8xi1>, tile<4xf32>
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%c: tile<4xi1>, %a: tile<4xf32>, %b: tile<4xf16>) {
    // expected-error@+1 {{'cuda_tile.select' op failed to verify that all of {val_if_true, val_if_false, result} have same type}}
    %0 = "cuda_tile.select"(%c, %a, %b) : (!cuda_tile.tile<4xi1>, !cuda_tile.tile<4xf32>, !cuda_tile.tile<4xf16>) -> !cuda_tile.tile<4xf32>
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%c: tile<4xi1>, %a: tile<4xf32>) {
    // expected-error@+1 {{'cuda_tile.select' op failed to verify that all of {val_if_true, val_if_false, result} have same type}}
    %0 = "cuda_tile.select"(%c, %a, %a) : (!cuda_tile.tile<4xi1>, !cuda_tile.tile<4xf32>, !cuda_tile.tile<4xf32>) -> !cuda_tile.tile<4xi32>
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%c: tile<4xi1>, %a: tile<4xf4E2M1FN>) {
    // expected-error@+1 {{'cuda_tile.select' op cannot operate on sub-byte type F4E2M1FN}}
    %0 = select %c, %a, %a : tile<4xi1>, tile<4xf4E2M1FN>
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%c: tile<4xi1>, %t: !cuda_tile.token) {
    // expected-error@+1 {{'cuda_tile.select' op operand #1 must be tile of any type values, but got '!cuda_tile.token'}}
    %0 = "cuda_tile.select"(%c, %t, %t) : (!cuda_tile.tile<4xi1>, !cuda_tile.token, !cuda_tile.token) -> !cuda_tile.token
  }
}
