// Verifier rules of the view memory ops: make_tensor_view (pointee, dynamic operand counts and
// types), make_{partition,strided,gather_scatter}_view, get_tensor_shape, get_index_space_shape,
// load_view_tko / store_view_tko (index count and types, tile type, gather sparse index, memory
// ordering and scope), tokens (make_token, join_tokens) and atomic_red_view_tko. Chunks the
// pretty syntax cannot spell use the generic form.
// RUN: %tilec -O0 --split-input-file --verify-diagnostics %s
// RUN: %tilec -O0 --split-input-file --verify-diagnostics %s | %FileCheck %s

// Positive.
// CHECK-LABEL: testing$func @views
// CHECK: make_tensor_view %{{.*}}, shape = [%{{.*}}, 64], strides = [64, 1] : tile<i32> -> tensor_view<?x64xf32, strides=[64,1]>
// CHECK: make_partition_view %{{.*}} : partition_view<tile=(16x32), tensor_view<?x64xf32, strides=[64,1]>>
// CHECK: get_index_space_shape %{{.*}} : partition_view<tile=(16x32), tensor_view<?x64xf32, strides=[64,1]>> -> tile<i32>
// CHECK: load_view_tko acquire device %{{.*}}[%{{.*}}, %{{.*}}] token = %{{.*}} : partition_view<tile=(16x32), tensor_view<?x64xf32, strides=[64,1]>>, tile<i32> -> tile<16x32xf32>, token
// CHECK: store_view_tko weak %{{.*}}, %{{.*}}[%{{.*}}, %{{.*}}] : tile<16x32xf32>, partition_view<tile=(16x32), tensor_view<?x64xf32, strides=[64,1]>>, tile<i32> -> token
// CHECK: join_tokens %{{.*}}, %{{.*}} : token
// CHECK: atomic_red_view_tko relaxed device %{{.*}}[%{{.*}}, %{{.*}}], add, %{{.*}} : tile<2x2xi32>, partition_view<tile=(2x2), tensor_view<8x8xi32, strides=[8,1]>>, tile<i32> -> token
cuda_tile.module @m {
  testing$func @views(%b: tile<ptr<f32>>, %n: tile<i32>, %bi: tile<ptr<i32>>, %v: tile<2x2xi32>) {
    %tv = make_tensor_view %b, shape = [%n, 64], strides = [64, 1] : tile<i32> -> tensor_view<?x64xf32, strides=[64,1]>
    %pv = make_partition_view %tv : partition_view<tile=(16x32), tensor_view<?x64xf32, strides=[64,1]>>
    %s:2 = get_tensor_shape %tv : tensor_view<?x64xf32, strides=[64,1]> -> tile<i32>
    %g:2 = get_index_space_shape %pv : partition_view<tile=(16x32), tensor_view<?x64xf32, strides=[64,1]>> -> tile<i32>
    %t0 = make_token : token
    %x, %t1 = load_view_tko acquire device %pv[%n, %n] token = %t0 : partition_view<tile=(16x32), tensor_view<?x64xf32, strides=[64,1]>>, tile<i32> -> tile<16x32xf32>, token
    %t2 = store_view_tko weak %x, %pv[%n, %n] : tile<16x32xf32>, partition_view<tile=(16x32), tensor_view<?x64xf32, strides=[64,1]>>, tile<i32> -> token
    %t3 = join_tokens %t1, %t2 : token
    %tvi = make_tensor_view %bi, shape = [8, 8], strides = [8, 1] : tensor_view<8x8xi32, strides=[8,1]>
    %pvi = make_partition_view %tvi : partition_view<tile=(2x2), tensor_view<8x8xi32, strides=[8,1]>>
    %t4 = atomic_red_view_tko relaxed device %pvi[%n, %n], add, %v : tile<2x2xi32>, partition_view<tile=(2x2), tensor_view<8x8xi32, strides=[8,1]>>, tile<i32> -> token
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%b: tile<ptr<f32>>) {
    // expected-error@+1 {{'cuda_tile.make_tensor_view' op expected pointer to 'f64' to build tensor_view of this type, got 'f32'}}
    %0 = make_tensor_view %b, shape = [32, 32], strides = [32, 1] : tensor_view<32x32xf64, strides=[32,1]>
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%b: tile<4xptr<f32>>) {
    // expected-error@+1 {{'cuda_tile.make_tensor_view' op operand #0 must be 0D tile of Pointer type values, but got '!cuda_tile.tile<4xptr<f32>>'}}
    %0 = "cuda_tile.make_tensor_view"(%b) {operandSegmentSizes = array<i32: 1, 0, 0>} : (!cuda_tile.tile<4xptr<f32>>) -> !cuda_tile.tensor_view<32xf32, strides=[1]>
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%b: tile<ptr<f32>>, %n: tile<i32>) {
    // (generic form: the pretty form derives the operand counts from the type)
    // expected-error@+1 {{'cuda_tile.make_tensor_view' op expected 1 dynamic shape operands, got 0}}
    %0 = "cuda_tile.make_tensor_view"(%b) {operandSegmentSizes = array<i32: 1, 0, 0>} : (!cuda_tile.tile<ptr<f32>>) -> !cuda_tile.tensor_view<?x32xf32, strides=[32,1]>
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%b: tile<ptr<f32>>, %n: tile<i32>) {
    // expected-error@+1 {{'cuda_tile.make_tensor_view' op expected 0 dynamic stride operands, got 1}}
    %0 = "cuda_tile.make_tensor_view"(%b, %n) {operandSegmentSizes = array<i32: 1, 0, 1>} : (!cuda_tile.tile<ptr<f32>>, !cuda_tile.tile<i32>) -> !cuda_tile.tensor_view<16x32xf32, strides=[32,1]>
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%b: tile<ptr<f32>>, %n: tile<i32>, %s: tile<i64>) {
    // expected-error@+1 {{'cuda_tile.make_tensor_view' op expected dynamic stride index 0 to be of the same type as the other dynamic values (!cuda_tile.tile<i32>), got !cuda_tile.tile<i64>}}
    %0 = "cuda_tile.make_tensor_view"(%b, %n, %s) {operandSegmentSizes = array<i32: 1, 1, 1>} : (!cuda_tile.tile<ptr<f32>>, !cuda_tile.tile<i32>, !cuda_tile.tile<i64>) -> !cuda_tile.tensor_view<?x32xf32, strides=[?,1]>
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%b: tile<ptr<f32>>, %n: tile<f32>) {
    // expected-error@+1 {{'cuda_tile.make_tensor_view' op operand #1 must be variadic of 0D tile of i1 or i8 or i16 or i32 or i64 values, but got '!cuda_tile.tile<f32>'}}
    %0 = "cuda_tile.make_tensor_view"(%b, %n) {operandSegmentSizes = array<i32: 1, 1, 0>} : (!cuda_tile.tile<ptr<f32>>, !cuda_tile.tile<f32>) -> !cuda_tile.tensor_view<?x32xf32, strides=[32,1]>
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%b: tile<ptr<f32>>) {
    // expected-error@+1 {{'cuda_tile.make_tensor_view' op result #0 must be tensor_view type, but got '!cuda_tile.tile<32xf32>'}}
    %0 = "cuda_tile.make_tensor_view"(%b) {operandSegmentSizes = array<i32: 1, 0, 0>} : (!cuda_tile.tile<ptr<f32>>) -> !cuda_tile.tile<32xf32>
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%tv: tensor_view<128x64xf32, strides=[64,1]>, %pv: partition_view<tile=(16x32), tensor_view<128x64xf32, strides=[64,1]>>, %i: tile<i32>) {
    // (generic form: the pretty form writes only the view type and takes the operand's type from it)
    // expected-error@+1 {{'cuda_tile.make_partition_view' op expected the type of the provided tensor_view value (!cuda_tile.tensor_view<128x64xf32, strides=[64,1]>) to be the same as the view's tensor_view type (!cuda_tile.tensor_view<128x128xf32, strides=[128,1]>)}}
    %0 = "cuda_tile.make_partition_view"(%tv) : (!cuda_tile.tensor_view<128x64xf32, strides=[64,1]>) -> !cuda_tile.partition_view<tile=(16x32), tensor_view<128x128xf32, strides=[128,1]>>
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%tv: tensor_view<128x64xf32, strides=[64,1]>, %pv: partition_view<tile=(16x32), tensor_view<128x64xf32, strides=[64,1]>>, %i: tile<i32>) {
    // expected-error@+1 {{'cuda_tile.make_partition_view' expected 'partition_view' type, but got '!cuda_tile.strided_view<tile=(16x32), traversal_strides=[1,1], tensor_view<128x64xf32, strides=[64,1]>>'}}
    %0 = "cuda_tile.make_partition_view"(%tv) : (!cuda_tile.tensor_view<128x64xf32, strides=[64,1]>) -> !cuda_tile.strided_view<tile=(16x32), traversal_strides=[1,1], tensor_view<128x64xf32, strides=[64,1]>>
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%tv: tensor_view<128x64xf32, strides=[64,1]>, %pv: partition_view<tile=(16x32), tensor_view<128x64xf32, strides=[64,1]>>, %i: tile<i32>) {
    // expected-error@+1 {{'cuda_tile.make_strided_view' op operand #0 must be tensor_view type, but got '!cuda_tile.partition_view<tile=(16x32), tensor_view<128x64xf32, strides=[64,1]>>'}}
    %0 = "cuda_tile.make_strided_view"(%pv) : (!cuda_tile.partition_view<tile=(16x32), tensor_view<128x64xf32, strides=[64,1]>>) -> !cuda_tile.strided_view<tile=(16x32), traversal_strides=[1,1], tensor_view<128x64xf32, strides=[64,1]>>
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%tv: tensor_view<128x64xf32, strides=[64,1]>, %pv: partition_view<tile=(16x32), tensor_view<128x64xf32, strides=[64,1]>>, %i: tile<i32>) {
    // expected-error@+1 {{'cuda_tile.make_gather_scatter_view' expected 'gather_scatter_view' type, but got '!cuda_tile.partition_view<tile=(16x32), tensor_view<128x64xf32, strides=[64,1]>>'}}
    %0 = "cuda_tile.make_gather_scatter_view"(%tv) : (!cuda_tile.tensor_view<128x64xf32, strides=[64,1]>) -> !cuda_tile.partition_view<tile=(16x32), tensor_view<128x64xf32, strides=[64,1]>>
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%tv: tensor_view<128x64xf32, strides=[64,1]>, %pv: partition_view<tile=(16x32), tensor_view<128x64xf32, strides=[64,1]>>, %i: tile<i32>) {
    // expected-error@+1 {{'cuda_tile.get_tensor_shape' op expected 2 results due to tensor rank, but got 3}}
    %0:3 = get_tensor_shape %tv : tensor_view<128x64xf32, strides=[64,1]> -> tile<i32>
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%tv: tensor_view<128x64xf32, strides=[64,1]>, %pv: partition_view<tile=(16x32), tensor_view<128x64xf32, strides=[64,1]>>, %i: tile<i32>) {
    // expected-error@+1 {{'cuda_tile.get_tensor_shape' expected tensor_view, got '!cuda_tile.partition_view<tile=(16x32), tensor_view<128x64xf32, strides=[64,1]>>'}}
    %0:2 = get_tensor_shape %pv : partition_view<tile=(16x32), tensor_view<128x64xf32, strides=[64,1]>> -> tile<i32>
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%tv: tensor_view<128x64xf32, strides=[64,1]>, %pv: partition_view<tile=(16x32), tensor_view<128x64xf32, strides=[64,1]>>, %i: tile<i32>) {
    // expected-error@+1 {{'cuda_tile.get_tensor_shape' op requires all results to have the same type}}
    %0:2 = "cuda_tile.get_tensor_shape"(%tv) : (!cuda_tile.tensor_view<128x64xf32, strides=[64,1]>) -> (!cuda_tile.tile<i32>, !cuda_tile.tile<i64>)
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%tv: tensor_view<128x64xf32, strides=[64,1]>, %pv: partition_view<tile=(16x32), tensor_view<128x64xf32, strides=[64,1]>>, %i: tile<i32>) {
    // expected-error@+1 {{'cuda_tile.get_index_space_shape' op expected 2 results due to view index space rank, but got 1}}
    %0 = get_index_space_shape %pv : partition_view<tile=(16x32), tensor_view<128x64xf32, strides=[64,1]>> -> tile<i64>
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%tv: tensor_view<128x64xf32, strides=[64,1]>, %pv: partition_view<tile=(16x32), tensor_view<128x64xf32, strides=[64,1]>>, %i: tile<i32>) {
    // expected-error@+1 {{'cuda_tile.get_index_space_shape' op operand #0 must be TileView instance, but got '!cuda_tile.tensor_view<128x64xf32, strides=[64,1]>'}}
    %0:2 = get_index_space_shape %tv : tensor_view<128x64xf32, strides=[64,1]> -> tile<i64>
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%tv: tensor_view<128x64xf32, strides=[64,1]>, %pv: partition_view<tile=(16x32), tensor_view<128x64xf32, strides=[64,1]>>, %i: tile<i32>) {
    // expected-error@+1 {{'cuda_tile.get_index_space_shape' op result #0 must be variadic of 0D tile of i1 or i8 or i16 or i32 or i64 values, but got '!cuda_tile.tile<f32>'}}
    %0:2 = get_index_space_shape %pv : partition_view<tile=(16x32), tensor_view<128x64xf32, strides=[64,1]>> -> tile<f32>
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%tv: tensor_view<128x64xf32, strides=[64,1]>, %pv: partition_view<tile=(16x32), tensor_view<128x64xf32, strides=[64,1]>>, %i: tile<i32>) {
    // expected-error@+1 {{'cuda_tile.load_view_tko' op expected 2 index operands (based on view type), got 1}}
    %0, %1 = load_view_tko weak %pv[%i] : partition_view<tile=(16x32), tensor_view<128x64xf32, strides=[64,1]>>, tile<i32> -> tile<16x32xf32>, token
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%tv: tensor_view<128x64xf32, strides=[64,1]>, %pv: partition_view<tile=(16x32), tensor_view<128x64xf32, strides=[64,1]>>, %i: tile<i32>) {
    // expected-error@+1 {{'cuda_tile.load_view_tko' op expected tile type to be '!cuda_tile.tile<16x32xf32>' (based on view type), got '!cuda_tile.tile<32x16xf32>'}}
    %0, %1 = load_view_tko weak %pv[%i, %i] : partition_view<tile=(16x32), tensor_view<128x64xf32, strides=[64,1]>>, tile<i32> -> tile<32x16xf32>, token
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%tv: tensor_view<128x64xf32, strides=[64,1]>, %pv: partition_view<tile=(16x32), tensor_view<128x64xf32, strides=[64,1]>>, %i: tile<i32>, %j: tile<i64>) {
    // expected-error@+1 {{'cuda_tile.load_view_tko' op expected index type 1 to be the same as other index types ('!cuda_tile.tile<i32>'), got '!cuda_tile.tile<i64>'}}
    %0, %1 = "cuda_tile.load_view_tko"(%pv, %i, %j) {memory_ordering_semantics = 0 : i32, operandSegmentSizes = array<i32: 1, 2, 0>} : (!cuda_tile.partition_view<tile=(16x32), tensor_view<128x64xf32, strides=[64,1]>>, !cuda_tile.tile<i32>, !cuda_tile.tile<i64>) -> (!cuda_tile.tile<16x32xf32>, !cuda_tile.token)
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%tv: tensor_view<128x64xf32, strides=[64,1]>, %pv: partition_view<tile=(16x32), tensor_view<128x64xf32, strides=[64,1]>>, %i: tile<i32>, %j: tile<1xi32>) {
    // expected-error@+1 {{'cuda_tile.load_view_tko' op expected index type to be a scalar tile, got '!cuda_tile.tile<1xi32>'}}
    %0, %1 = load_view_tko weak %pv[%j, %j] : partition_view<tile=(16x32), tensor_view<128x64xf32, strides=[64,1]>>, tile<1xi32> -> tile<16x32xf32>, token
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%tv: tensor_view<128x64xf32, strides=[64,1]>, %pv: partition_view<tile=(16x32), tensor_view<128x64xf32, strides=[64,1]>>, %i: tile<i32>, %j: tile<f32>) {
    // expected-error@+1 {{'cuda_tile.load_view_tko' op operand #1 must be variadic of tile of i1 or i8 or i16 or i32 or i64 values, but got '!cuda_tile.tile<f32>'}}
    %0, %1 = load_view_tko weak %pv[%j, %j] : partition_view<tile=(16x32), tensor_view<128x64xf32, strides=[64,1]>>, tile<f32> -> tile<16x32xf32>, token
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%tv: tensor_view<128x64xf32, strides=[64,1]>, %pv: partition_view<tile=(16x32), tensor_view<128x64xf32, strides=[64,1]>>, %i: tile<i32>) {
    // expected-error@+1 {{'cuda_tile.load_view_tko' op operand #0 must be TileView instance, but got '!cuda_tile.tensor_view<128x64xf32, strides=[64,1]>'}}
    %0, %1 = load_view_tko weak %tv[%i, %i] : tensor_view<128x64xf32, strides=[64,1]>, tile<i32> -> tile<16x32xf32>, token
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%gs: gather_scatter_view<tile=(4x32), tensor_view<128x64xf32, strides=[64,1]>, sparse_dim=0>, %i: tile<i32>, %r: tile<8xi32>) {
    // expected-error@+1 {{'cuda_tile.load_view_tko' op expected the index at sparse dimension 0 to be a 1-d tile of 4 elements, got '!cuda_tile.tile<8xi32>'}}
    %0, %1 = "cuda_tile.load_view_tko"(%gs, %r, %i) {memory_ordering_semantics = 0 : i32, operandSegmentSizes = array<i32: 1, 2, 0>} : (!cuda_tile.gather_scatter_view<tile=(4x32), tensor_view<128x64xf32, strides=[64,1]>, sparse_dim=0>, !cuda_tile.tile<8xi32>, !cuda_tile.tile<i32>) -> (!cuda_tile.tile<4x32xf32>, !cuda_tile.token)
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%tv: tensor_view<128x64xf32, strides=[64,1]>, %pv: partition_view<tile=(16x32), tensor_view<128x64xf32, strides=[64,1]>>, %i: tile<i32>) {
    // expected-error@+1 {{'cuda_tile.load_view_tko' op expect one of: weak, relaxed, or acquire, but got: acq_rel}}
    %0, %1 = load_view_tko acq_rel device %pv[%i, %i] : partition_view<tile=(16x32), tensor_view<128x64xf32, strides=[64,1]>>, tile<i32> -> tile<16x32xf32>, token
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%tv: tensor_view<128x64xf32, strides=[64,1]>, %pv: partition_view<tile=(16x32), tensor_view<128x64xf32, strides=[64,1]>>, %i: tile<i32>) {
    // expected-error@+1 {{operation specifies weak memory ordering semantics, but then provides "device" scope, expected no memory scope.}}
    %0, %1 = load_view_tko weak device %pv[%i, %i] : partition_view<tile=(16x32), tensor_view<128x64xf32, strides=[64,1]>>, tile<i32> -> tile<16x32xf32>, token
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%tv: tensor_view<128x64xf32, strides=[64,1]>, %pv: partition_view<tile=(16x32), tensor_view<128x64xf32, strides=[64,1]>>, %i: tile<i32>) {
    // expected-error@+1 {{'cuda_tile.load_view_tko' op memory scope is required for relaxed load}}
    %0, %1 = load_view_tko relaxed %pv[%i, %i] : partition_view<tile=(16x32), tensor_view<128x64xf32, strides=[64,1]>>, tile<i32> -> tile<16x32xf32>, token
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%tv: tensor_view<128x64xf32, strides=[64,1]>, %pv: partition_view<tile=(16x32), tensor_view<128x64xf32, strides=[64,1]>>, %i: tile<i32>, %t: tile<16x32xf32>) {
    %h = constant <f16: 0.0> : tile<16x32xf16>
    // expected-error@+1 {{'cuda_tile.store_view_tko' op expected tile type to be '!cuda_tile.tile<16x32xf32>' (based on view type), got '!cuda_tile.tile<16x32xf16>'}}
    %0 = "cuda_tile.store_view_tko"(%h, %pv, %i, %i) {memory_ordering_semantics = 0 : i32, operandSegmentSizes = array<i32: 1, 1, 2, 0>} : (!cuda_tile.tile<16x32xf16>, !cuda_tile.partition_view<tile=(16x32), tensor_view<128x64xf32, strides=[64,1]>>, !cuda_tile.tile<i32>, !cuda_tile.tile<i32>) -> !cuda_tile.token
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%tv: tensor_view<128x64xf32, strides=[64,1]>, %pv: partition_view<tile=(16x32), tensor_view<128x64xf32, strides=[64,1]>>, %i: tile<i32>, %t: tile<16x32xf32>) {
    // expected-error@+1 {{'cuda_tile.store_view_tko' op expect one of: weak, relaxed, or release, but got: acquire}}
    %0 = store_view_tko acquire device %t, %pv[%i, %i] : tile<16x32xf32>, partition_view<tile=(16x32), tensor_view<128x64xf32, strides=[64,1]>>, tile<i32> -> token
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%tv: tensor_view<128x64xf32, strides=[64,1]>, %pv: partition_view<tile=(16x32), tensor_view<128x64xf32, strides=[64,1]>>, %i: tile<i32>, %t: tile<16x32xf32>) {
    // expected-error@+1 {{operation specifies weak memory ordering semantics, but then provides "tl_blk" scope, expected no memory scope.}}
    %0 = store_view_tko weak tl_blk %t, %pv[%i, %i] : tile<16x32xf32>, partition_view<tile=(16x32), tensor_view<128x64xf32, strides=[64,1]>>, tile<i32> -> token
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%tv: tensor_view<128x64xf32, strides=[64,1]>, %pv: partition_view<tile=(16x32), tensor_view<128x64xf32, strides=[64,1]>>, %i: tile<i32>, %t: tile<16x32xf32>) {
    // expected-error@+1 {{'cuda_tile.store_view_tko' op memory scope is required for release store}}
    %0 = store_view_tko release %t, %pv[%i, %i] : tile<16x32xf32>, partition_view<tile=(16x32), tensor_view<128x64xf32, strides=[64,1]>>, tile<i32> -> token
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%tv: tensor_view<128x64xf32, strides=[64,1]>, %pv: partition_view<tile=(16x32), tensor_view<128x64xf32, strides=[64,1]>>, %i: tile<i32>, %t: tile<16x32xf32>) {
    // expected-error@+1 {{'cuda_tile.store_view_tko' op operand #1 must be TileView instance, but got '!cuda_tile.tile<16x32xf32>'}}
    %0 = "cuda_tile.store_view_tko"(%t, %t, %i, %i) {memory_ordering_semantics = 0 : i32, operandSegmentSizes = array<i32: 1, 1, 2, 0>} : (!cuda_tile.tile<16x32xf32>, !cuda_tile.tile<16x32xf32>, !cuda_tile.tile<i32>, !cuda_tile.tile<i32>) -> !cuda_tile.token
  }
}

// -----

cuda_tile.module @m {
  testing$func @f() {
    // expected-error@+1 {{'cuda_tile.make_token' op result #0 must be cuda tile token type, but got '!cuda_tile.tile<i32>'}}
    %0 = make_token : tile<i32>
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%t: token) {
    // expected-error@+1 {{'cuda_tile.join_tokens' op expect two or more tokens}}
    %0 = join_tokens %t : token
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%t: token, %x: tile<i32>) {
    // expected-error@+1 {{'cuda_tile.join_tokens' op operand #1 must be variadic of cuda tile token type, but got '!cuda_tile.tile<i32>'}}
    %0 = "cuda_tile.join_tokens"(%t, %x) : (!cuda_tile.token, !cuda_tile.tile<i32>) -> !cuda_tile.token
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%pv: partition_view<tile=(2x2), tensor_view<8x8xi32, strides=[8,1]>>, %i: tile<i32>, %v: tile<2x2xi32>) {
    // expected-error@+1 {{'cuda_tile.atomic_red_view_tko' op only 'relaxed' memory ordering is supported for view-based atomic reductions}}
    %0 = atomic_red_view_tko release device %pv[%i, %i], add, %v : tile<2x2xi32>, partition_view<tile=(2x2), tensor_view<8x8xi32, strides=[8,1]>>, tile<i32> -> token
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%pv: partition_view<tile=(2x2), tensor_view<8x8xi32, strides=[8,1]>>, %i: tile<i32>, %v: tile<2x2xi32>) {
    // expected-error@+1 {{'cuda_tile.atomic_red_view_tko' op memory scope 'sys' is not supported for view-based atomic reductions; use 'tl_blk' or 'device' for TMA compatibility}}
    %0 = atomic_red_view_tko relaxed sys %pv[%i, %i], add, %v : tile<2x2xi32>, partition_view<tile=(2x2), tensor_view<8x8xi32, strides=[8,1]>>, tile<i32> -> token
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%pv: partition_view<tile=(2x2), tensor_view<8x8xi32, strides=[8,1]>>, %i: tile<i32>, %v: tile<2x2xi32>) {
    // expected-error@+1 {{'cuda_tile.atomic_red_view_tko' op atomic_red_view_tko op cannot use xchg operation}}
    %0 = atomic_red_view_tko relaxed device %pv[%i, %i], xchg, %v : tile<2x2xi32>, partition_view<tile=(2x2), tensor_view<8x8xi32, strides=[8,1]>>, tile<i32> -> token
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%pv: partition_view<tile=(2x2), tensor_view<8x8xi32, strides=[8,1]>>, %i: tile<i32>, %v: tile<2x2xi32>, %w: tile<2x2xf32>) {
    // expected-error@+1 {{'cuda_tile.atomic_red_view_tko' op view element type ('i32') must match value element type ('f32')}}
    %0 = atomic_red_view_tko relaxed device %pv[%i, %i], addf, %w : tile<2x2xf32>, partition_view<tile=(2x2), tensor_view<8x8xi32, strides=[8,1]>>, tile<i32> -> token
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%pv: partition_view<tile=(2x2), tensor_view<8x8xi32, strides=[8,1]>>, %i: tile<i32>, %v: tile<2x2xi32>, %w: tile<4x2xi32>) {
    // expected-error@+1 {{'cuda_tile.atomic_red_view_tko' op view tile shape 2, 2 must match value shape 4, 2 for element-wise atomic operations}}
    %0 = atomic_red_view_tko relaxed device %pv[%i, %i], add, %w : tile<4x2xi32>, partition_view<tile=(2x2), tensor_view<8x8xi32, strides=[8,1]>>, tile<i32> -> token
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%pv: partition_view<tile=(2x2), tensor_view<8x8xf32, strides=[8,1]>>, %i: tile<i32>, %w: tile<2x2xf32>) {
    // expected-error@+1 {{'cuda_tile.atomic_red_view_tko' op 'max' works only with integers i32 and i64}}
    %0 = atomic_red_view_tko relaxed device %pv[%i, %i], max, %w : tile<2x2xf32>, partition_view<tile=(2x2), tensor_view<8x8xf32, strides=[8,1]>>, tile<i32> -> token
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%pv: partition_view<tile=(2x2), padding_value = zero, tensor_view<8x8xi32, strides=[8,1]>>, %i: tile<i32>, %v: tile<2x2xi32>) {
    // expected-error@+1 {{'cuda_tile.atomic_red_view_tko' op views with padding_value are not supported for atomic reductions}}
    %0 = atomic_red_view_tko relaxed device %pv[%i, %i], add, %v : tile<2x2xi32>, partition_view<tile=(2x2), padding_value = zero, tensor_view<8x8xi32, strides=[8,1]>>, tile<i32> -> token
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%pv: gather_scatter_view<tile=(2x2), tensor_view<8x8xi32, strides=[8,1]>, sparse_dim=0>, %i: tile<i32>, %v: tile<2x2xi32>) {
    // expected-error@+1 {{'cuda_tile.atomic_red_view_tko' op gather_scatter_view is not supported; use partition_view instead}}
    %0 = atomic_red_view_tko relaxed device %pv[%i, %i], add, %v : tile<2x2xi32>, gather_scatter_view<tile=(2x2), tensor_view<8x8xi32, strides=[8,1]>, sparse_dim=0>, tile<i32> -> token
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%pv: partition_view<tile=(2x2), tensor_view<8x8xi32, strides=[8,1]>>, %i: tile<i32>, %v: tile<2x2xi32>) {
    // expected-error@+1 {{'cuda_tile.atomic_red_view_tko' op expected 2 index operand(s) for view with tile rank 2, got 1}}
    %0 = atomic_red_view_tko relaxed device %pv[%i], add, %v : tile<2x2xi32>, partition_view<tile=(2x2), tensor_view<8x8xi32, strides=[8,1]>>, tile<i32> -> token
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%pv: partition_view<tile=(2x2), tensor_view<8x8xi32, strides=[8,1]>>, %i: tile<i32>, %v: tile<2x2xi32>, %j: tile<1xi32>) {
    // expected-error@+1 {{'cuda_tile.atomic_red_view_tko' op index operand 0 must be a scalar tile (rank 0), got shape 1}}
    %0 = "cuda_tile.atomic_red_view_tko"(%pv, %j, %j, %v) {memory_ordering_semantics = 1 : i32, memory_scope = 1 : i32, mode = 3 : i32, operandSegmentSizes = array<i32: 1, 2, 1, 0>} : (!cuda_tile.partition_view<tile=(2x2), tensor_view<8x8xi32, strides=[8,1]>>, !cuda_tile.tile<1xi32>, !cuda_tile.tile<1xi32>, !cuda_tile.tile<2x2xi32>) -> !cuda_tile.token
  }
}
