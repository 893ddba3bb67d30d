// alloca (issue 18): scratch memory private to the tile block = the CTA's shared memory, one buffer
// per op for the kernel's lifetime (after any wgmma ring). Its pointer is generic, and so is every
// pointer tile of a kernel with an alloca (the other pointers stay global addresses: ld/st through
// them are generic, which LLVM narrows back to .global where it can). A token between a store and a
// load of the block is a CTA barrier (the threads that write an element are not the ones that read
// it): here the tile is written to the buffer in reverse lane order and read back in order.
// RUN: %tilec -O3 --gpu-name=sm_90a %s -o %t.ptx
// RUN: %FileCheck %s < %t.ptx
// RUN: %check-ptx sm_90a %t.ptx
// RUN: %tilec -O3 --gpu-name=sm_100a %s -o %t.100.ptx
// RUN: %check-ptx sm_100a %t.100.ptx
// The reference interpreter runs it: the output is the input reversed.
// RUN: %tilec-run --interpret %s --grid 1 --arg ptr:f32:64:random --arg ptr:f32:64:out --save 0=%t.in --save 1=%t.out
// RUN: %python -c "import struct,sys; a=struct.unpack('<64f', open(sys.argv[1],'rb').read()); b=struct.unpack('<64f', open(sys.argv[2],'rb').read()); sys.exit(0 if list(b)==list(reversed(a)) else 1)" %t.in %t.out
// CHECK: .shared .align 16 .b8 __tilec_smem[256];
// CHECK: ld.global.b32
// CHECK: bar.sync 0;
// CHECK: st.shared.b32
// CHECK: bar.sync 0;
// CHECK: ld.shared.b32
// CHECK: st.global.b32
cuda_tile.module @m {
  entry @reverse(%x: tile<ptr<f32>>, %y: tile<ptr<f32>>) {
    %buf = alloca num_elem = 64, alignment = 16 : tile<ptr<f32>>
    %lane = iota : tile<64xi32>
    %c63 = constant <i32: 63> : tile<64xi32>
    %rev = subi %c63, %lane : tile<64xi32>
    %br = reshape %buf : tile<ptr<f32>> -> tile<1xptr<f32>>
    %bb = broadcast %br : tile<1xptr<f32>> -> tile<64xptr<f32>>
    %wp = offset %bb, %rev : tile<64xptr<f32>>, tile<64xi32> -> tile<64xptr<f32>>
    %rp = offset %bb, %lane : tile<64xptr<f32>>, tile<64xi32> -> tile<64xptr<f32>>
    %xr = reshape %x : tile<ptr<f32>> -> tile<1xptr<f32>>
    %xb = broadcast %xr : tile<1xptr<f32>> -> tile<64xptr<f32>>
    %xp = offset %xb, %lane : tile<64xptr<f32>>, tile<64xi32> -> tile<64xptr<f32>>
    %v, %t0 = load_ptr_tko weak %xp : tile<64xptr<f32>> -> tile<64xf32>, token
    %t1 = store_ptr_tko weak %wp, %v token=%t0 : tile<64xptr<f32>>, tile<64xf32> -> token
    %w, %t2 = load_ptr_tko weak %rp token=%t1 : tile<64xptr<f32>> -> tile<64xf32>, token
    %yr = reshape %y : tile<ptr<f32>> -> tile<1xptr<f32>>
    %yb = broadcast %yr : tile<1xptr<f32>> -> tile<64xptr<f32>>
    %yp = offset %yb, %lane : tile<64xptr<f32>>, tile<64xi32> -> tile<64xptr<f32>>
    %t3 = store_ptr_tko weak %yp, %w : tile<64xptr<f32>>, tile<64xf32> -> token
    return
  }
}
