// Strided views (`make_strided_view`, 13.3): tile index x covers tensor coordinates
// x * traversal_stride + [0, tile) in each dim, so tiles may overlap (overlap: tiles of 128 every 64
// elements; the ones past the end read the padding, 0) or leave gaps (gaps: 16x16 tiles every 32
// rows and columns). Loads and stores address them as partition views do, with the traversal
// stride as the step; bounds are per element unless the stride and the extent are multiples of the
// tile. get_index_space_shape is ceil(extent / stride), as in the interpreter.
// RUN: %tilec -O3 --gpu-name=sm_90a %s -o %t.ptx
// RUN: %FileCheck %s < %t.ptx
// RUN: %check-ptx sm_90a %t.ptx
// RUN: %tilec -O3 --gpu-name=sm_100a %s -o %t.100.ptx
// RUN: %check-ptx sm_100a %t.100.ptx
// RUN: %tilec-run --interpret %s --kernel overlap --grid 16 --arg ptr:f32:1024:iota --arg ptr:f32:2048:out --arg ptr:i32:1:out --save 1=%t.ov --print-outputs=1 | %FileCheck %s --check-prefix=NS
// RUN: %python -c "import struct,sys; d=struct.unpack('<2048f', open(sys.argv[1],'rb').read()); w=[float(b*64+c) if b*64+c<1024 else 0.0 for b in range(16) for c in range(128)]; sys.exit(0 if list(d)==w else 1)" %t.ov
// RUN: %tilec-run --interpret %s --kernel gaps --grid 2,2 --arg ptr:f32:4096:iota --arg ptr:f32:1024:out --save 1=%t.gp
// RUN: %python -c "import struct,sys; d=struct.unpack('<1024f', open(sys.argv[1],'rb').read()); w=[float((32*(i//16)+i%16)*64+32*(j//16)+j%16) for i in range(32) for j in range(32)]; sys.exit(0 if list(d)==w else 1)" %t.gp
// CHECK-LABEL: .entry overlap(
// the tile index times the traversal stride (64), not the tile (128):
// CHECK: mul.wide.u32 {{%rd[0-9]+}}, {{%r[0-9]+}}, 64;
// CHECK: ld.global
// CHECK-LABEL: .entry gaps(
// NS: output 2: 16
cuda_tile.module @m {
  entry @overlap(%a: tile<ptr<f32>>, %o: tile<ptr<f32>>, %n: tile<ptr<i32>>) {
    %va = make_tensor_view %a, shape = [1024], strides = [1] : tensor_view<1024xf32, strides=[1]>
    %sv = make_strided_view %va : strided_view<tile=(128), traversal_strides=[64], tensor_view<1024xf32, strides=[1]>>
    %vo = make_tensor_view %o, shape = [2048], strides = [1] : tensor_view<2048xf32, strides=[1]>
    %po = make_partition_view %vo : partition_view<tile=(128), tensor_view<2048xf32, strides=[1]>>
    %b, %y, %z = get_tile_block_id : tile<i32>
    %t, %tok = load_view_tko weak %sv[%b] : strided_view<tile=(128), traversal_strides=[64], tensor_view<1024xf32, strides=[1]>>, tile<i32> -> tile<128xf32>, token
    %tok2 = store_view_tko weak %t, %po[%b] : tile<128xf32>, partition_view<tile=(128), tensor_view<2048xf32, strides=[1]>>, tile<i32> -> token
    %ns = get_index_space_shape %sv : strided_view<tile=(128), traversal_strides=[64], tensor_view<1024xf32, strides=[1]>> -> tile<i32>
    %pn = reshape %n : tile<ptr<i32>> -> tile<1xptr<i32>>
    %nr = reshape %ns : tile<i32> -> tile<1xi32>
    %tok3 = store_ptr_tko weak %pn, %nr : tile<1xptr<i32>>, tile<1xi32> -> token
    return
  }
  entry @gaps(%a: tile<ptr<f32>>, %o: tile<ptr<f32>>) {
    %va = make_tensor_view %a, shape = [64, 64], strides = [64, 1] : tensor_view<64x64xf32, strides=[64,1]>
    %sv = make_strided_view %va : strided_view<tile=(16x16), traversal_strides=[32, 32], tensor_view<64x64xf32, strides=[64,1]>>
    %vo = make_tensor_view %o, shape = [32, 32], strides = [32, 1] : tensor_view<32x32xf32, strides=[32,1]>
    %po = make_partition_view %vo : partition_view<tile=(16x16), tensor_view<32x32xf32, strides=[32,1]>>
    %bx, %by, %bz = get_tile_block_id : tile<i32>
    %t, %tok = load_view_tko weak %sv[%bx, %by] : strided_view<tile=(16x16), traversal_strides=[32, 32], tensor_view<64x64xf32, strides=[64,1]>>, tile<i32> -> tile<16x16xf32>, token
    %tok2 = store_view_tko weak %t, %po[%bx, %by] : tile<16x16xf32>, partition_view<tile=(16x16), tensor_view<32x32xf32, strides=[32,1]>>, tile<i32> -> token
    return
  }
}
