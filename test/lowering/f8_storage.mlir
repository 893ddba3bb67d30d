// f8E4M3FN / f8E5M2 are storage types (one byte): besides ftof and select, constants (splat and
// dense: each element's bits, E4M3FN bias 7 with 3 mantissa bits and no infinity, E5M2 bias 15 with
// 2) and bit casts to and from i8 (the byte is the value) compile on both targets.
// RUN: %tilec -O3 --gpu-name=sm_90a %S/Inputs/f8_constants.mlir -o %t.90.ptx
// RUN: %FileCheck %s < %t.90.ptx
// RUN: %check-ptx sm_90a %t.90.ptx
// RUN: %tilec -O3 --gpu-name=sm_100a %S/Inputs/f8_constants.mlir -o %t.100.ptx
// RUN: %FileCheck %s < %t.100.ptx
// RUN: %check-ptx sm_100a %t.100.ptx
// E4M3FN 1.0 = 0x38, -2.0 = 0xc0, 448.0 = 0x7e (the largest), 2^-6 = 0x08 (the smallest normal):
// CHECK-DAG: mov.b16 [[A:%rs[0-9]+]], 56;
// CHECK-DAG: cvt.rn.f16x2.e4m3x2 {{%r[0-9]+}}, [[A]];
// CHECK-DAG: mov.b16 [[B:%rs[0-9]+]], 192;
// CHECK-DAG: cvt.rn.f16x2.e4m3x2 {{%r[0-9]+}}, [[B]];
// CHECK-DAG: mov.b16 [[C:%rs[0-9]+]], 126;
// CHECK-DAG: cvt.rn.f16x2.e4m3x2 {{%r[0-9]+}}, [[C]];
// CHECK-DAG: mov.b16 [[D:%rs[0-9]+]], 8;
// CHECK-DAG: cvt.rn.f16x2.e4m3x2 {{%r[0-9]+}}, [[D]];
// the i8 60 (0x3c) read as E5M2 is 1.0:
// CHECK-DAG: mov.b16 [[E:%rs[0-9]+]], 60;
// CHECK-DAG: cvt.rn.f16x2.e5m2x2 {{%r[0-9]+}}, [[E]];
// the E5M2 -1.5 stored as its byte 0xbe:
// CHECK-DAG: st.global.b8 [{{%rd[0-9]+}}], 190;
