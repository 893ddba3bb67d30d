// Symbol names that are not bare identifiers print quoted, with MLIR's escapes (\" \\ \XX), in the
// pretty form, and parse back to the same names: pretty -> pretty and generic -> pretty are fixed
// points (hardening: `entry @"a b"` printed as `entry @a b()`, a module named @"" as `@`).
// RUN: %tilec -O0 %s -o %t.1.mlir
// RUN: %FileCheck %s < %t.1.mlir
// RUN: %tilec -O0 %t.1.mlir -o %t.2.mlir
// RUN: cmp %t.1.mlir %t.2.mlir
// RUN: %tilec -O0 --mlir-print-op-generic %s | %tilec -O0 - -o %t.3.mlir
// RUN: cmp %t.1.mlir %t.3.mlir
// RUN: %tilec --emit=bytecode %s -o %t.bc
// RUN: %tilec -O0 %t.bc | %FileCheck %s --check-prefix=BC
// (bytecode names the module "kernels" and puts globals first, as NVIDIA's writer does)
// BC: global @"g-1"
// BC: entry @"a b"() {
// BC: entry @"q\"x\\y\E9"() {
// BC: entry @""() {
// RUN: not %tilec -O0 %S/Inputs/bad_symbol_escape.mlir 2>&1 | %FileCheck %s --check-prefix=ESCAPE
// ESCAPE: bad_symbol_escape.mlir:3:{{[0-9]+}}: error: invalid escape in a quoted symbol name

// CHECK: cuda_tile.module @"odd names" {
cuda_tile.module @"odd names" {
  // CHECK: global @"g-1" <f32: [1.000000e+00, 2.000000e+00]> : tile<2xf32>
  global @"g-1" <f32: [1.0, 2.0]> : tile<2xf32>
  // CHECK: entry @"a b"() {
  entry @"a b"() {
    return
  }
  // CHECK: entry @"q\"x\\y\E9"() {
  entry @"q\"x\\y\E9"() {
    return
  }
  // CHECK: entry @"1abc"() {
  entry @"1abc"() {
    return
  }
  // CHECK: entry @"%x"() {
  entry @"%x"() {
    return
  }
  // CHECK: entry @a.b$c() {
  entry @"a.b$c"() {
    return
  }
  // CHECK: entry @""() {
  entry @""() {
    return
  }
}
