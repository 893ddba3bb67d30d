// `scan` (inclusive, forward and reverse, any dim, any combiner region) lowers through shared memory
// (lib/nvvm/lower_reduce.c lower_scan): the tile is written at its row-major flat indices, each
// line is split into per-thread chunks scanned serially, the chunk totals are scanned with
// shfl.sync.up (and, for lines wider than a warp, through shared memory), and each thread folds
// its prefix into its chunk before the elements are read back. The kernel of
// Inputs/scan_kernel.mlir (1024-element f32 prefix sum and reverse product, running max along dim
// 1 of a 4x64 i32 tile) compiles for both targets and assembles with 0 spills; the chunk loops
// stay loops (the PTX stays small). test/emu/scan.test runs every work split on the CPU emulator.
// RUN: %tilec -O3 --gpu-name=sm_90a %S/Inputs/scan_kernel.mlir -o %t.90.ptx
// RUN: %FileCheck %s < %t.90.ptx
// RUN: %check-ptx sm_90a %t.90.ptx
// RUN: %tilec -O3 --gpu-name=sm_100a %S/Inputs/scan_kernel.mlir -o %t.100.ptx
// RUN: %check-ptx sm_100a %t.100.ptx
// RUN: %tilec -O3 --gpu-name=sm_90a %S/Inputs/scan_kernel.mlir -o %t.again.ptx
// RUN: cmp %t.90.ptx %t.again.ptx
// RUN: wc -l < %t.90.ptx | %FileCheck %s --check-prefix=SIZE
// The reference interpreter runs the same kernel (the scans' semantics, for the GPU suite to compare).
// RUN: %tilec-run --interpret %S/Inputs/scan_kernel.mlir --grid 1 --arg ptr:f32:1024:ones --arg ptr:f32:1024:out \
// RUN:   --arg ptr:f32:1024:out --arg ptr:i32:4x64:iota --arg ptr:i32:4x64:out --print-outputs=3 | %FileCheck %s --check-prefix=INTERP
// CHECK: .entry scans(
// CHECK: bar.sync {{[[:space:]]*}}0;
// CHECK: shfl.sync.up.b32
// CHECK: add.{{(rn.)?}}f32
// CHECK: mul.{{(rn.)?}}f32
// CHECK: max.s32
// SIZE: {{^[1-9][0-9]{0,3}$}}
// INTERP: output 1: f32[1024] nan=0 sum=524800
// INTERP-NEXT: output 1: 1 2 3
// INTERP: output 2: f32[1024] nan=0 sum=1024
// INTERP: output 4: i32[256] nan=0 sum=32640
// INTERP-NEXT: output 4: 0 1 2
