// Verifier rules of control flow: for (bounds, induction variable, iter values, terminator), loop,
// if (branches, yields, results), continue/break/yield/return placement and operand types,
// loop-carried views, assert, reduce and scan (operands, dim, identities, results, combiner region
// and its purity). Chunks the pretty syntax cannot spell use the generic form.
// RUN: %tilec -O0 --split-input-file --verify-diagnostics %s
// RUN: %tilec -O0 --split-input-file --verify-diagnostics %s | %FileCheck %s

// Positive.
// CHECK-LABEL: testing$func @flow
// CHECK: for %{{.*}} in (%{{.*}} to %{{.*}}, step %{{.*}}) : tile<i32> iter_values(%{{.*}} = %{{.*}}) -> (tile<f32>)
// CHECK: continue %{{.*}} : tile<f32>
// CHECK: loop iter_values(%{{.*}} = %{{.*}}) : tile<i32> -> tile<f32>
// CHECK: break %{{.*}} : tile<f32>
// CHECK: if %{{.*}} -> (tile<f32>)
// CHECK: reduce %{{.*}} dim=0 identities=[0.000000e+00 : f32] : tile<8xf32> -> tile<f32>
// CHECK: scan %{{.*}} dim=0 reverse=true identities=[0.000000e+00 : f32] : tile<8xf32> -> tile<8xf32>
cuda_tile.module @m {
  testing$func @flow(%c: tile<i1>, %n: tile<i32>, %x: tile<f32>, %v: tile<8xf32>) {
    %r = for %iv in (%n to %n, step %n) : tile<i32> iter_values(%a = %x) -> (tile<f32>) {
      %s = addf %a, %x : tile<f32>
      continue %s : tile<f32>
    }
    %l = loop iter_values(%k = %n) : tile<i32> -> tile<f32> {
      if %c {
        break %x : tile<f32>
      }
      continue %k : tile<i32>
    }
    %y = if %c -> (tile<f32>) {
      yield %r : tile<f32>
    } else {
      yield %l : tile<f32>
    }
    assert %c, "ok" : tile<i1>
    %sum = reduce %v dim=0 identities=[0.0 : f32] : tile<8xf32> -> tile<f32>
    (%e: tile<f32>, %acc: tile<f32>) {
      %t = addf %e, %acc : tile<f32>
      yield %t : tile<f32>
    }
    %pre = scan %v dim=0 reverse=true identities=[0.0 : f32] : tile<8xf32> -> tile<8xf32>
    (%e: tile<f32>, %acc: tile<f32>) {
      %t = addf %e, %acc : tile<f32>
      yield %t : tile<f32>
    }
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%c: tile<i1>, %n: tile<i32>, %x: tile<f32>) {
    // expected-error@+1 {{'cuda_tile.for' op operand #0 must be 0D tile of i1 or i8 or i16 or i32 or i64 values, but got '!cuda_tile.tile<f32>'}}
    for %iv in (%x to %x, step %x) : tile<f32> {
      continue
    }
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%c: tile<i1>, %n: tile<i32>, %x: tile<f32>, %m: tile<i64>) {
    // expected-error@+1 {{'cuda_tile.for' op failed to verify that all of {lowerBound, upperBound, step} have same type}}
    "cuda_tile.for"(%n, %m, %n) ({
    ^bb0(%iv: !cuda_tile.tile<i32>):
      "cuda_tile.continue"() : () -> ()
    }) : (!cuda_tile.tile<i32>, !cuda_tile.tile<i64>, !cuda_tile.tile<i32>) -> ()
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%c: tile<i1>, %n: tile<i32>, %x: tile<f32>) {
    %r = for %iv in (%n to %n, step %n) : tile<i32> iter_values(%a = %x) -> (tile<f32>) {
      // expected-error@+1 {{`for` is missing a valid terminator. `continue` op should have operand types that match the parent loop return types: ('!cuda_tile.tile<f32>'), but found: ('!cuda_tile.tile<i32>')}}
      continue %n : tile<i32>
    }
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%c: tile<i1>, %n: tile<i32>, %x: tile<f32>) {
    // expected-error@+1 {{'cuda_tile.for' op mismatch in number of loop-carried values and defined values: 1 vs 2}}
    %r:2 = "cuda_tile.for"(%n, %n, %n, %x) ({
    ^bb0(%iv: !cuda_tile.tile<i32>, %a: !cuda_tile.tile<f32>):
      "cuda_tile.continue"(%a) : (!cuda_tile.tile<f32>) -> ()
    }) : (!cuda_tile.tile<i32>, !cuda_tile.tile<i32>, !cuda_tile.tile<i32>, !cuda_tile.tile<f32>) -> (!cuda_tile.tile<f32>, !cuda_tile.tile<f32>)
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%c: tile<i1>, %n: tile<i32>, %x: tile<f32>) {
    // expected-error@+1 {{'cuda_tile.for' op result #0 type '!cuda_tile.tile<i32>' does not match init value type '!cuda_tile.tile<f32>'}}
    %r = "cuda_tile.for"(%n, %n, %n, %x) ({
    ^bb0(%iv: !cuda_tile.tile<i32>, %a: !cuda_tile.tile<f32>):
      "cuda_tile.continue"(%a) : (!cuda_tile.tile<f32>) -> ()
    }) : (!cuda_tile.tile<i32>, !cuda_tile.tile<i32>, !cuda_tile.tile<i32>, !cuda_tile.tile<f32>) -> !cuda_tile.tile<i32>
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%c: tile<i1>, %n: tile<i32>, %x: tile<f32>) {
    // expected-error@+1 {{'cuda_tile.for' op expected at least one block argument for induction variable}}
    "cuda_tile.for"(%n, %n, %n) ({
      "cuda_tile.continue"() : () -> ()
    }) : (!cuda_tile.tile<i32>, !cuda_tile.tile<i32>, !cuda_tile.tile<i32>) -> ()
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%c: tile<i1>, %n: tile<i32>, %x: tile<f32>) {
    // expected-error@+1 {{'cuda_tile.for' op expected induction variable to be same type as bounds and step: '!cuda_tile.tile<i64>' vs '!cuda_tile.tile<i32>'}}
    "cuda_tile.for"(%n, %n, %n) ({
    ^bb0(%iv: !cuda_tile.tile<i64>):
      "cuda_tile.continue"() : () -> ()
    }) : (!cuda_tile.tile<i32>, !cuda_tile.tile<i32>, !cuda_tile.tile<i32>) -> ()
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%c: tile<i1>, %n: tile<i32>, %x: tile<f32>) {
    // expected-error@+1 {{'cuda_tile.for' op mismatch in number of region iterator values and loop iterator inits: 0 vs 1}}
    %r = "cuda_tile.for"(%n, %n, %n, %x) ({
    ^bb0(%iv: !cuda_tile.tile<i32>):
      "cuda_tile.continue"(%x) : (!cuda_tile.tile<f32>) -> ()
    }) : (!cuda_tile.tile<i32>, !cuda_tile.tile<i32>, !cuda_tile.tile<i32>, !cuda_tile.tile<f32>) -> !cuda_tile.tile<f32>
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%c: tile<i1>, %n: tile<i32>, %x: tile<f32>) {
    // expected-error@+1 {{'cuda_tile.for' op init value 0 and region iter_value 0 have different type: '!cuda_tile.tile<f32>' != '!cuda_tile.tile<i32>'}}
    %r = "cuda_tile.for"(%n, %n, %n, %x) ({
    ^bb0(%iv: !cuda_tile.tile<i32>, %a: !cuda_tile.tile<i32>):
      "cuda_tile.continue"(%x) : (!cuda_tile.tile<f32>) -> ()
    }) : (!cuda_tile.tile<i32>, !cuda_tile.tile<i32>, !cuda_tile.tile<i32>, !cuda_tile.tile<f32>) -> !cuda_tile.tile<f32>
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%c: tile<i1>, %n: tile<i32>, %x: tile<f32>) {
    // expected-error@+1 {{'cuda_tile.for' op the 'cuda_tile.for' body must end with 'cuda_tile.continue', found 'break'}}
    "cuda_tile.for"(%n, %n, %n) ({
    ^bb0(%iv: !cuda_tile.tile<i32>):
      "cuda_tile.break"() : () -> ()
    }) : (!cuda_tile.tile<i32>, !cuda_tile.tile<i32>, !cuda_tile.tile<i32>) -> ()
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%c: tile<i1>, %n: tile<i32>, %x: tile<f32>) {
    // expected-error@+1 {{'cuda_tile.for' op region #0 ('region') failed to verify constraint: region with 1 blocks}}
    "cuda_tile.for"(%n, %n, %n) ({
    }) : (!cuda_tile.tile<i32>, !cuda_tile.tile<i32>, !cuda_tile.tile<i32>) -> ()
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%tv: tensor_view<4xf32, strides=[1]>, %n: tile<i32>) {
    // expected-error@+1 {{'cuda_tile.for' op loop-carried value 0 is a tensor_view, which is not supported}}
    %r = for %iv in (%n to %n, step %n) : tile<i32> iter_values(%a = %tv) -> (tensor_view<4xf32, strides=[1]>) {
      continue %a : tensor_view<4xf32, strides=[1]>
    }
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%c: tile<i1>, %n: tile<i32>, %x: tile<f32>, %pv: partition_view<tile=(4), tensor_view<4xf32, strides=[1]>>) {
    // expected-error@+1 {{loop-carried value 0 is a tile view, which is not supported}}
    %r = loop iter_values(%a = %pv) : partition_view<tile=(4), tensor_view<4xf32, strides=[1]>> -> tile<f32> {
      break %x : tile<f32>
    }
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%c: tile<i1>, %n: tile<i32>, %x: tile<f32>, %tv: tensor_view<4xf32, strides=[1]>) {
    // expected-error@+1 {{'cuda_tile.loop' op result type 0 is a tensor_view, which is not supported}}
    %r = loop : tensor_view<4xf32, strides=[1]> {
      break %tv : tensor_view<4xf32, strides=[1]>
    }
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%c: tile<i1>, %n: tile<i32>, %x: tile<f32>) {
    %r = loop iter_values(%a = %x) : tile<f32> -> tile<f32> {
      // expected-error@+1 {{`loop` is missing a valid terminator. `continue` op should have operand types that match the parent loop iter_values: ('!cuda_tile.tile<f32>'), but found: ('!cuda_tile.tile<i32>')}}
      continue %n : tile<i32>
    }
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%c: tile<i1>, %n: tile<i32>, %x: tile<f32>) {
    %r = loop : tile<f32> {
      // expected-error@+1 {{'cuda_tile.break' op operand types must correspond to the parent loop result types: ('!cuda_tile.tile<i32>') vs ('!cuda_tile.tile<f32>')}}
      break %n : tile<i32>
    }
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%c: tile<i1>, %n: tile<i32>, %x: tile<f32>) {
    // expected-error@+1 {{'cuda_tile.loop' op the 'cuda_tile.loop' body must end with 'cuda_tile.continue' or 'cuda_tile.break' or 'cuda_tile.return', found 'yield'}}
    "cuda_tile.loop"() ({
      "cuda_tile.yield"() : () -> ()
    }) : () -> ()
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%c: tile<i1>, %n: tile<i32>, %x: tile<f32>) {
    if %c {
      // expected-error@+1 {{'cuda_tile.continue' op can only be nested within a ancestor chain of 'cuda_tile.for', 'cuda_tile.loop', 'cuda_tile.if' operations}}
      continue
    }
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%c: tile<i1>, %n: tile<i32>, %x: tile<f32>) {
    // A terminator in the middle of a block is checked like one at its end.
    // expected-error@+1 {{'cuda_tile.break' op expects parent op to be one of 'cuda_tile.if, cuda_tile.loop'}}
    break
    return
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%c: tile<i1>, %n: tile<i32>, %x: tile<f32>) {
    for %iv in (%n to %n, step %n) : tile<i32> {
      if %c {
        // expected-error@+1 {{'cuda_tile.break' op can only be nested within a ancestor chain of 'cuda_tile.loop', 'cuda_tile.if' operations}}
        break
      }
      continue
    }
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%c: tile<i1>, %n: tile<i32>, %x: tile<f32>) {
    loop {
      // expected-error@+1 {{'cuda_tile.yield' op expects parent op to be one of 'cuda_tile.if, cuda_tile.reduce, cuda_tile.scan'}}
      yield
      continue
    }
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%c: tile<i1>, %n: tile<i32>, %x: tile<f32>) {
    loop {
      // expected-error@+1 {{'cuda_tile.return' op must be used within a cuda_tile.entry, or cuda_tile.if operation}}
      return
    }
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%c: tile<i1>, %n: tile<i32>, %x: tile<f32>) {
    // expected-error@+1 {{'cuda_tile.if' op operand #0 must be 0D tile of i1 values, but got '!cuda_tile.tile<i32>'}}
    if %n {
    }
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%c: tile<i1>, %n: tile<i32>, %x: tile<f32>) {
    // expected-error@+1 {{'cuda_tile.if' op has return type of '!cuda_tile.tile<f32>' but then branch does not yield anything}}
    %r = "cuda_tile.if"(%c) ({
      "cuda_tile.yield"() : () -> ()
    }, {
      "cuda_tile.yield"(%x) : (!cuda_tile.tile<f32>) -> ()
    }) : (!cuda_tile.tile<i1>) -> !cuda_tile.tile<f32>
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%c: tile<i1>, %n: tile<i32>, %x: tile<f32>) {
    // expected-error@+1 {{'cuda_tile.if' op does not return a value, but else branch yields '!cuda_tile.tile<f32>'}}
    if %c {
      yield
    } else {
      yield %x : tile<f32>
    }
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%c: tile<i1>, %n: tile<i32>, %x: tile<f32>) {
    // expected-error@+1 {{'cuda_tile.if' op type does not match yield type, then branch yields '!cuda_tile.tile<i32>' but op result type is '!cuda_tile.tile<f32>'}}
    %r = if %c -> (tile<f32>) {
      yield %n : tile<i32>
    } else {
      yield %x : tile<f32>
    }
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%c: tile<i1>, %n: tile<i32>, %x: tile<f32>) {
    // expected-error@+1 {{'cuda_tile.if' op has non-empty return type, must define else branch}}
    %r = if %c -> (tile<f32>) {
      yield %x : tile<f32>
    }
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%c: tile<i1>, %n: tile<i32>, %x: tile<f32>) {
    // expected-error@+1 {{'cuda_tile.if' op then branch must not have block arguments}}
    "cuda_tile.if"(%c) ({
    ^bb0(%a: !cuda_tile.tile<i32>):
      "cuda_tile.yield"() : () -> ()
    }, {
    }) : (!cuda_tile.tile<i1>) -> ()
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%c: tile<i1>, %n: tile<i32>, %x: tile<f32>) {
    // expected-error@+1 {{'cuda_tile.if' op must define then branch}}
    "cuda_tile.if"(%c) ({
    }, {
    }) : (!cuda_tile.tile<i1>) -> ()
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%c: tile<i1>, %n: tile<i32>, %x: tile<f32>) {
    // expected-error@+1 {{'cuda_tile.if' op the then branch must end with 'cuda_tile.yield' or 'cuda_tile.continue' or 'cuda_tile.break' or 'cuda_tile.return', found 'addf'}}
    "cuda_tile.if"(%c) ({
      %0 = addf %x, %x : tile<f32>
    }, {
    }) : (!cuda_tile.tile<i1>) -> ()
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%c: tile<i1>, %n: tile<i32>, %x: tile<f32>, %tv: tensor_view<4xf32, strides=[1]>) {
    // expected-error@+1 {{'cuda_tile.if' op result type 0 is a tensor_view, which is not supported}}
    %r = if %c -> (tensor_view<4xf32, strides=[1]>) {
      yield %tv : tensor_view<4xf32, strides=[1]>
    } else {
      yield %tv : tensor_view<4xf32, strides=[1]>
    }
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%c: tile<i1>, %n: tile<i32>, %x: tile<f32>) {
    // expected-error@+1 {{'cuda_tile.assert' op operand #0 must be tile of i1 values, but got '!cuda_tile.tile<i32>'}}
    assert %n, "bad" : tile<i32>
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%c: tile<i1>, %n: tile<i32>, %x: tile<f32>) {
    // expected-error@+1 {{'cuda_tile.assert' op attribute 'message' must be a string attribute}}
    "cuda_tile.assert"(%c) {message = 3 : i32} : (!cuda_tile.tile<i1>) -> ()
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%a: tile<8xf32>, %b: tile<8xi32>, %c4: tile<4xf32>) {
    // expected-error@+1 {{'cuda_tile.reduce' op requires the same shape for all operands}}
    %r:2 = reduce %a, %c4 dim=0 identities=[0.0 : f32, 0.0 : f32] : tile<8xf32>, tile<4xf32> -> tile<f32>, tile<f32>
    (%x0: tile<f32>, %y0: tile<f32>, %x1: tile<f32>, %y1: tile<f32>) {
      yield %x0, %x1 : tile<f32>, tile<f32>
    }
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%a: tile<8xf32>, %b: tile<8xi32>, %c4: tile<4xf32>) {
    // expected-error@+1 {{'cuda_tile.reduce' op dimension (1) is out of bound [0, 1)}}
    %r = reduce %a dim=1 identities=[0.0 : f32] : tile<8xf32> -> tile<f32>
    (%x: tile<f32>, %y: tile<f32>) {
      yield %x : tile<f32>
    }
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%a: tile<8xf32>, %b: tile<8xi32>, %c4: tile<4xf32>) {
    // expected-error@+1 {{'cuda_tile.reduce' op expect identities to match the number of operands but got: 1 operands and 2 identities}}
    %r = reduce %a dim=0 identities=[0.0 : f32, 1.0 : f32] : tile<8xf32> -> tile<f32>
    (%x: tile<f32>, %y: tile<f32>) {
      yield %x : tile<f32>
    }
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%a: tile<8xf32>, %b: tile<8xi32>, %c4: tile<4xf32>) {
    // expected-error@+1 {{'cuda_tile.reduce' op expect same type for operand at index: 0 and identity at index: 0 but got: 'i32' and 'f32'}}
    %r = reduce %b dim=0 identities=[0.0 : f32] : tile<8xi32> -> tile<i32>
    (%x: tile<i32>, %y: tile<i32>) {
      yield %x : tile<i32>
    }
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%a: tile<8xf32>, %b: tile<8xi32>, %c4: tile<4xf32>) {
    // expected-error@+1 {{'cuda_tile.reduce' op inferred type(s) '!cuda_tile.tile<f32>' are incompatible with return type(s) of operation '!cuda_tile.tile<2xf32>'}}
    %r = reduce %a dim=0 identities=[0.0 : f32] : tile<8xf32> -> tile<2xf32>
    (%x: tile<f32>, %y: tile<f32>) {
      yield %x : tile<f32>
    }
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%a: tile<8xf32>, %b: tile<8xi32>, %c4: tile<4xf32>) {
    // expected-error@+1 {{'cuda_tile.reduce' op expect 2 block arguments but got: 1}}
    %r = reduce %a dim=0 identities=[0.0 : f32] : tile<8xf32> -> tile<f32>
    (%x: tile<f32>) {
      yield %x : tile<f32>
    }
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%a: tile<8xf32>, %b: tile<8xi32>, %c4: tile<4xf32>) {
    // expected-error@+1 {{'cuda_tile.reduce' op expect 0-rank tile type at index: 1 but got: '!cuda_tile.tile<2xf32>'}}
    %r = reduce %a dim=0 identities=[0.0 : f32] : tile<8xf32> -> tile<f32>
    (%x: tile<f32>, %y: tile<2xf32>) {
      yield %x : tile<f32>
    }
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%a: tile<8xf32>, %b: tile<8xi32>, %c4: tile<4xf32>) {
    // expected-error@+1 {{'cuda_tile.reduce' op expect same element type for block argument at index: 0 and 1 but got: 'f32' and 'f16'}}
    %r = reduce %a dim=0 identities=[0.0 : f32] : tile<8xf32> -> tile<f32>
    (%x: tile<f32>, %y: tile<f16>) {
      yield %x : tile<f32>
    }
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%a: tile<8xf32>, %b: tile<8xi32>, %c4: tile<4xf32>) {
    // expected-error@+1 {{'cuda_tile.reduce' op expect same type for operand at index: 0 and block argument at index: 0 but got: 'f32' and 'f16'}}
    %r = reduce %a dim=0 identities=[0.0 : f32] : tile<8xf32> -> tile<f32>
    (%x: tile<f16>, %y: tile<f16>) {
      yield %x : tile<f16>
    }
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%a: tile<8xf32>, %b: tile<8xi32>, %c4: tile<4xf32>) {
    // expected-error@+1 {{'cuda_tile.reduce' op expect number of terminators operands (2) to match number of operands (1)}}
    %r = reduce %a dim=0 identities=[0.0 : f32] : tile<8xf32> -> tile<f32>
    (%x: tile<f32>, %y: tile<f32>) {
      yield %x, %y : tile<f32>, tile<f32>
    }
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%a: tile<8xf32>, %b: tile<8xi32>, %c4: tile<4xf32>) {
    // expected-error@+1 {{'cuda_tile.reduce' op expect same type for operand at index: 0 and terminator argument at index: 0 but got: 'f32' and 'i32'}}
    %r = reduce %a dim=0 identities=[0.0 : f32] : tile<8xf32> -> tile<f32>
    (%x: tile<f32>, %y: tile<f32>) {
      %z = constant <i32: 0> : tile<i32>
      yield %z : tile<i32>
    }
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%a: tile<8xf32>, %b: tile<8xi32>, %c4: tile<4xf32>) {
    // expected-error@+1 {{'cuda_tile.reduce' op terminator operand 0 must be a 0-rank tile, got '!cuda_tile.tile<2xf32>'}}
    %r = reduce %a dim=0 identities=[0.0 : f32] : tile<8xf32> -> tile<f32>
    (%x: tile<f32>, %y: tile<f32>) {
      %z = constant <f32: 0.0> : tile<2xf32>
      yield %z : tile<2xf32>
    }
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%a: tile<8xf32>, %b: tile<8xi32>, %c4: tile<4xf32>) {
    // expected-error@+1 {{'cuda_tile.reduce' op the 'cuda_tile.reduce' body must end with 'cuda_tile.yield', found 'addf'}}
    %r = "cuda_tile.reduce"(%a) ({
    ^bb0(%x: !cuda_tile.tile<f32>, %y: !cuda_tile.tile<f32>):
      %z = addf %x, %y : tile<f32>
    }) {dim = 0 : i32, identities = [0.0 : f32]} : (!cuda_tile.tile<8xf32>) -> !cuda_tile.tile<f32>
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%a: tile<8xf32>, %b: tile<8xi32>, %c4: tile<4xf32>) {
    // expected-error@+1 {{'cuda_tile.reduce' op expect at least 1 operand}}
    "cuda_tile.reduce"() ({
    ^bb0:
      "cuda_tile.yield"() : () -> ()
    }) {dim = 0 : i32, identities = []} : () -> ()
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%a: tile<8xf32>, %b: tile<8xi32>, %c4: tile<4xf32>) {
    // (generic form: the pretty parser rejects a negative dim itself)
    // expected-error@+1 {{'cuda_tile.reduce' op attribute 'dim' failed to satisfy constraint: 32-bit signless integer attribute whose value is non-negative}}
    %r = "cuda_tile.reduce"(%a) ({
    ^bb0(%x: !cuda_tile.tile<f32>, %y: !cuda_tile.tile<f32>):
      "cuda_tile.yield"(%x) : (!cuda_tile.tile<f32>) -> ()
    }) {dim = -1 : i32, identities = [0.0 : f32]} : (!cuda_tile.tile<8xf32>) -> !cuda_tile.tile<f32>
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%a: tile<8xf32>, %b: tile<8xi32>, %c4: tile<4xf32>) {
    // expected-error@+1 {{'cuda_tile.reduce' op attribute 'identities' must be an array of typed scalars}}
    %r = "cuda_tile.reduce"(%a) ({
    ^bb0(%x: !cuda_tile.tile<f32>, %y: !cuda_tile.tile<f32>):
      "cuda_tile.yield"(%x) : (!cuda_tile.tile<f32>) -> ()
    }) {dim = 0 : i32, identities = 0.0 : f32} : (!cuda_tile.tile<8xf32>) -> !cuda_tile.tile<f32>
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%a: tile<8xf32>, %b: tile<8xi32>, %c4: tile<4xf32>) {
    // expected-error@+1 {{'cuda_tile.reduce' op identity at index 0 must be a typed integer or float scalar}}
    %r = "cuda_tile.reduce"(%a) ({
    ^bb0(%x: !cuda_tile.tile<f32>, %y: !cuda_tile.tile<f32>):
      "cuda_tile.yield"(%x) : (!cuda_tile.tile<f32>) -> ()
    }) {dim = 0 : i32, identities = ["zero"]} : (!cuda_tile.tile<8xf32>) -> !cuda_tile.tile<f32>
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%a: tile<8xf32>, %b: tile<8xi32>, %c4: tile<4xf32>) {
    // (generic form: the pretty parser cannot spell more result types than operands)
    // expected-error@+1 {{'cuda_tile.reduce' op expect same number of operands and results}}
    %r:2 = "cuda_tile.reduce"(%a) ({
    ^bb0(%x: !cuda_tile.tile<f32>, %y: !cuda_tile.tile<f32>):
      "cuda_tile.yield"(%x) : (!cuda_tile.tile<f32>) -> ()
    }) {dim = 0 : i32, identities = [0.0 : f32]} : (!cuda_tile.tile<8xf32>) -> (!cuda_tile.tile<f32>, !cuda_tile.tile<f32>)
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%a: tile<8xf32>, %b: tile<8xi32>, %c4: tile<4xf32>) {
    // expected-error@+1 {{'cuda_tile.reduce' op expect non-empty block}}
    %r = "cuda_tile.reduce"(%a) ({
    ^bb0(%x: !cuda_tile.tile<f32>, %y: !cuda_tile.tile<f32>):
    }) {dim = 0 : i32, identities = [0.0 : f32]} : (!cuda_tile.tile<8xf32>) -> !cuda_tile.tile<f32>
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%a: tile<8xf32>, %b: tile<8xi32>, %c4: tile<4xf32>) {
    %r = reduce %a dim=0 identities=[0.0 : f32] : tile<8xf32> -> tile<f32>
    (%x: tile<f32>, %y: tile<f32>) {
      %p = "test.ptr"() : () -> tile<ptr<f32>>
      // expected-error@+1 {{'cuda_tile.store_ptr_tko' op only pure operations are allowed inside 'cuda_tile.reduce'}}
      %t = store_ptr_tko weak %p, %x : tile<ptr<f32>>, tile<f32> -> token
      yield %x : tile<f32>
    }
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%a: tile<8xf32>, %b: tile<8xi32>, %c4: tile<4xf32>) {
    // expected-error@+1 {{'cuda_tile.scan' op expect same type for operand at index: 0 and result at index: 0}}
    %r = scan %a dim=0 reverse=false identities=[0.0 : f32] : tile<8xf32> -> tile<4xf32>
    (%x: tile<f32>, %y: tile<f32>) {
      yield %x : tile<f32>
    }
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%a: tile<8xf32>, %b: tile<8xi32>, %c4: tile<4xf32>) {
    // expected-error@+1 {{'cuda_tile.scan' op attribute 'reverse' failed to satisfy constraint: bool attribute}}
    %r = "cuda_tile.scan"(%a) ({
    ^bb0(%x: !cuda_tile.tile<f32>, %y: !cuda_tile.tile<f32>):
      "cuda_tile.yield"(%x) : (!cuda_tile.tile<f32>) -> ()
    }) {dim = 0 : i32, reverse = 1 : i32, identities = [0.0 : f32]} : (!cuda_tile.tile<8xf32>) -> !cuda_tile.tile<8xf32>
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%a: tile<8xf32>, %b: tile<8xi32>, %c4: tile<4xf32>) {
    %r = scan %a dim=0 reverse=true identities=[0.0 : f32] : tile<8xf32> -> tile<8xf32>
    (%x: tile<f32>, %y: tile<f32>) {
      // expected-error@+1 {{'cuda_tile.loop' op only pure operations are allowed inside 'cuda_tile.scan'}}
      loop {
        break
      }
      yield %x : tile<f32>
    }
  }
}
