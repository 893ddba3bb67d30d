// Verifier rules of the integer ops (addi subi muli shli mulhii divi remi maxi mini shri negi absi
// andi ori xori cmpi): operand classes, same types, overflow, signedness, divi rounding, cmpi.
// Chunks the pretty syntax cannot spell (an op with operands of different types: the pretty form
// writes one type) use the generic form.
// RUN: %tilec -O0 --split-input-file --verify-diagnostics %s
// RUN: %tilec -O0 --split-input-file --verify-diagnostics %s | %FileCheck %s

// Positive: every integer op with its modifiers verifies and prints back.
// CHECK-LABEL: testing$func @ints
// CHECK: addi %{{.*}}, %{{.*}} overflow<no_signed_wrap> : tile<4xi32>
// CHECK: divi %{{.*}}, %{{.*}} unsigned rounding<positive_inf> : tile<4xi32>
// CHECK: negi %{{.*}} overflow<no_wrap> : tile<4xi32>
// CHECK: cmpi less_than %{{.*}}, %{{.*}}, unsigned : tile<4xi32> -> tile<4xi1>
cuda_tile.module @m {
  testing$func @ints(%a: tile<4xi32>, %b: tile<4xi32>) {
    %0 = addi %a, %b overflow<no_signed_wrap> : tile<4xi32>
    %1 = subi %a, %b overflow<no_unsigned_wrap> : tile<4xi32>
    %2 = muli %a, %b : tile<4xi32>
    %3 = shli %a, %b overflow<no_wrap> : tile<4xi32>
    %4 = mulhii %a, %b : tile<4xi32>
    %5 = divi %a, %b unsigned rounding<positive_inf> : tile<4xi32>
    %6 = divi %a, %b signed rounding<negative_inf> : tile<4xi32>
    %7 = remi %a, %b signed : tile<4xi32>
    %8 = maxi %a, %b unsigned : tile<4xi32>
    %9 = mini %a, %b signed : tile<4xi32>
    %10 = shri %a, %b signed : tile<4xi32>
    %11 = negi %a overflow<no_wrap> : tile<4xi32>
    %12 = absi %a : tile<4xi32>
    %13 = andi %a, %b : tile<4xi32>
    %14 = ori %a, %b : tile<4xi32>
    %15 = xori %a, %b : tile<4xi32>
    %16 = cmpi less_than %a, %b, unsigned : tile<4xi32> -> tile<4xi1>
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%x: tile<4xf32>) {
    // expected-error@+1 {{'cuda_tile.addi' op operand #0 must be tile of i1 or i8 or i16 or i32 or i64 values, but got '!cuda_tile.tile<4xf32>'}}
    %0 = addi %x, %x : tile<4xf32>
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%x: tile<4xptr<i32>>) {
    // expected-error@+1 {{'cuda_tile.xori' op operand #0 must be tile of i1 or i8 or i16 or i32 or i64 values, but got '!cuda_tile.tile<4xptr<i32>>'}}
    %0 = xori %x, %x : tile<4xptr<i32>>
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%x: tile<4xi4>) {
    // i4 exists only for exti/trunci.
    // expected-error@+1 {{'cuda_tile.absi' op operand #0 must be tile of i1 or i8 or i16 or i32 or i64 values, but got '!cuda_tile.tile<4xi4>'}}
    %0 = absi %x : tile<4xi4>
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%a: tile<4xi32>, %b: tile<8xi32>) {
    // expected-error@+1 {{'cuda_tile.subi' op requires the same type for all operands and results}}
    %0 = "cuda_tile.subi"(%a, %b) : (!cuda_tile.tile<4xi32>, !cuda_tile.tile<8xi32>) -> !cuda_tile.tile<4xi32>
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%a: tile<4xi32>, %b: tile<4x1xi32>) {
    // expected-error@+1 {{'cuda_tile.muli' op requires the same shape for all operands and results}}
    %0 = "cuda_tile.muli"(%a, %b) : (!cuda_tile.tile<4xi32>, !cuda_tile.tile<4x1xi32>) -> !cuda_tile.tile<4xi32>
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%a: tile<4xi32>, %b: tile<4xi16>) {
    // expected-error@+1 {{'cuda_tile.andi' op requires the same element type for all operands and results}}
    %0 = "cuda_tile.andi"(%a, %b) : (!cuda_tile.tile<4xi32>, !cuda_tile.tile<4xi16>) -> !cuda_tile.tile<4xi32>
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%a: tile<4xi32>) {
    // expected-error@+1 {{'cuda_tile.ori' op requires the same element type for all operands and results}}
    %0 = "cuda_tile.ori"(%a, %a) : (!cuda_tile.tile<4xi32>, !cuda_tile.tile<4xi32>) -> !cuda_tile.tile<4xi64>
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%a: tile<4xi32>) {
    // expected-error@+1 {{'cuda_tile.mulhii' op requires the same shape for all operands and results}}
    %0 = "cuda_tile.mulhii"(%a, %a) : (!cuda_tile.tile<4xi32>, !cuda_tile.tile<4xi32>) -> !cuda_tile.tile<8xi32>
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%a: tile<4xi32>) {
    // expected-error@+1 {{'cuda_tile.addi' op expected 2 operands, but found 1}}
    %0 = "cuda_tile.addi"(%a) : (!cuda_tile.tile<4xi32>) -> !cuda_tile.tile<4xi32>
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%a: tile<4xi32>) {
    // expected-error@+1 {{'cuda_tile.negi' op expected 1 result, but found 2}}
    %0:2 = "cuda_tile.negi"(%a) : (!cuda_tile.tile<4xi32>) -> (!cuda_tile.tile<4xi32>, !cuda_tile.tile<4xi32>)
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%a: tile<4xi32>) {
    // expected-error@+1 {{'cuda_tile.negi' op 'no_unsigned_wrap' overflow flag is not supported}}
    %0 = negi %a overflow<no_unsigned_wrap> : tile<4xi32>
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%a: tile<4xi32>) {
    // expected-error@+1 {{'cuda_tile.addi' op attribute 'overflow' has an invalid value '#cuda_tile.overflow<wrap>', expected #cuda_tile.overflow<kw> with kw one of: 'none', 'no_signed_wrap', 'no_unsigned_wrap', 'no_wrap'}}
    %0 = "cuda_tile.addi"(%a, %a) {overflow = #cuda_tile.overflow<wrap>} : (!cuda_tile.tile<4xi32>, !cuda_tile.tile<4xi32>) -> !cuda_tile.tile<4xi32>
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%a: tile<4xi32>) {
    // expected-error@+1 {{'cuda_tile.shli' op attribute 'overflow' must be a #cuda_tile.overflow<...> attribute, got '1 : i32'}}
    %0 = "cuda_tile.shli"(%a, %a) {overflow = 1 : i32} : (!cuda_tile.tile<4xi32>, !cuda_tile.tile<4xi32>) -> !cuda_tile.tile<4xi32>
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%a: tile<4xi32>) {
    // expected-error@+1 {{'cuda_tile.remi' op requires attribute 'signedness'}}
    %0 = "cuda_tile.remi"(%a, %a) : (!cuda_tile.tile<4xi32>, !cuda_tile.tile<4xi32>) -> !cuda_tile.tile<4xi32>
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%a: tile<4xi32>) {
    // expected-error@+1 {{'cuda_tile.maxi' op attribute 'signedness' has an invalid value '#cuda_tile.signedness<signless>'}}
    %0 = "cuda_tile.maxi"(%a, %a) {signedness = #cuda_tile.signedness<signless>} : (!cuda_tile.tile<4xi32>, !cuda_tile.tile<4xi32>) -> !cuda_tile.tile<4xi32>
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%a: tile<4xi32>) {
    // expected-error@+1 {{'cuda_tile.divi' op invalid rounding error specified, expect one of [zero, negative_inf, positive_inf]}}
    %0 = divi %a, %a signed rounding<nearest_even> : tile<4xi32>
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%a: tile<4xi32>) {
    // expected-error@+1 {{'cuda_tile.divi' op rounding mode 'negative_inf' is not allowed with 'unsigned' flag}}
    %0 = divi %a, %a unsigned rounding<negative_inf> : tile<4xi32>
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%a: tile<4xi32>) {
    // expected-error@+1 {{'cuda_tile.divi' op attribute 'rounding_mode' has an invalid value '#cuda_tile.rounding<up>'}}
    %0 = "cuda_tile.divi"(%a, %a) {signedness = #cuda_tile.signedness<signed>, rounding_mode = #cuda_tile.rounding<up>} : (!cuda_tile.tile<4xi32>, !cuda_tile.tile<4xi32>) -> !cuda_tile.tile<4xi32>
  }
}
