// Debug-info locations survive text -> bytecode -> text: the writer emits the debug section (3)
// for di_loc and callsite locations, the reader rebuilds them. FileLineCol and unknown locations
// are the format's reserved index 0 (unknown).
// RUN: %tilec -O0 --emit=bytecode %s -o %t.tileirbc
// RUN: %tilec -O0 --emit=mlir --mlir-print-debuginfo %t.tileirbc -o %t.from_bc
// RUN: %tilec -O0 --emit=mlir --mlir-print-debuginfo %s -o %t.from_text
// RUN: diff %t.from_text %t.from_bc
// RUN: %FileCheck %s < %t.from_bc

// CHECK: entry @reduce_rows(%arg0: tile<ptr<f16>> loc(#loc)) {
// CHECK: #di_lexical_block = #cuda_tile.di_lexical_block<scope = #di_subprogram, file = #di_file1, line = 30>
// CHECK: loc(callsite(
#f = #cuda_tile.di_file<"rows.py" in "/src">
#g = #cuda_tile.di_file<"inline \"helpers\".py" in "/src/lib">
#cu = #cuda_tile.di_compile_unit<file = #f>
#sp = #cuda_tile.di_subprogram<file = #f, line = 20, name = "reduce rows", linkageName = "reduce_rows", compileUnit = #cu>
#blk = #cuda_tile.di_lexical_block<scope = #sp, file = #g, line = 30>
#top = #cuda_tile.di_loc<loc("rows.py":20:1) in #sp>
#inner = #cuda_tile.di_loc<loc("inline \"helpers\".py":31:7) in #blk>
#call = loc(callsite(#inner at #cuda_tile.di_loc<loc("rows.py":22:9) in #sp>))
cuda_tile.module @kernels {
  entry @reduce_rows(%p: tile<ptr<f16>> loc(unknown)) {
    %one = constant <i32: 1> : tile<i32> loc(#inner)
    %two = addi %one, %one : tile<i32> loc(#call)
    %three = muli %two, %one : tile<i32> loc(#top)
    return loc(#top)
  } loc(#top)
} loc(unknown)
