// What code generation cannot do is rejected by name at its location: an `alloca` inside a loop
// whose pointer outlives the iteration (here carried to the next one: one buffer per execution), an
// alignment above the shared buffer's 16 bytes. (A private `alloca`, an `alloca global` and allocas
// in loops whose pointers stay in their iteration compile: test/lowering/alloca*.mlir.)
// RUN: not %tilec --emit=ptx --split-input-file %s -o /dev/null 2>&1 | %FileCheck %s
// CHECK: unsupported.mlir:[[@LINE+7]]:7: error: `alloca` inside a loop whose pointer outlives the iteration (carried, yielded or stored) is not supported by code generation
cuda_tile.module @m {
  entry @k(%x: tile<ptr<f32>>) {
    %c0 = constant <i32: 0> : tile<i32>
    %c1 = constant <i32: 1> : tile<i32>
    %c4 = constant <i32: 4> : tile<i32>
    %last = for %i in (%c0 to %c4, step %c1) : tile<i32> iter_values(%prev = %x) -> (tile<ptr<f32>>) {
      %p = alloca num_elem = 64, alignment = 16 : tile<ptr<f32>>
      continue %p : tile<ptr<f32>>
    }
    return
  }
}

// -----

// CHECK: unsupported.mlir:[[@LINE+3]]:5: error: `alloca` with alignment 128 is not supported by code generation (at most 16: the shared buffer's alignment)
cuda_tile.module @m {
  entry @k(%x: tile<ptr<f32>>) {
    %p = alloca num_elem = 64, alignment = 128 : tile<ptr<f32>>
    return
  }
}

// -----

// fnv8E5M3FNU (13.4) reads, verifies and prints (test/bytecode/cutile_read.test), but sm_90a and
// sm_100a have no conversion for it (tileiras 13.5 compiles it for sm_107 only): refused by name
// with the target, at the first op that holds it.
// CHECK: unsupported.mlir:[[@LINE+5]]:5: error: type 'fnv8E5M3FNU' (in `ftof`) is not supported on sm_90a (the hardware has no conversion for it; tileiras 13.5 compiles it for sm_107 only)
cuda_tile.module @m {
  entry @k(%x: tile<ptr<f32>>) {
    %c = constant <f32: 1.5> : tile<16xf32>
    %n = negf %c : tile<16xf32>
    %e = ftof %n : tile<16xf32> -> tile<16xfnv8E5M3FNU>
    %b = ftof %e : tile<16xfnv8E5M3FNU> -> tile<16xf32>
    return
  }
}
