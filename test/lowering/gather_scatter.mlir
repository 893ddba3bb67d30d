// gather_scatter views (13.3): along the sparse dim, tile coordinate c is the tensor coordinate
// rows[c], the 1-d index tile the access takes at that dim (the others step by the tile as in a
// partition view). The row ids are broadcast to the accessed tile's layout (through shared memory
// here: the index tile's layout differs) and every element's row is bounds-checked (unsigned, so a
// negative id is out too): loads read the padding (0) there, stores drop it. gather: 16 rows of x,
// one a duplicate, three outside [0, 256); the same tile scattered back into y.
// RUN: %tilec -O3 --gpu-name=sm_90a %s -o %t.ptx
// RUN: %FileCheck %s < %t.ptx
// RUN: %check-ptx sm_90a %t.ptx
// RUN: %tilec -O3 --gpu-name=sm_100a %s -o %t.100.ptx
// RUN: %check-ptx sm_100a %t.100.ptx
// RUN: %tilec-run --interpret %s --grid 2 --arg ptr:f32:32768:iota --arg ptr:i32:16:list=5,0,255,300,7,7,-1,128,1,2,3,4,5,6,8,9 --arg ptr:f32:2048:out --arg ptr:f32:32768:zeros --save 2=%t.o --save 3=%t.y
// RUN: %python -c "import struct,sys; ids=[5,0,255,300,7,7,-1,128,1,2,3,4,5,6,8,9]; o=struct.unpack('<2048f', open(sys.argv[1],'rb').read()); w=[float(ids[r]*128+c) if 0<=ids[r]<256 else 0.0 for r in range(16) for c in range(128)]; sys.exit(0 if list(o)==w else 1)" %t.o
// RUN: %python -c "import struct,sys; ids=[5,0,255,300,7,7,-1,128,1,2,3,4,5,6,8,9]; y=struct.unpack('<32768f', open(sys.argv[1],'rb').read()); w=[0.0]*32768; [w.__setitem__(ids[r]*128+c, float(ids[r]*128+c)) for r in range(16) if 0<=ids[r]<256 for c in range(128)]; sys.exit(0 if list(y)==w else 1)" %t.y
// CHECK-LABEL: .entry gather(
// the row id of each element, bounds-checked unsigned against the 256 rows, times the row's 512 bytes:
// CHECK: ld.shared.b32 [[ROW:%r[0-9]+]]
// CHECK: setp.lt.u32 {{%p[0-9]+}}, [[ROW]], 256;
// CHECK: mul.wide.s32 {{%rd[0-9]+}}, [[ROW]], 512;
// CHECK: ld.global.b32
// CHECK: st.global.b32
cuda_tile.module @m {
  // out[r, :] = x[rows[r], 0:64] for the 16 row ids (ids past the tensor read 0), and the same
  // rows scattered back: y[rows[r], 64*b:64*b+64] = x tile (ids past the tensor dropped)
  entry @gather(%x: tile<ptr<f32>>, %ids: tile<ptr<i32>>, %out: tile<ptr<f32>>, %y: tile<ptr<f32>>) {
    %vx = make_tensor_view %x, shape = [256, 128], strides = [128, 1] : tensor_view<256x128xf32, strides=[128,1]>
    %gx = make_gather_scatter_view %vx : gather_scatter_view<tile=(16x64), tensor_view<256x128xf32, strides=[128,1]>, sparse_dim=0>
    %vi = make_tensor_view %ids, shape = [16], strides = [1] : tensor_view<16xi32, strides=[1]>
    %pi = make_partition_view %vi : partition_view<tile=(16), tensor_view<16xi32, strides=[1]>>
    %vo = make_tensor_view %out, shape = [16, 128], strides = [128, 1] : tensor_view<16x128xf32, strides=[128,1]>
    %po = make_partition_view %vo : partition_view<tile=(16x64), tensor_view<16x128xf32, strides=[128,1]>>
    %vy = make_tensor_view %y, shape = [256, 128], strides = [128, 1] : tensor_view<256x128xf32, strides=[128,1]>
    %gy = make_gather_scatter_view %vy : gather_scatter_view<tile=(16x64), tensor_view<256x128xf32, strides=[128,1]>, sparse_dim=0>
    %b, %bb, %bz = get_tile_block_id : tile<i32>
    %c0 = constant <i32: 0> : tile<i32>
    %rows, %t0 = load_view_tko weak %pi[%c0] : partition_view<tile=(16), tensor_view<16xi32, strides=[1]>>, tile<i32> -> tile<16xi32>, token
    %t, %t1 = "cuda_tile.load_view_tko"(%gx, %rows, %b) {memory_ordering_semantics = 0 : i32, operandSegmentSizes = array<i32: 1, 2, 0>} : (!cuda_tile.gather_scatter_view<tile=(16x64), tensor_view<256x128xf32, strides=[128,1]>, sparse_dim=0>, !cuda_tile.tile<16xi32>, !cuda_tile.tile<i32>) -> (!cuda_tile.tile<16x64xf32>, !cuda_tile.token)
    %t2 = store_view_tko weak %t, %po[%c0, %b] : tile<16x64xf32>, partition_view<tile=(16x64), tensor_view<16x128xf32, strides=[128,1]>>, tile<i32> -> token
    %t3 = "cuda_tile.store_view_tko"(%t, %gy, %rows, %b) {memory_ordering_semantics = 0 : i32, operandSegmentSizes = array<i32: 1, 1, 2, 0>} : (!cuda_tile.tile<16x64xf32>, !cuda_tile.gather_scatter_view<tile=(16x64), tensor_view<256x128xf32, strides=[128,1]>, sparse_dim=0>, !cuda_tile.tile<16xi32>, !cuda_tile.tile<i32>) -> !cuda_tile.token
    return
  }
}
