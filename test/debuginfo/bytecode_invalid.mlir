// The bytecode writer refuses fused and name locations (the format encodes di_loc, callsite,
// FileLineCol/unknown only), also nested in a callsite and in kernels without debug info.
// RUN: not %tilec -O0 --split-input-file --emit=bytecode %s -o %t 2>&1 | %FileCheck %s

// CHECK: a.py:1:1: error: unsupported location, got FusedLoc, expected DILocAttr or CallSiteLoc
cuda_tile.module @kernels {
  entry @k() {
    %a = constant <i32: 1> : tile<i32> loc(fused["a.py":1:1, "a.py":1:5])
  }
}

// -----

// CHECK: b.py:2:1: error: unsupported location, got NameLoc, expected DILocAttr or CallSiteLoc
cuda_tile.module @kernels {
  entry @k() {
    return loc("acc"("b.py":2:1))
  }
}

// -----

// CHECK: c.py:4:1: error: unsupported location, got FusedLoc, expected DILocAttr or CallSiteLoc
#f = #cuda_tile.di_file<"c.py" in "/d">
#cu = #cuda_tile.di_compile_unit<file = #f>
#sp = #cuda_tile.di_subprogram<file = #f, line = 1, name = "k", linkageName = "k", compileUnit = #cu>
cuda_tile.module @kernels {
  entry @k() {
    return loc(callsite(fused["c.py":3:1, "c.py":3:2] at #cuda_tile.di_loc<loc("c.py":4:1) in #sp>))
  } loc(#cuda_tile.di_loc<loc("c.py":1:1) in #sp>)
}
