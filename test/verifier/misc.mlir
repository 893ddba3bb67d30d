// Verifier rules of the remaining ops: assume (value/result type, the div_by / same_elements /
// bounded predicates and their operands), constant (value element type and shape), print_tko
// (format conversions vs operands), global and get_global. Chunks the pretty syntax cannot spell
// use the generic form.
// RUN: %tilec -O0 --split-input-file --verify-diagnostics %s
// RUN: %tilec -O0 --split-input-file --verify-diagnostics %s | %FileCheck %s

// Positive.
// CHECK-LABEL: cuda_tile.module @misc
// CHECK: global @g <f32: [1.000000e+00, 2.000000e+00]> : tile<2xf32>
// CHECK: assume div_by<16>, %{{.*}} : tile<ptr<f32>>
// CHECK: assume div_by<4, every 2 along 1>, %{{.*}} : tile<4x8xi32>
// CHECK: assume same_elements<[1, 8]>, %{{.*}} : tile<4x8xi32>
// CHECK: assume bounded<0, ?>, %{{.*}} : tile<4x8xi32>
// CHECK: constant <f32: {{\[}}[1.000000e+00, 2.000000e+00], [3.000000e+00, 4.000000e+00]]> : tile<2x2xf32>
// CHECK: print_tko "%d %% %f", %{{.*}}, %{{.*}} : tile<i32>, tile<f32> -> token
// CHECK: get_global @g : tile<ptr<f32>>
cuda_tile.module @misc {
  global @g <f32: [1.0, 2.0]> : tile<2xf32>
  testing$func @f(%p: tile<ptr<f32>>, %a: tile<4x8xi32>, %i: tile<i32>, %x: tile<f32>) {
    %0 = assume div_by<16>, %p : tile<ptr<f32>>
    %1 = assume div_by<4, every 2 along 1>, %a : tile<4x8xi32>
    %2 = assume same_elements<[1, 8]>, %a : tile<4x8xi32>
    %3 = assume bounded<0, ?>, %a : tile<4x8xi32>
    %4 = constant <f32: [[1.0, 2.0], [3.0, 4.0]]> : tile<2x2xf32>
    %5 = print_tko "%d %% %f", %i, %x : tile<i32>, tile<f32> -> token
    %6 = get_global @g : tile<ptr<f32>>
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%a: tile<4xi32>) {
    // expected-error@+1 {{'cuda_tile.assume' op failed to verify that all of {value, result} have same type}}
    %0 = "cuda_tile.assume"(%a) {predicate = #cuda_tile.div_by<16>} : (!cuda_tile.tile<4xi32>) -> !cuda_tile.tile<4xi64>
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%a: tile<4xi32>) {
    // expected-error@+1 {{'cuda_tile.assume' op requires attribute 'predicate'}}
    %0 = "cuda_tile.assume"(%a) : (!cuda_tile.tile<4xi32>) -> !cuda_tile.tile<4xi32>
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%a: tile<4xi32>) {
    // expected-error@+1 {{expected assume predicate attribute}}
    %0 = "cuda_tile.assume"(%a) {predicate = #cuda_tile.aligned<16>} : (!cuda_tile.tile<4xi32>) -> !cuda_tile.tile<4xi32>
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%a: tile<4xi32>) {
    // expected-error@+1 {{expected assume predicate attribute}}
    %0 = "cuda_tile.assume"(%a) {predicate = 16 : i32} : (!cuda_tile.tile<4xi32>) -> !cuda_tile.tile<4xi32>
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%a: tile<4xi32>, %b: i32) {
    // expected-error@+1 {{'cuda_tile.assume' op operand #0 must be a cuda_tile type, but got 'i32'}}
    %0 = "cuda_tile.assume"(%b) {predicate = #cuda_tile.div_by<16>} : (i32) -> i32
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%a: tile<4xf32>) {
    // expected-error@+1 {{'cuda_tile.div_by' is valid only for tile of integer/pointer or tensor_view values}}
    %0 = assume div_by<16>, %a : tile<4xf32>
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%a: tile<4xi32>) {
    // expected-error@+1 {{'cuda_tile.div_by' divisor must be a power of 2}}
    %0 = assume div_by<12>, %a : tile<4xi32>
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%a: tile<4xi32>) {
    // expected-error@+1 {{'cuda_tile.div_by' divisor is too large}}
    %0 = assume div_by<99999999999999999999>, %a : tile<4xi32>
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%a: tile<i32>) {
    // expected-error@+1 {{'cuda_tile.div_by' 'every'/'along' cannot be used if the constrained value is a 0D tile}}
    %0 = assume div_by<16, every 2 along 0>, %a : tile<i32>
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%a: tensor_view<4xf32, strides=[1]>) {
    // expected-error@+1 {{'cuda_tile.div_by' 'every'/'along' cannot be used if the constrained value is a tensor_view}}
    %0 = assume div_by<16, every 2 along 0>, %a : tensor_view<4xf32, strides=[1]>
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%a: tile<4x8xi32>) {
    // expected-error@+1 {{'cuda_tile.div_by' every_dim (2) must be >= 0 and < tile rank (2)}}
    %0 = assume div_by<16, every 2 along 2>, %a : tile<4x8xi32>
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%a: tile<4x8xi32>) {
    // expected-error@+1 {{expected 'cuda_tile.div_by' every_dim to be within 0 and the size of the respective dimension (8)}}
    %0 = assume div_by<16, every 16 along 1>, %a : tile<4x8xi32>
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%a: tile<4xi32>) {
    // expected-error@+1 {{'cuda_tile.assume' op malformed 'cuda_tile.div_by' predicate}}
    %0 = "cuda_tile.assume"(%a) {predicate = #cuda_tile.div_by<16, each 2>} : (!cuda_tile.tile<4xi32>) -> !cuda_tile.tile<4xi32>
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%a: tile<4xf32>) {
    // expected-error@+1 {{'cuda_tile.same_elements' is valid only for tile of integer/pointer values}}
    %0 = assume same_elements<[2]>, %a : tile<4xf32>
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%a: tile<4x8xi32>) {
    // expected-error@+1 {{expected number of values in 'cuda_tile.same_elements' (1) to match rank of constrained tile (2)}}
    %0 = assume same_elements<[2]>, %a : tile<4x8xi32>
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%a: tile<4x8xi32>) {
    // expected-error@+1 {{expected 'cuda_tile.same_elements' value 1 to be within 0 and the size of the respective dimension (8)}}
    %0 = assume same_elements<[2, 16]>, %a : tile<4x8xi32>
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%a: tile<4xi32>) {
    // expected-error@+1 {{'cuda_tile.assume' op malformed 'cuda_tile.same_elements' predicate}}
    %0 = "cuda_tile.assume"(%a) {predicate = #cuda_tile.same_elements<2>} : (!cuda_tile.tile<4xi32>) -> !cuda_tile.tile<4xi32>
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%a: tile<4xf32>) {
    // expected-error@+1 {{'cuda_tile.bounded' is valid only for tile of integer values}}
    %0 = assume bounded<0, 4>, %a : tile<4xf32>
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%a: tile<4xi8>) {
    // expected-error@+1 {{'cuda_tile.bounded' expects lower bound to be within [-128, 127]}}
    %0 = assume bounded<-200, 4>, %a : tile<4xi8>
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%a: tile<4xi8>) {
    // expected-error@+1 {{'cuda_tile.bounded' expects upper bound to be within [-128, 127]}}
    %0 = assume bounded<?, 300>, %a : tile<4xi8>
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%a: tile<4xi32>) {
    // expected-error@+1 {{'cuda_tile.bounded' expects lower bound to be less than or equal to upper bound}}
    %0 = assume bounded<8, 4>, %a : tile<4xi32>
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%a: tile<4xi32>) {
    // expected-error@+1 {{'cuda_tile.assume' op malformed 'cuda_tile.bounded' predicate}}
    %0 = "cuda_tile.assume"(%a) {predicate = #cuda_tile.bounded<0>} : (!cuda_tile.tile<4xi32>) -> !cuda_tile.tile<4xi32>
  }
}

// -----

cuda_tile.module @m {
  testing$func @f() {
    // expected-error@+1 {{'cuda_tile.constant' op mismatch between the element type: 'f32' and the tile element type 'f16'}}
    %0 = "cuda_tile.constant"() {value = dense<1.0> : tensor<4xf32>} : () -> !cuda_tile.tile<4xf16>
  }
}

// -----

cuda_tile.module @m {
  testing$func @f() {
    // expected-error@+1 {{'cuda_tile.constant' op inferred shape of elements literal ([2]) does not match type ([4])}}
    %0 = "cuda_tile.constant"() {value = dense<[1.0, 2.0]> : tensor<2xf32>} : () -> !cuda_tile.tile<4xf32>
  }
}

// -----

cuda_tile.module @m {
  testing$func @f() {
    // expected-error@+1 {{'cuda_tile.constant' op attribute 'value' must be a dense elements attribute}}
    %0 = "cuda_tile.constant"() {value = 1.0 : f32} : () -> !cuda_tile.tile<f32>
  }
}

// -----

cuda_tile.module @m {
  testing$func @f() {
    // expected-error@+1 {{'cuda_tile.constant' op result #0 must be tile of i1 or i8 or i16 or i32 or i64 or f16 or bf16 or f32 or f64 or tf32 or f8E4M3FN or f8E5M2 or f8E8M0FNU or f4E2M1FN values, but got '!cuda_tile.tile<ptr<f32>>'}}
    %0 = "cuda_tile.constant"() {value = dense<0> : tensor<i64>} : () -> !cuda_tile.tile<ptr<f32>>
  }
}

// -----

cuda_tile.module @m {
  testing$func @f() {
    // expected-error@+1 {{'cuda_tile.constant' op requires attribute 'value'}}
    %0 = "cuda_tile.constant"() : () -> !cuda_tile.tile<f32>
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%a: tile<i32>) {
    // expected-error@+1 {{'cuda_tile.print_tko' op incorrect number of operands: expected 2, found 1}}
    print_tko "%d and %d", %a : tile<i32> -> token
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%a: tile<i32>) {
    // expected-error@+1 {{'cuda_tile.print_tko' op found unterminated format expression}}
    print_tko "value %", %a : tile<i32> -> token
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%a: tile<i32>) {
    // expected-error@+1 {{'cuda_tile.print_tko' op operand #1 must be cuda tile token type, but got '!cuda_tile.tile<i32>'}}
    "cuda_tile.print_tko"(%a, %a) {str = "%d", operandSegmentSizes = array<i32: 1, 1>} : (!cuda_tile.tile<i32>, !cuda_tile.tile<i32>) -> !cuda_tile.token
  }
}

// -----

cuda_tile.module @m {
  // expected-error@+1 {{'cuda_tile.global' op type must have rank 1}}
  global @g <f32: 1.0> : tile<f32>
}

// -----

cuda_tile.module @m {
  // expected-error@+1 {{'cuda_tile.global' op attribute 'alignment' failed to satisfy constraint: 64-bit signless integer attribute whose minimum value is 0}}
  "cuda_tile.global"() {sym_name = "g", value = dense<[1.0]> : tensor<1xf32>, alignment = -4 : i64} : () -> ()
}

// -----

cuda_tile.module @m {
  entry @k() {
    // expected-error@+1 {{'cuda_tile.global' op expects parent op 'cuda_tile.module'}}
    "cuda_tile.global"() {sym_name = "g", value = dense<[1.0]> : tensor<1xf32>} : () -> ()
  }
}

// -----

cuda_tile.module @m {
  entry @k() {
    // expected-error@+1 {{'cuda_tile.get_global' op 'nope' does not reference a valid global}}
    %0 = get_global @nope : tile<ptr<f32>>
  }
}

// -----

cuda_tile.module @m {
  global @g <f32: [1.0, 2.0]> : tile<2xf32>
  entry @k() {
    // expected-error@+1 {{'cuda_tile.get_global' op pointee type of result type '!cuda_tile.ptr<i32>' does not match type 'f32' of the global @g}}
    %0 = get_global @g : tile<ptr<i32>>
  }
}

// -----

cuda_tile.module @m {
  global @g <f32: [1.0, 2.0]> : tile<2xf32>
  entry @k() {
    // expected-error@+1 {{'cuda_tile.get_global' op result #0 must be 0D tile of Pointer type values, but got '!cuda_tile.tile<2xptr<f32>>'}}
    %0 = get_global @g : tile<2xptr<f32>>
  }
}

// -----

cuda_tile.module @m {
  global @g <f32: [1.0, 2.0]> : tile<2xf32>
  entry @k() {
    // expected-error@+1 {{'cuda_tile.get_global' op attribute 'name' must be a flat symbol reference}}
    %0 = "cuda_tile.get_global"() {name = "g"} : () -> !cuda_tile.tile<ptr<f32>>
  }
}
