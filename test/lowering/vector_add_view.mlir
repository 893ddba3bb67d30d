// View-based vector add: kernel ABI, masked loads at the tensor edge, owner-only stores.
// RUN: %tilec --emit=ptx --gpu-name=sm_90a %s -o %t.90.ptx
// RUN: %FileCheck %s --check-prefix=PTX < %t.90.ptx
// RUN: %ptxas -arch=sm_90a %t.90.ptx -o %t.90.cubin
// RUN: %tilec --emit=ptx --gpu-name=sm_100a %s -o %t.100.ptx
// RUN: %ptxas -arch=sm_100a %t.100.ptx -o %t.100.cubin
// RUN: %tilec --emit=llvm %s -o - | %FileCheck %s --check-prefix=LL
// PTX: .target sm_90a
// PTX: .visible .entry vadd(
// PTX-NEXT: .param .u64 .ptr .global .align 1 vadd_param_0,
// PTX: .param .u64 vadd_param_3
// PTX: .reqntid 128, 1, 1
// PTX: mov.u32 {{.*}}%ctaid.x
// PTX: setp.{{.*}}.u64
// PTX: ld.global.b32
// PTX: add.rn.f32
// PTX: st.global.b32
// LL: define ptx_kernel void @vadd(ptr addrspace(1) {{.*}}, i64 {{.*}}) {{.*}}#[[A:[0-9]+]]
// LL: attributes #[[A]] = {{.*}}"nvvm.reqntid"="128,1,1"
cuda_tile.module @m {
  entry @vadd(%x: tile<ptr<f32>>, %y: tile<ptr<f32>>, %z: tile<ptr<f32>>, %n: tile<i64>) {
    %xt = make_tensor_view %x, shape = [%n], strides = [1] : tile<i64> -> tensor_view<?xf32, strides=[1]>
    %yt = make_tensor_view %y, shape = [%n], strides = [1] : tile<i64> -> tensor_view<?xf32, strides=[1]>
    %zt = make_tensor_view %z, shape = [%n], strides = [1] : tile<i64> -> tensor_view<?xf32, strides=[1]>
    %xp = make_partition_view %xt : partition_view<tile=(256), tensor_view<?xf32, strides=[1]>>
    %yp = make_partition_view %yt : partition_view<tile=(256), tensor_view<?xf32, strides=[1]>>
    %zp = make_partition_view %zt : partition_view<tile=(256), tensor_view<?xf32, strides=[1]>>
    %bx, %by, %bz = get_tile_block_id : tile<i32>
    %a, %t0 = load_view_tko weak %xp[%bx] : partition_view<tile=(256), tensor_view<?xf32, strides=[1]>>, tile<i32> -> tile<256xf32>, token
    %b, %t1 = load_view_tko weak %yp[%bx] : partition_view<tile=(256), tensor_view<?xf32, strides=[1]>>, tile<i32> -> tile<256xf32>, token
    %c = addf %a, %b : tile<256xf32>
    %t2 = store_view_tko weak %c, %zp[%bx] : tile<256xf32>, partition_view<tile=(256), tensor_view<?xf32, strides=[1]>>, tile<i32> -> token
    return
  }
}
