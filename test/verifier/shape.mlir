// Verifier rules of the shape and tile-construction ops: reshape, broadcast, permute, iota,
// extract, cat, pack, unpack, get_tile_block_id / get_num_tile_blocks.
// RUN: %tilec -O0 --split-input-file --verify-diagnostics %s
// RUN: %tilec -O0 --split-input-file --verify-diagnostics %s | %FileCheck %s

// Positive.
// CHECK-LABEL: testing$func @shapes
// CHECK: reshape %{{.*}} : tile<2x4xf32> -> tile<8xf32>
// CHECK: broadcast %{{.*}} : tile<1x4xf32> -> tile<4x4xf32>
// CHECK: permute %{{.*}} [1, 0] : tile<2x4xf32> -> tile<4x2xf32>
// CHECK: iota : tile<256xi8>
// CHECK: extract %{{.*}}[%{{.*}}, %{{.*}}] : tile<2x4xf32> -> tile<1x2xf32>
// CHECK: cat %{{.*}}, %{{.*}} dim = 1 : tile<2x4xf32>, tile<2x4xf32> -> tile<2x8xf32>
// CHECK: pack %{{.*}} : tile<8xf32> -> tile<32xi8>
// CHECK: unpack %{{.*}} : tile<32xi8> -> tile<64xi4>
cuda_tile.module @m {
  testing$func @shapes(%a: tile<2x4xf32>, %b: tile<1x4xf32>, %i: tile<i32>, %v: tile<8xf32>) {
    %0 = reshape %a : tile<2x4xf32> -> tile<8xf32>
    %1 = broadcast %b : tile<1x4xf32> -> tile<4x4xf32>
    %2 = permute %a [1, 0] : tile<2x4xf32> -> tile<4x2xf32>
    %3 = iota : tile<256xi8>
    %4 = extract %a[%i, %i] : tile<2x4xf32> -> tile<1x2xf32>
    %5 = cat %a, %a dim = 1 : tile<2x4xf32>, tile<2x4xf32> -> tile<2x8xf32>
    %6 = pack %v : tile<8xf32> -> tile<32xi8>
    %7 = unpack %6 : tile<32xi8> -> tile<64xi4>
    %8, %9, %10 = get_tile_block_id : tile<i32>
    %11, %12, %13 = get_num_tile_blocks : tile<i32>
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%a: tile<4xf32>) {
    // expected-error@+1 {{'cuda_tile.reshape' op requires the same element type for all operands and results}}
    %0 = reshape %a : tile<4xf32> -> tile<2x2xf16>
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%a: tile<4xf32>) {
    // expected-error@+1 {{'cuda_tile.reshape' op expected source tile and result tile to have the same number of elements}}
    %0 = reshape %a : tile<4xf32> -> tile<2x4xf32>
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%t: !cuda_tile.token) {
    // expected-error@+1 {{'cuda_tile.reshape' op operand #0 must be tile of any type values, but got '!cuda_tile.token'}}
    %0 = reshape %t : !cuda_tile.token -> tile<1xf32>
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%a: tile<1x4xf32>) {
    // expected-error@+1 {{'cuda_tile.broadcast' op requires the same element type for all operands and results}}
    %0 = broadcast %a : tile<1x4xf32> -> tile<4x4xf16>
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%a: tile<4xf32>) {
    // expected-error@+1 {{'cuda_tile.broadcast' op failed to verify that all of {source, result} have same rank}}
    %0 = broadcast %a : tile<4xf32> -> tile<4x4xf32>
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%a: tile<2x4xf32>) {
    // expected-error@+1 {{'cuda_tile.broadcast' op expects the shape of source tile to be compatible with that of the result tile, but got: 2, 4 and 4, 4}}
    %0 = broadcast %a : tile<2x4xf32> -> tile<4x4xf32>
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%a: tile<2x4xf32>) {
    // expected-error@+1 {{'cuda_tile.permute' op failed to verify that all of {source, result} have the same element type}}
    %0 = permute %a [1, 0] : tile<2x4xf32> -> tile<4x2xf16>
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%a: tile<2x4xf32>) {
    // expected-error@+1 {{'cuda_tile.permute' op failed to verify that all of {source, result} have same rank}}
    %0 = permute %a [1, 0] : tile<2x4xf32> -> tile<8xf32>
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%a: tile<4xf32>) {
    // expected-error@+1 {{'cuda_tile.permute' op expects at least rank 2, but got: 1}}
    %0 = permute %a [0] : tile<4xf32> -> tile<4xf32>
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%a: tile<2x4xf32>) {
    // expected-error@+1 {{'cuda_tile.permute' op expect permutation size (3) to equal the rank of the source (2)}}
    %0 = permute %a [1, 0, 2] : tile<2x4xf32> -> tile<4x2xf32>
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%a: tile<2x4xf32>) {
    // expected-error@+1 {{'cuda_tile.permute' op expect permutation elements to be unique}}
    %0 = permute %a [1, 1] : tile<2x4xf32> -> tile<4x4xf32>
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%a: tile<2x4xf32>) {
    // expected-error@+1 {{'cuda_tile.permute' op permutation element at index 1 (2) is out of bound [0, 2)}}
    %0 = permute %a [0, 2] : tile<2x4xf32> -> tile<2x4xf32>
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%a: tile<2x4xf32>) {
    // expected-error@+1 {{'cuda_tile.permute' op result shape invalid at index 0, expected: 4, but got: 2}}
    %0 = permute %a [1, 0] : tile<2x4xf32> -> tile<2x4xf32>
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%a: tile<2x4xf32>) {
    // expected-error@+1 {{'cuda_tile.permute' op requires attribute 'permutation'}}
    %0 = "cuda_tile.permute"(%a) : (!cuda_tile.tile<2x4xf32>) -> !cuda_tile.tile<4x2xf32>
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%a: tile<2x4xf32>) {
    // expected-error@+1 {{'cuda_tile.permute' op attribute 'permutation' must be an array<i32: ...>}}
    %0 = "cuda_tile.permute"(%a) {permutation = [1, 0]} : (!cuda_tile.tile<2x4xf32>) -> !cuda_tile.tile<4x2xf32>
  }
}

// -----

cuda_tile.module @m {
  testing$func @f() {
    // expected-error@+1 {{'cuda_tile.iota' op result #0 must be tile of i1 or i8 or i16 or i32 or i64 values, but got '!cuda_tile.tile<8xf32>'}}
    %0 = iota : tile<8xf32>
  }
}

// -----

cuda_tile.module @m {
  testing$func @f() {
    // expected-error@+1 {{'cuda_tile.iota' op expects result type to be 1-d tile}}
    %0 = iota : tile<2x4xi32>
  }
}

// -----

cuda_tile.module @m {
  testing$func @f() {
    // expected-error@+1 {{'cuda_tile.iota' op the number of elements 512 exceeds the maximum value of element type 'i8'}}
    %0 = iota : tile<512xi8>
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%a: tile<4x8xf32>, %i: tile<i32>) {
    // expected-error@+1 {{'cuda_tile.extract' op failed to verify that all of {source, result} have same rank}}
    %0 = extract %a[%i, %i] : tile<4x8xf32> -> tile<8xf32>
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%a: tile<4x8xf32>, %i: tile<i32>) {
    // expected-error@+1 {{'cuda_tile.extract' op source and result element type do not match}}
    %0 = extract %a[%i, %i] : tile<4x8xf32> -> tile<2x4xf16>
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%a: tile<4x8xf32>, %i: tile<i32>) {
    // expected-error@+1 {{'cuda_tile.extract' op source dimension 0 size (4) must be evenly divisible by result dimension 0 size (8)}}
    %0 = extract %a[%i, %i] : tile<4x8xf32> -> tile<8x4xf32>
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%a: tile<4x8xf32>, %i: tile<i32>) {
    // expected-error@+1 {{'cuda_tile.extract' op incorrect number of indices, expected 2, but found 1}}
    %0 = extract %a[%i] : tile<4x8xf32> -> tile<2x4xf32>
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%a: tile<4x8xf32>, %i: tile<f32>) {
    // expected-error@+1 {{'cuda_tile.extract' op operand #1 must be variadic of 0D tile of i1 or i8 or i16 or i32 or i64 values, but got '!cuda_tile.tile<f32>'}}
    %0 = "cuda_tile.extract"(%a, %i, %i) : (!cuda_tile.tile<4x8xf32>, !cuda_tile.tile<f32>, !cuda_tile.tile<f32>) -> !cuda_tile.tile<2x4xf32>
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%a: tile<2x4xf32>, %b: tile<2x4xf16>) {
    // expected-error@+1 {{'cuda_tile.cat' op failed to verify that all of {lhs, rhs, result} have the same element type}}
    %0 = cat %a, %b dim = 0 : tile<2x4xf32>, tile<2x4xf16> -> tile<4x4xf32>
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%a: tile<2x4xf32>, %b: tile<8xf32>) {
    // expected-error@+1 {{'cuda_tile.cat' op failed to verify that all of {lhs, rhs, result} have same rank}}
    %0 = cat %a, %b dim = 0 : tile<2x4xf32>, tile<8xf32> -> tile<4x4xf32>
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%a: tile<2x4xf32>) {
    // expected-error@+1 {{'cuda_tile.cat' op expect dim to be [0, 2), but got: 2}}
    %0 = cat %a, %a dim = 2 : tile<2x4xf32>, tile<2x4xf32> -> tile<4x4xf32>
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%a: tile<2x4xf32>) {
    // expected-error@+1 {{'cuda_tile.cat' op invalid concat at position 0, expected: 4 but got: 8}}
    %0 = cat %a, %a dim = 0 : tile<2x4xf32>, tile<2x4xf32> -> tile<8x4xf32>
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%a: tile<2x4xf32>) {
    // expected-error@+1 {{'cuda_tile.cat' op expect lhs and result shapes to match at non-concat position 1, expected: 4 but got: 8}}
    %0 = cat %a, %a dim = 0 : tile<2x4xf32>, tile<2x4xf32> -> tile<4x8xf32>
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%a: tile<2x4xf32>, %b: tile<2x8xf32>) {
    // expected-error@+1 {{'cuda_tile.cat' op expect rhs and result shapes to match at non-concat position 1, expected: 8 but got: 4}}
    %0 = cat %a, %b dim = 0 : tile<2x4xf32>, tile<2x8xf32> -> tile<4x4xf32>
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%a: tile<2x4xf32>) {
    // expected-error@+1 {{'cuda_tile.cat' op requires attribute 'dim'}}
    %0 = "cuda_tile.cat"(%a, %a) : (!cuda_tile.tile<2x4xf32>, !cuda_tile.tile<2x4xf32>) -> !cuda_tile.tile<4x4xf32>
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%a: tile<2x4xf32>) {
    // expected-error@+1 {{'cuda_tile.cat' op attribute 'dim' must be an i64 integer attribute}}
    %0 = "cuda_tile.cat"(%a, %a) {dim = "0"} : (!cuda_tile.tile<2x4xf32>, !cuda_tile.tile<2x4xf32>) -> !cuda_tile.tile<4x4xf32>
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%a: tile<64xf32>) {
    // expected-error@+1 {{'cuda_tile.pack' op result #0 must be tile of i8 values, but got '!cuda_tile.tile<128xi16>'}}
    %0 = pack %a : tile<64xf32> -> tile<128xi16>
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%a: tile<8x8xf32>) {
    // expected-error@+1 {{'cuda_tile.pack' op expects source and result to be rank-1 tiles}}
    %0 = pack %a : tile<8x8xf32> -> tile<256xi8>
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%a: tile<64xf8E4M3FN>) {
    // expected-error@+1 {{'cuda_tile.pack' op expects source and result to have different element type widths}}
    %0 = pack %a : tile<64xf8E4M3FN> -> tile<64xi8>
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%a: tile<64xf32>) {
    // expected-error@+1 {{'cuda_tile.pack' op expects source and result to have the same size in bytes, but got source tile size 256 bytes and result tile size 128 bytes}}
    %0 = pack %a : tile<64xf32> -> tile<128xi8>
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%a: tile<64xptr<f32>>) {
    // expected-error@+1 {{'cuda_tile.pack' op operand #0 must be tile of number values, but got '!cuda_tile.tile<64xptr<f32>>'}}
    %0 = pack %a : tile<64xptr<f32>> -> tile<512xi8>
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%a: tile<64xi16>) {
    // expected-error@+1 {{'cuda_tile.unpack' op operand #0 must be tile of i8 values, but got '!cuda_tile.tile<64xi16>'}}
    %0 = unpack %a : tile<64xi16> -> tile<32xi32>
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%a: tile<64xi8>) {
    // expected-error@+1 {{'cuda_tile.unpack' op result #0 must be tile of number values, but got '!cuda_tile.tile<8xptr<f32>>'}}
    %0 = unpack %a : tile<64xi8> -> tile<8xptr<f32>>
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%a: tile<64xi8>) {
    // expected-error@+1 {{'cuda_tile.unpack' op expects source and result to have the same size in bytes, but got source tile size 64 bytes and result tile size 128 bytes}}
    %0 = unpack %a : tile<64xi8> -> tile<32xf32>
  }
}

// -----

cuda_tile.module @m {
  testing$func @f() {
    // expected-error@+1 {{'cuda_tile.get_tile_block_id' op result #1 must be 0D tile of i32 values, but got '!cuda_tile.tile<i64>'}}
    %0:3 = "cuda_tile.get_tile_block_id"() : () -> (!cuda_tile.tile<i32>, !cuda_tile.tile<i64>, !cuda_tile.tile<i32>)
  }
}

// -----

cuda_tile.module @m {
  testing$func @f() {
    // expected-error@+1 {{'cuda_tile.get_num_tile_blocks' op expected 3 results, but found 2}}
    %0:2 = "cuda_tile.get_num_tile_blocks"() : () -> (!cuda_tile.tile<i32>, !cuda_tile.tile<i32>)
  }
}
