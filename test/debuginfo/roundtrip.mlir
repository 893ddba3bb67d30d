// Debug-info locations survive parse -> print (--mlir-print-debuginfo) and the printed text is a
// fixed point; without the flag the printed IR carries no locations.
// RUN: %tilec -O0 --emit=mlir --mlir-print-debuginfo %s -o %t.1
// RUN: %tilec -O0 --emit=mlir --mlir-print-debuginfo %t.1 -o %t.2
// RUN: diff %t.1 %t.2
// RUN: %FileCheck %s < %t.1
// RUN: %tilec -O0 --emit=mlir %s | %FileCheck %s --check-prefix=PLAIN

// PLAIN-NOT: loc(
// PLAIN-NOT: #loc
// PLAIN-NOT: #di_

// Aliases may be used before the definitions at the end of the file, and attribute parameters may
// come in any order; the printer spells them in NVIDIA's order.
#src = #cuda_tile.di_file<"saxpy.py" in "/work/kernels">
#unit = #cuda_tile.di_compile_unit<file = #src>
#fn = #cuda_tile.di_subprogram<name = "saxpy", linkageName = "saxpy", file = #src, line = 4, compileUnit = #unit, scopeLine = 5>
#body = #cuda_tile.di_lexical_block<scope = #fn, file = #src, line = 7, column = 3>

// CHECK-LABEL: cuda_tile.module @kernels {
// CHECK-NEXT:   entry @saxpy(%arg0: tile<ptr<f32>> loc([[A0:#loc[0-9]*]]), %arg1: tile<f32> loc([[A1:#loc[0-9]*]])) {
// CHECK-NEXT:     %0 = constant <f32: 2.000000e+00> : tile<f32> loc([[L_C:#loc[0-9]*]])
// CHECK-NEXT:     %1 = mulf %0, %arg1 : tile<f32> loc([[L_M:#loc[0-9]*]])
// CHECK-NEXT:     %2 = addf %1, %0 : tile<f32> loc([[L_CS:#loc[0-9]*]])
// CHECK-NEXT:     return loc([[A1]])
// CHECK-NEXT:   } loc([[L_F:#loc[0-9]*]])
// CHECK-NEXT: } loc([[A1]])
// CHECK-NEXT: #di_file = #cuda_tile.di_file<"saxpy.py" in "/work/kernels">
// CHECK-DAG: [[A0]] = loc("saxpy.py":4:12)
// CHECK-DAG: [[A1]] = loc(unknown)
// CHECK-DAG: #di_compile_unit = #cuda_tile.di_compile_unit<file = #di_file>
// CHECK-DAG: #di_subprogram = #cuda_tile.di_subprogram<file = #di_file, line = 4, name = "saxpy", linkageName = "saxpy", compileUnit = #di_compile_unit, scopeLine = 5>
// CHECK-DAG: #di_lexical_block = #cuda_tile.di_lexical_block<scope = #di_subprogram, file = #di_file, line = 7, column = 3>
// CHECK-DAG: [[L_F]] = #cuda_tile.di_loc<{{#loc[0-9]*}} in #di_subprogram>
// CHECK-DAG: [[L_C]] = #cuda_tile.di_loc<{{#loc[0-9]*}} in #di_lexical_block>
// CHECK-DAG: [[L_M]] = loc(fused<#di_subprogram>[{{#loc[0-9]*}}, {{#loc[0-9]*}}])
// CHECK-DAG: [[L_CS]] = loc(callsite({{#loc[0-9]*}} at {{#loc[0-9]*}}))
// CHECK-DAG: = loc("helper"({{#loc[0-9]*}}))
cuda_tile.module @kernels {
  entry @saxpy(%x: tile<ptr<f32>> loc("saxpy.py":4:12), %a: tile<f32> loc(unknown)) {
    %two = constant <f32: 2.0> : tile<f32> loc(#in_body)
    %m = mulf %two, %a : tile<f32> loc(fused<#fn>["saxpy.py":8:5, "saxpy.py":8:9])
    %s = addf %m, %two : tile<f32> loc(callsite("helper"("util.py":2:1) at #in_body))
    return loc(unknown)
  } loc(#cuda_tile.di_loc<loc("saxpy.py":4:1) in #fn>)
} loc(#unknown)

#pos = loc("saxpy.py":8:3)
#in_body = #cuda_tile.di_loc<#pos in #body>
#unknown = loc(unknown)
