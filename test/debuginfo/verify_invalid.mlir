// The debug-info scope rules NVIDIA verifies (docs/debuginfo.md), one chunk each. The errors are
// reported at the op's location, i.e. at the FileLineCol inside its di_loc (as MLIR reports them).
// RUN: not %tilec -O0 --split-input-file --emit=mlir %s -o /dev/null 2>&1 | %FileCheck %s

#file = #cuda_tile.di_file<"gemm.py" in "/src">
#unit = #cuda_tile.di_compile_unit<file = #file>
#gemm = #cuda_tile.di_subprogram<file = #file, line = 10, name = "gemm", linkageName = "gemm", compileUnit = #unit>
#blk = #cuda_tile.di_lexical_block<scope = #gemm, file = #file, line = 12>
// Rule 1: a kernel's scope must be a subprogram.
// CHECK: gemm.py:10:1: error: invalid function debug info scope: #cuda_tile.di_lexical_block<{{.*}}>. Function location must have cuda_tile.di_subprogram debug info scope.
cuda_tile.module @m {
  entry @gemm() {
    return
  } loc(#cuda_tile.di_loc<loc("gemm.py":10:1) in #blk>)
}

// -----

#file = #cuda_tile.di_file<"gemm.py" in "/src">
#unit = #cuda_tile.di_compile_unit<file = #file>
#gemm = #cuda_tile.di_subprogram<file = #file, line = 20, name = "gemm", linkageName = "gemm_v2", compileUnit = #unit>
// Rule 2: the subprogram's linkage name is the kernel's name.
// CHECK: gemm.py:20:1: error: invalid function debug info scope: {{.*}} Function name "gemm" does not match subprogram scope linkage name "gemm_v2".
cuda_tile.module @m {
  entry @gemm() {
    return
  } loc(#cuda_tile.di_loc<loc("gemm.py":20:1) in #gemm>)
}

// -----

#file = #cuda_tile.di_file<"gemm.py" in "/src">
#unit = #cuda_tile.di_compile_unit<file = #file>
#gemm = #cuda_tile.di_subprogram<file = #file, line = 30, name = "gemm", linkageName = "gemm", compileUnit = #unit>
// Rule 3: ops of a kernel without scope have no scope (found through a callsite's caller).
// CHECK: gemm.py:31:5: error: invalid operation debug info scope: #cuda_tile.di_subprogram<{{.*}}>. Operation has debug info scope, but function debug info scope is undefined.
cuda_tile.module @m {
  entry @gemm() {
    %c = constant <i32: 3> : tile<i32> loc(callsite("lib.py":1:1 at #cuda_tile.di_loc<loc("gemm.py":31:5) in #gemm>))
    return
  }
}

// -----

#file = #cuda_tile.di_file<"gemm.py" in "/src">
#unit = #cuda_tile.di_compile_unit<file = #file>
#gemm = #cuda_tile.di_subprogram<file = #file, line = 40, name = "gemm", linkageName = "gemm", compileUnit = #unit>
#other = #cuda_tile.di_subprogram<file = #file, line = 50, name = "other", linkageName = "other", compileUnit = #unit>
#nested = #cuda_tile.di_lexical_block<scope = #other, file = #file, line = 51, column = 2>
// Rule 4: an op's subprogram (through lexical blocks, inside nested regions) is the kernel's.
// CHECK: gemm.py:52:7: error: invalid operation debug info scope: {{.*}}name = "other"{{.*}}. Operation debug info scope does not match function debug info scope: {{.*}}name = "gemm"
cuda_tile.module @m {
  entry @gemm() {
    %c = constant <i1: true> : tile<i1>
    if %c {
      %d = constant <i32: 3> : tile<i32> loc(#cuda_tile.di_loc<loc("gemm.py":52:7) in #nested>)
    }
    return
  } loc(#cuda_tile.di_loc<loc("gemm.py":40:1) in #gemm>)
}

// -----

#file = #cuda_tile.di_file<"gemm.py" in "/src">
#unit = #cuda_tile.di_compile_unit<file = #file>
#gemm = #cuda_tile.di_subprogram<file = #file, line = 60, name = "gemm", linkageName = "gemm", compileUnit = #unit>
// Rule 5: globals have no scope.
// CHECK: gemm.py:61:1: error: invalid operation debug info scope: global variables must not have scope
cuda_tile.module @m {
  global @table <f32: [1.0, 2.0]> : tile<2xf32> loc(#cuda_tile.di_loc<loc("gemm.py":61:1) in #gemm>)
}

// -----

// Rule 6: a kernel's location is not a callsite.
// CHECK: caller.py:7:3: error: invalid function debug info location: a function location must not be a CallSiteLoc
cuda_tile.module @m {
  entry @gemm() {
    return
  } loc(callsite("callee.py":1:1 at "caller.py":7:3))
}
