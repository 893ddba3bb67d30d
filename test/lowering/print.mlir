// `print_tko` is device printf (vprintf), printed once per tile block by its thread 0: each
// %-conversion takes the next argument, scalars print as themselves, tiles as `[a, b, ...]` in
// row-major order (staged in shared memory, printed by a loop), `%%` is a percent sign; floats
// are promoted to double, narrow integers to i32, as C varargs. Both targets, ptxas, 0 spills.
// RUN: %tilec -O3 --gpu-name=sm_90a %s -o %t.ptx && %check-ptx sm_90a %t.ptx
// RUN: %tilec -O3 --gpu-name=sm_100a %s -o %t.b.ptx && %check-ptx sm_100a %t.b.ptx
// RUN: %python %s.py %t.ptx | FileCheck %s --check-prefix=FMT
// RUN: FileCheck %s < %t.ptx
// The format pieces, one vprintf each (the trailing NUL not shown):
// FMT-DAG: 'block %d'
// FMT-DAG: ': v=%f'
// FMT-DAG: ' n=%d'
// FMT-DAG: ' tile=['
// FMT-DAG: '%d'
// FMT-DAG: ', %d'
// FMT-DAG: '] 100%%\n'
// The f32 1.5 is passed as the double 0x3FF8000000000000 (= 4609434218613702656).
// CHECK: .extern .func {{.*}}vprintf
// CHECK: call.uni (retval0), vprintf
// CHECK: st.local.b64 [{{%rd[0-9]+}}], 4609434218613702656;
// CHECK: call.uni (retval0), vprintf
cuda_tile.module @m {
  entry @k(%x: tile<ptr<f32>>, %n: tile<i32>) {
    %v = constant <f32: 1.5> : tile<f32>
    %bx, %by, %bz = get_tile_block_id : tile<i32>
    %t = iota : tile<8xi32>
    %t0 = print_tko "block %d: v=%f n=%d tile=%d 100%%\n", %bx, %v, %n, %t : tile<i32>, tile<f32>, tile<i32>, tile<8xi32> -> token
    return
  }
  // Two tiles in one print: each has its own shared-memory region (8 x i32 at +0, 4 x f64 at +32).
  // CHECK-LABEL: .entry two(
  // CHECK: st.shared.b64 [{{%rd[0-9]+}}+32]
  entry @two(%x: tile<ptr<f32>>) {
    %t = iota : tile<8xi32>
    %f = constant <f32: 2.5> : tile<4xf32>
    %t0 = print_tko "a=%d b=%f\n", %t, %f : tile<8xi32>, tile<4xf32> -> token
    return
  }
}
