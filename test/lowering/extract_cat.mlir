// extract (the slice at dynamic indices) and cat (along either dim) lower through shared memory
// (lib/nvvm/lower_shape.c): the sources are written at their flat places, bar.sync, the result reads
// its elements in its layout (blocked, TileAS's reg_layouts.c). Both targets, ptxas with 0 spills,
// and the interpreter's values for s = 2.
// RUN: %tilec --emit=tileas %S/Inputs/extract_cat.mlir | FileCheck %s --check-prefix=TILEAS
// TILEAS: "cuda_tile.extract"{{.*}}tileas.reg_layout = {lane = array<i64: 0, 1, 2, 3, 4>, reg = array<i64>, warp = array<i64: -1, -1>}
// TILEAS: "cuda_tile.cat"{{.*}}tileas.reg_layout = {lane = array<i64: 0, 1, 2, 3, 4>, reg = array<i64>, warp = array<i64: 5, -1>}
// RUN: %tilec -O3 --gpu-name=sm_90a %S/Inputs/extract_cat.mlir -o %t.90.ptx
// RUN: %FileCheck %s < %t.90.ptx
// RUN: %check-ptx sm_90a %t.90.ptx
// RUN: %tilec -O3 --gpu-name=sm_100a %S/Inputs/extract_cat.mlir -o %t.100.ptx
// RUN: %FileCheck %s < %t.100.ptx
// RUN: %check-ptx sm_100a %t.100.ptx
// The dynamic slice index s scales to s * 4 rows * 8 = s << 5 elements.
// CHECK: shl.b32 {{%r[0-9]+}}, {{%r[0-9]+}}, 5;
// CHECK: bar.sync 0;
// CHECK: st.shared.b32
// CHECK: bar.sync 0;
// CHECK: ld.shared.b32
// CHECK: st.shared.b16
// CHECK: ld.shared.b16
// RUN: %tilec-run --interpret %S/Inputs/extract_cat.mlir --grid 1 --arg ptr:i32:64:zeros --arg ptr:f32:64:zeros \
// RUN:   --arg i32:2 --save 0=%t.out --save 1=%t.out2
// RUN: od -A n -t d4 -v %t.out | FileCheck %s --check-prefix=OUT
// RUN: od -A n -t f4 -v %t.out2 | FileCheck %s --check-prefix=OUT2
// rows 8..11 of x, then rows 4..7
// OUT: 64 65 66 67
// OUT: 92 93 94 95
// OUT-NEXT: 32 33 34 35
// OUT: 60 61 62 63
// row 0: x[0][0..7] then x[8][0..7]
// OUT2: 0 1 2 3
// OUT2-NEXT: 4 5 6 7
// OUT2-NEXT: 64 65 66 67
// OUT2-NEXT: 68 69 70 71
// OUT2-NEXT: 8 9 10 11
