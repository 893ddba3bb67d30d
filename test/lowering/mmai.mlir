// `mmai` (i8 x i8 -> i32) compiles on both targets. With M, N, K multiples of 16, 8, 32 it runs on
// tensor cores, the integer types chosen by each operand's signedness attribute: on sm_90a wgmma
// m64nNk32 .s8/.u8, on sm_100a tcgen05.mma kind::i8 (the signedness in its instruction descriptor).
// No alignment proof, so A is staged into shared memory with 16-byte stores and B transposed
// (test/hopper/wgmma_staged_a.mlir); the mmai has no loop around it, so it is in a one-trip loop.
// mma.sync m16n8k32 takes an i8 mmai whose M is below the tensor cores' 64 (bmm_i8 in
// test/lowering/mma_batched.mlir). Otherwise (K = 16 here) the multiply-add form: a K loop
// of i32 multiply-adds per accumulator register, each operand sign- or zero-extended by its
// signedness. 0 spills (check-ptx).
// RUN: %tilec -O3 --gpu-name=sm_90a %s -o %t.ptx && %check-ptx sm_90a %t.ptx
// RUN: FileCheck %s --check-prefixes=H,COMMON < %t.ptx
// RUN: %tilec -O3 --gpu-name=sm_100a %s -o %t.b.ptx && %check-ptx sm_100a %t.b.ptx
// RUN: FileCheck %s --check-prefixes=TC5,COMMON < %t.b.ptx
// sm_90a: 2 k32 steps of one m64n64k32 wgmma.
// H-LABEL: .entry mmai_ss(
// H-NOT: mma.sync
// H: st.shared.v4.b32
// H-COUNT-2: wgmma.mma_async.sync.aligned.m64n64k32.s32.s8.s8
// H-LABEL: .entry mmai_uu(
// H-COUNT-2: wgmma.mma_async.sync.aligned.m64n64k32.s32.u8.u8
// H-LABEL: .entry mmai_su(
// H-COUNT-2: wgmma.mma_async.sync.aligned.m64n64k32.s32.s8.u8
// H-LABEL: .entry mmai_us(
// H-COUNT-2: wgmma.mma_async.sync.aligned.m64n64k32.s32.u8.s8
// sm_100a: 2 k32 steps of one tcgen05.mma (M 64, N 64) each, from one thread, A staged like wgmma's.
// TC5-LABEL: .entry mmai_ss(
// TC5: .maxnreg 255
// TC5-NOT: mma.sync
// TC5: st.shared.v4.b32
// TC5-COUNT-2: tcgen05.mma.cta_group::1.kind::i8
// TC5-NOT: mma.sync
// TC5-LABEL: .entry mmai_uu(
// TC5-COUNT-2: tcgen05.mma.cta_group::1.kind::i8
// TC5-LABEL: .entry mmai_su(
// TC5-COUNT-2: tcgen05.mma.cta_group::1.kind::i8
// TC5-LABEL: .entry mmai_us(
// TC5-COUNT-2: tcgen05.mma.cta_group::1.kind::i8
// The K = 16 kernels: no tensor cores; the products follow the signedness: signed x signed
// multiplies sign-extended bytes (mul.wide.s16), unsigned x unsigned zero-extended ones
// (mul.wide.u16), mixed in i32 (mad.lo.s32).
// COMMON-LABEL: .entry mmai_ss_k16(
// COMMON-NOT: mma.sync
// COMMON: mul.wide.s16
// COMMON-NOT: mul.wide.u16
// COMMON-LABEL: .entry mmai_uu_k16(
// COMMON-NOT: mma.sync
// COMMON: mul.wide.u16
// COMMON-NOT: mul.wide.s16
// COMMON-LABEL: .entry mmai_su_k16(
// COMMON-NOT: mul.wide.{{[su]}}16
// COMMON: mad.lo.s32

// The decision is TileAS's (tileas.mma): mma.sync or tcgen05 for a K = 16 mmai (no whole k32 step)
// is refused with a located error.
// RUN: %tilec --gpu-name=sm_90a --emit=tileas %s -o %t.tileas.mlir
// RUN: FileCheck %s --check-prefix=FAM < %t.tileas.mlir
// FAM: "cuda_tile.mmai"{{.*}}tileas.mma = "wgmma"
// FAM: "cuda_tile.mmai"{{.*}}tileas.mma = "fma"
// RUN: sed 's/tileas.mma = "fma"/tileas.mma = "mma.sync"/' %t.tileas.mlir > %t.k16sync.mlir
// RUN: not %tilec -O3 --gpu-name=sm_90a %t.k16sync.mlir -o %t.err.ptx 2>&1 | FileCheck %s --check-prefix=K16
// K16: .mlir:{{[0-9]+}}:{{[0-9]+}}: error: TileAS put this mmai on mma.sync (tileas.mma), but mma.sync takes {{.*}} or i8 operands with an i32 accumulator (m16n8k32); M and N multiples of 16 and 8, K of the k step
// RUN: %tilec --gpu-name=sm_100a --emit=tileas %s -o %t.100.tileas.mlir
// RUN: FileCheck %s --check-prefix=FAM100 < %t.100.tileas.mlir
// FAM100: "cuda_tile.mmai"{{.*}}tileas.mma = "tcgen05.mma"
// FAM100: "cuda_tile.mmai"{{.*}}tileas.mma = "fma"
// RUN: sed 's/tileas.mma = "fma"/tileas.mma = "tcgen05.mma"/' %t.100.tileas.mlir > %t.tcgen05.mlir
// RUN: not %tilec -O3 --gpu-name=sm_100a %t.tcgen05.mlir -o %t.err2.ptx 2>&1 | FileCheck %s --check-prefix=TC
// TC: .mlir:{{[0-9]+}}:{{[0-9]+}}: error: TileAS put this mmai on tcgen05.mma (tileas.mma), but the Blackwell TMA + tcgen05 path cannot take the kernel: tile K is not a whole number of MMA k steps
cuda_tile.module @m {
  entry @mmai_ss(%a_ptr: tile<ptr<i8>>, %b_ptr: tile<ptr<i8>>, %c_ptr: tile<ptr<i32>>) {
    %a_tv = make_tensor_view %a_ptr, shape = [64, 64], strides = [64, 1] : tensor_view<64x64xi8, strides=[64,1]>
    %b_tv = make_tensor_view %b_ptr, shape = [64, 64], strides = [64, 1] : tensor_view<64x64xi8, strides=[64,1]>
    %c_tv = make_tensor_view %c_ptr, shape = [64, 64], strides = [64, 1] : tensor_view<64x64xi32, strides=[64,1]>
    %a_pv = make_partition_view %a_tv : partition_view<tile=(64x64), tensor_view<64x64xi8, strides=[64,1]>>
    %b_pv = make_partition_view %b_tv : partition_view<tile=(64x64), tensor_view<64x64xi8, strides=[64,1]>>
    %c_pv = make_partition_view %c_tv : partition_view<tile=(64x64), tensor_view<64x64xi32, strides=[64,1]>>
    %c0 = constant <i32: 0> : tile<i32>
    %zero = constant <i32: 0> : tile<64x64xi32>
    %a, %ta = load_view_tko weak %a_pv[%c0, %c0] : partition_view<tile=(64x64), tensor_view<64x64xi8, strides=[64,1]>>, tile<i32> -> tile<64x64xi8>, token
    %b, %tb = load_view_tko weak %b_pv[%c0, %c0] : partition_view<tile=(64x64), tensor_view<64x64xi8, strides=[64,1]>>, tile<i32> -> tile<64x64xi8>, token
    %d = mmai %a, %b, %zero signed signed : tile<64x64xi8>, tile<64x64xi8>, tile<64x64xi32>
    %t = store_view_tko weak %d, %c_pv[%c0, %c0] : tile<64x64xi32>, partition_view<tile=(64x64), tensor_view<64x64xi32, strides=[64,1]>>, tile<i32> -> token
    return
  }
  entry @mmai_uu(%a_ptr: tile<ptr<i8>>, %b_ptr: tile<ptr<i8>>, %c_ptr: tile<ptr<i32>>) {
    %a_tv = make_tensor_view %a_ptr, shape = [64, 64], strides = [64, 1] : tensor_view<64x64xi8, strides=[64,1]>
    %b_tv = make_tensor_view %b_ptr, shape = [64, 64], strides = [64, 1] : tensor_view<64x64xi8, strides=[64,1]>
    %c_tv = make_tensor_view %c_ptr, shape = [64, 64], strides = [64, 1] : tensor_view<64x64xi32, strides=[64,1]>
    %a_pv = make_partition_view %a_tv : partition_view<tile=(64x64), tensor_view<64x64xi8, strides=[64,1]>>
    %b_pv = make_partition_view %b_tv : partition_view<tile=(64x64), tensor_view<64x64xi8, strides=[64,1]>>
    %c_pv = make_partition_view %c_tv : partition_view<tile=(64x64), tensor_view<64x64xi32, strides=[64,1]>>
    %c0 = constant <i32: 0> : tile<i32>
    %zero = constant <i32: 0> : tile<64x64xi32>
    %a, %ta = load_view_tko weak %a_pv[%c0, %c0] : partition_view<tile=(64x64), tensor_view<64x64xi8, strides=[64,1]>>, tile<i32> -> tile<64x64xi8>, token
    %b, %tb = load_view_tko weak %b_pv[%c0, %c0] : partition_view<tile=(64x64), tensor_view<64x64xi8, strides=[64,1]>>, tile<i32> -> tile<64x64xi8>, token
    %d = mmai %a, %b, %zero unsigned unsigned : tile<64x64xi8>, tile<64x64xi8>, tile<64x64xi32>
    %t = store_view_tko weak %d, %c_pv[%c0, %c0] : tile<64x64xi32>, partition_view<tile=(64x64), tensor_view<64x64xi32, strides=[64,1]>>, tile<i32> -> token
    return
  }
  entry @mmai_su(%a_ptr: tile<ptr<i8>>, %b_ptr: tile<ptr<i8>>, %c_ptr: tile<ptr<i32>>) {
    %a_tv = make_tensor_view %a_ptr, shape = [64, 64], strides = [64, 1] : tensor_view<64x64xi8, strides=[64,1]>
    %b_tv = make_tensor_view %b_ptr, shape = [64, 64], strides = [64, 1] : tensor_view<64x64xi8, strides=[64,1]>
    %c_tv = make_tensor_view %c_ptr, shape = [64, 64], strides = [64, 1] : tensor_view<64x64xi32, strides=[64,1]>
    %a_pv = make_partition_view %a_tv : partition_view<tile=(64x64), tensor_view<64x64xi8, strides=[64,1]>>
    %b_pv = make_partition_view %b_tv : partition_view<tile=(64x64), tensor_view<64x64xi8, strides=[64,1]>>
    %c_pv = make_partition_view %c_tv : partition_view<tile=(64x64), tensor_view<64x64xi32, strides=[64,1]>>
    %c0 = constant <i32: 0> : tile<i32>
    %zero = constant <i32: 0> : tile<64x64xi32>
    %a, %ta = load_view_tko weak %a_pv[%c0, %c0] : partition_view<tile=(64x64), tensor_view<64x64xi8, strides=[64,1]>>, tile<i32> -> tile<64x64xi8>, token
    %b, %tb = load_view_tko weak %b_pv[%c0, %c0] : partition_view<tile=(64x64), tensor_view<64x64xi8, strides=[64,1]>>, tile<i32> -> tile<64x64xi8>, token
    %d = mmai %a, %b, %zero signed unsigned : tile<64x64xi8>, tile<64x64xi8>, tile<64x64xi32>
    %t = store_view_tko weak %d, %c_pv[%c0, %c0] : tile<64x64xi32>, partition_view<tile=(64x64), tensor_view<64x64xi32, strides=[64,1]>>, tile<i32> -> token
    return
  }
  entry @mmai_us(%a_ptr: tile<ptr<i8>>, %b_ptr: tile<ptr<i8>>, %c_ptr: tile<ptr<i32>>) {
    %a_tv = make_tensor_view %a_ptr, shape = [64, 64], strides = [64, 1] : tensor_view<64x64xi8, strides=[64,1]>
    %b_tv = make_tensor_view %b_ptr, shape = [64, 64], strides = [64, 1] : tensor_view<64x64xi8, strides=[64,1]>
    %c_tv = make_tensor_view %c_ptr, shape = [64, 64], strides = [64, 1] : tensor_view<64x64xi32, strides=[64,1]>
    %a_pv = make_partition_view %a_tv : partition_view<tile=(64x64), tensor_view<64x64xi8, strides=[64,1]>>
    %b_pv = make_partition_view %b_tv : partition_view<tile=(64x64), tensor_view<64x64xi8, strides=[64,1]>>
    %c_pv = make_partition_view %c_tv : partition_view<tile=(64x64), tensor_view<64x64xi32, strides=[64,1]>>
    %c0 = constant <i32: 0> : tile<i32>
    %zero = constant <i32: 0> : tile<64x64xi32>
    %a, %ta = load_view_tko weak %a_pv[%c0, %c0] : partition_view<tile=(64x64), tensor_view<64x64xi8, strides=[64,1]>>, tile<i32> -> tile<64x64xi8>, token
    %b, %tb = load_view_tko weak %b_pv[%c0, %c0] : partition_view<tile=(64x64), tensor_view<64x64xi8, strides=[64,1]>>, tile<i32> -> tile<64x64xi8>, token
    %d = mmai %a, %b, %zero unsigned signed : tile<64x64xi8>, tile<64x64xi8>, tile<64x64xi32>
    %t = store_view_tko weak %d, %c_pv[%c0, %c0] : tile<64x64xi32>, partition_view<tile=(64x64), tensor_view<64x64xi32, strides=[64,1]>>, tile<i32> -> token
    return
  }
  entry @mmai_ss_k16(%a_ptr: tile<ptr<i8>>, %b_ptr: tile<ptr<i8>>, %c_ptr: tile<ptr<i32>>) {
    %a_tv = make_tensor_view %a_ptr, shape = [64, 16], strides = [16, 1] : tensor_view<64x16xi8, strides=[16,1]>
    %b_tv = make_tensor_view %b_ptr, shape = [16, 64], strides = [64, 1] : tensor_view<16x64xi8, strides=[64,1]>
    %c_tv = make_tensor_view %c_ptr, shape = [64, 64], strides = [64, 1] : tensor_view<64x64xi32, strides=[64,1]>
    %a_pv = make_partition_view %a_tv : partition_view<tile=(64x16), tensor_view<64x16xi8, strides=[16,1]>>
    %b_pv = make_partition_view %b_tv : partition_view<tile=(16x64), tensor_view<16x64xi8, strides=[64,1]>>
    %c_pv = make_partition_view %c_tv : partition_view<tile=(64x64), tensor_view<64x64xi32, strides=[64,1]>>
    %c0 = constant <i32: 0> : tile<i32>
    %zero = constant <i32: 0> : tile<64x64xi32>
    %a, %ta = load_view_tko weak %a_pv[%c0, %c0] : partition_view<tile=(64x16), tensor_view<64x16xi8, strides=[16,1]>>, tile<i32> -> tile<64x16xi8>, token
    %b, %tb = load_view_tko weak %b_pv[%c0, %c0] : partition_view<tile=(16x64), tensor_view<16x64xi8, strides=[64,1]>>, tile<i32> -> tile<16x64xi8>, token
    %d = mmai %a, %b, %zero signed signed : tile<64x16xi8>, tile<16x64xi8>, tile<64x64xi32>
    %t = store_view_tko weak %d, %c_pv[%c0, %c0] : tile<64x64xi32>, partition_view<tile=(64x64), tensor_view<64x64xi32, strides=[64,1]>>, tile<i32> -> token
    return
  }
  entry @mmai_uu_k16(%a_ptr: tile<ptr<i8>>, %b_ptr: tile<ptr<i8>>, %c_ptr: tile<ptr<i32>>) {
    %a_tv = make_tensor_view %a_ptr, shape = [64, 16], strides = [16, 1] : tensor_view<64x16xi8, strides=[16,1]>
    %b_tv = make_tensor_view %b_ptr, shape = [16, 64], strides = [64, 1] : tensor_view<16x64xi8, strides=[64,1]>
    %c_tv = make_tensor_view %c_ptr, shape = [64, 64], strides = [64, 1] : tensor_view<64x64xi32, strides=[64,1]>
    %a_pv = make_partition_view %a_tv : partition_view<tile=(64x16), tensor_view<64x16xi8, strides=[16,1]>>
    %b_pv = make_partition_view %b_tv : partition_view<tile=(16x64), tensor_view<16x64xi8, strides=[64,1]>>
    %c_pv = make_partition_view %c_tv : partition_view<tile=(64x64), tensor_view<64x64xi32, strides=[64,1]>>
    %c0 = constant <i32: 0> : tile<i32>
    %zero = constant <i32: 0> : tile<64x64xi32>
    %a, %ta = load_view_tko weak %a_pv[%c0, %c0] : partition_view<tile=(64x16), tensor_view<64x16xi8, strides=[16,1]>>, tile<i32> -> tile<64x16xi8>, token
    %b, %tb = load_view_tko weak %b_pv[%c0, %c0] : partition_view<tile=(16x64), tensor_view<16x64xi8, strides=[64,1]>>, tile<i32> -> tile<16x64xi8>, token
    %d = mmai %a, %b, %zero unsigned unsigned : tile<64x16xi8>, tile<16x64xi8>, tile<64x64xi32>
    %t = store_view_tko weak %d, %c_pv[%c0, %c0] : tile<64x64xi32>, partition_view<tile=(64x64), tensor_view<64x64xi32, strides=[64,1]>>, tile<i32> -> token
    return
  }
  entry @mmai_su_k16(%a_ptr: tile<ptr<i8>>, %b_ptr: tile<ptr<i8>>, %c_ptr: tile<ptr<i32>>) {
    %a_tv = make_tensor_view %a_ptr, shape = [64, 16], strides = [16, 1] : tensor_view<64x16xi8, strides=[16,1]>
    %b_tv = make_tensor_view %b_ptr, shape = [16, 64], strides = [64, 1] : tensor_view<16x64xi8, strides=[64,1]>
    %c_tv = make_tensor_view %c_ptr, shape = [64, 64], strides = [64, 1] : tensor_view<64x64xi32, strides=[64,1]>
    %a_pv = make_partition_view %a_tv : partition_view<tile=(64x16), tensor_view<64x16xi8, strides=[16,1]>>
    %b_pv = make_partition_view %b_tv : partition_view<tile=(16x64), tensor_view<16x64xi8, strides=[64,1]>>
    %c_pv = make_partition_view %c_tv : partition_view<tile=(64x64), tensor_view<64x64xi32, strides=[64,1]>>
    %c0 = constant <i32: 0> : tile<i32>
    %zero = constant <i32: 0> : tile<64x64xi32>
    %a, %ta = load_view_tko weak %a_pv[%c0, %c0] : partition_view<tile=(64x16), tensor_view<64x16xi8, strides=[16,1]>>, tile<i32> -> tile<64x16xi8>, token
    %b, %tb = load_view_tko weak %b_pv[%c0, %c0] : partition_view<tile=(16x64), tensor_view<16x64xi8, strides=[64,1]>>, tile<i32> -> tile<16x64xi8>, token
    %d = mmai %a, %b, %zero signed unsigned : tile<64x16xi8>, tile<16x64xi8>, tile<64x64xi32>
    %t = store_view_tko weak %d, %c_pv[%c0, %c0] : tile<64x64xi32>, partition_view<tile=(64x64), tensor_view<64x64xi32, strides=[64,1]>>, tile<i32> -> token
    return
  }
}
