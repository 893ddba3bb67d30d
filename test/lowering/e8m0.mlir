// f8E8M0FNU, the MX scale type (one byte, code c = 2^(c - 127), 0xFF NaN), is a storage type:
// loads, stores, constants and ftof to and from every float type compile on both targets. ftof to
// it rounds |x| to a power of two by rounding<zero> (down) or rounding<positive_inf> (up), clamped
// to [2^-127, 2^127] (infinities too), NaN to 0xFF; from it, exactly. The conversions are integer
// code on the float's bits, so LLVM folds them on constants: the stored bytes below are the
// compiled conversion's own results, and they equal the interpreter's
// (test/interp/storage_types.test, the same values).
// RUN: %tilec -O3 --gpu-name=sm_90a %s -o %t.90.ptx
// RUN: %FileCheck %s < %t.90.ptx
// RUN: %check-ptx sm_90a %t.90.ptx
// RUN: %tilec -O3 --gpu-name=sm_100a %s -o %t.100.ptx
// RUN: %FileCheck %s < %t.100.ptx
// RUN: %check-ptx sm_100a %t.100.ptx
// CHECK-LABEL: .entry fold_f32(
// rounding<zero> of 1.0, 1.5, -3.0, 0.0, 2^-127, 1e-39, 7e-39, +inf, -inf, 3.4e38, 2^127, 0.75,
// 1e-45, 4.0, 4.000001, 65536.0:
// CHECK-DAG: st.global.b8 [[[Z:%rd[0-9]+]]], 127;
// CHECK-DAG: st.global.b8 [[[Z]]+1], 127;
// CHECK-DAG: st.global.b8 [[[Z]]+2], 128;
// CHECK-DAG: st.global.b8 [[[Z]]+3], 0;
// CHECK-DAG: st.global.b8 [[[Z]]+4], 0;
// CHECK-DAG: st.global.b8 [[[Z]]+5], 0;
// CHECK-DAG: st.global.b8 [[[Z]]+6], 0;
// CHECK-DAG: st.global.b8 [[[Z]]+7], 254;
// CHECK-DAG: st.global.b8 [[[Z]]+8], 254;
// CHECK-DAG: st.global.b8 [[[Z]]+9], 254;
// CHECK-DAG: st.global.b8 [[[Z]]+10], 254;
// CHECK-DAG: st.global.b8 [[[Z]]+11], 126;
// CHECK-DAG: st.global.b8 [[[Z]]+12], 0;
// CHECK-DAG: st.global.b8 [[[Z]]+13], 129;
// CHECK-DAG: st.global.b8 [[[Z]]+14], 129;
// CHECK-DAG: st.global.b8 [[[Z]]+15], 143;
// rounding<positive_inf> of the same:
// CHECK-DAG: st.global.b8 [[[P:%rd[0-9]+]]], 127;
// CHECK-DAG: st.global.b8 [[[P]]+1], 128;
// CHECK-DAG: st.global.b8 [[[P]]+2], 129;
// CHECK-DAG: st.global.b8 [[[P]]+3], 0;
// CHECK-DAG: st.global.b8 [[[P]]+4], 0;
// CHECK-DAG: st.global.b8 [[[P]]+5], 0;
// CHECK-DAG: st.global.b8 [[[P]]+6], 1;
// CHECK-DAG: st.global.b8 [[[P]]+7], 254;
// CHECK-DAG: st.global.b8 [[[P]]+8], 254;
// CHECK-DAG: st.global.b8 [[[P]]+9], 254;
// CHECK-DAG: st.global.b8 [[[P]]+10], 254;
// CHECK-DAG: st.global.b8 [[[P]]+11], 127;
// CHECK-DAG: st.global.b8 [[[P]]+12], 0;
// CHECK-DAG: st.global.b8 [[[P]]+13], 129;
// CHECK-DAG: st.global.b8 [[[P]]+14], 130;
// CHECK-DAG: st.global.b8 [[[P]]+15], 143;
// CHECK-LABEL: .entry fold_f64(
// f64 sources from their own bits: 2^-127 (1 + 2^-40) and 8 (1 + 2^-40) are above a power of two
// by less than an f32 ulp, positive_inf still goes up; 1e-300 and 1e300 clamp.
// rounding<zero>: 1e-300, 2^-127 (1 + 2^-40), 8 (1 + 2^-40), 1e300
// CHECK-DAG: st.global.b8 [[[Z:%rd[0-9]+]]], 0;
// CHECK-DAG: st.global.b8 [[[Z]]+1], 0;
// CHECK-DAG: st.global.b8 [[[Z]]+2], 130;
// CHECK-DAG: st.global.b8 [[[Z]]+3], 254;
// rounding<positive_inf>:
// CHECK-DAG: st.global.b8 [[[P:%rd[0-9]+]]], 0;
// CHECK-DAG: st.global.b8 [[[P]]+1], 1;
// CHECK-DAG: st.global.b8 [[[P]]+2], 131;
// CHECK-DAG: st.global.b8 [[[P]]+3], 254;
// CHECK-LABEL: .entry widen(
// e8m0 constants 2^-127 (code 0: the f32 subnormal 0x00400000), 1.0, 2^127, and a NaN byte read
// through bitcast, to f32 and bf16 (0x0040, 0x3f80, 0x7f00, NaN 0x7fc0):
// CHECK-DAG: st.global.b32 [{{%rd[0-9]+}}], 4194304;
// CHECK-DAG: st.global.b32 [{{%rd[0-9]+}}+4], 1065353216;
// CHECK-DAG: st.global.b32 [{{%rd[0-9]+}}+8], 2130706432;
// CHECK-DAG: st.global.b32 [{{%rd[0-9]+}}+12], 2143289344;
// CHECK-DAG: st.global.b16 [{{%rd[0-9]+}}], 64;
// CHECK-DAG: st.global.b16 [{{%rd[0-9]+}}+2], 16256;
// CHECK-DAG: st.global.b16 [{{%rd[0-9]+}}+4], 32512;
// CHECK-DAG: st.global.b16 [{{%rd[0-9]+}}+6], 32704;
cuda_tile.module @m {
  entry @fold_f32(%prz: tile<ptr<f8E8M0FNU>>, %prp: tile<ptr<f8E8M0FNU>>) {
    %c0 = constant <i32: 0> : tile<i32>
    %trz = make_tensor_view %prz, shape = [16], strides = [1] : tensor_view<16xf8E8M0FNU, strides=[1]>
    %vrz = make_partition_view %trz : partition_view<tile=(16), tensor_view<16xf8E8M0FNU, strides=[1]>>
    %trp = make_tensor_view %prp, shape = [16], strides = [1] : tensor_view<16xf8E8M0FNU, strides=[1]>
    %vrp = make_partition_view %trp : partition_view<tile=(16), tensor_view<16xf8E8M0FNU, strides=[1]>>
    %x = constant <f32: [1.0, 1.5, -3.0, 0.0, 5.877471754111438e-39, 1.0e-39, 7.0e-39, 0x7F800000, 0xFF800000, 3.4e38, 1.7014118346046923e38, 0.75, 1.0e-45, 4.0, 4.000001, 65536.0]> : tile<16xf32>
    %rz = ftof %x rounding<zero> : tile<16xf32> -> tile<16xf8E8M0FNU>
    %rp = ftof %x rounding<positive_inf> : tile<16xf32> -> tile<16xf8E8M0FNU>
    %t1 = store_view_tko weak %rz, %vrz[%c0] : tile<16xf8E8M0FNU>, partition_view<tile=(16), tensor_view<16xf8E8M0FNU, strides=[1]>>, tile<i32> -> token
    %t2 = store_view_tko weak %rp, %vrp[%c0] : tile<16xf8E8M0FNU>, partition_view<tile=(16), tensor_view<16xf8E8M0FNU, strides=[1]>>, tile<i32> -> token
    return
  }
  entry @fold_f64(%prz: tile<ptr<f8E8M0FNU>>, %prp: tile<ptr<f8E8M0FNU>>) {
    %c0 = constant <i32: 0> : tile<i32>
    %trz = make_tensor_view %prz, shape = [4], strides = [1] : tensor_view<4xf8E8M0FNU, strides=[1]>
    %vrz = make_partition_view %trz : partition_view<tile=(4), tensor_view<4xf8E8M0FNU, strides=[1]>>
    %trp = make_tensor_view %prp, shape = [4], strides = [1] : tensor_view<4xf8E8M0FNU, strides=[1]>
    %vrp = make_partition_view %trp : partition_view<tile=(4), tensor_view<4xf8E8M0FNU, strides=[1]>>
    %x = constant <f64: [1.0e-300, 5.877471754116783e-39, 8.000000000007276, 1.0e300]> : tile<4xf64>
    %rz = ftof %x rounding<zero> : tile<4xf64> -> tile<4xf8E8M0FNU>
    %rp = ftof %x rounding<positive_inf> : tile<4xf64> -> tile<4xf8E8M0FNU>
    %t1 = store_view_tko weak %rz, %vrz[%c0] : tile<4xf8E8M0FNU>, partition_view<tile=(4), tensor_view<4xf8E8M0FNU, strides=[1]>>, tile<i32> -> token
    %t2 = store_view_tko weak %rp, %vrp[%c0] : tile<4xf8E8M0FNU>, partition_view<tile=(4), tensor_view<4xf8E8M0FNU, strides=[1]>>, tile<i32> -> token
    return
  }
  entry @widen(%pf: tile<ptr<f32>>, %pb: tile<ptr<bf16>>) {
    %c0 = constant <i32: 0> : tile<i32>
    %tf = make_tensor_view %pf, shape = [4], strides = [1] : tensor_view<4xf32, strides=[1]>
    %vf = make_partition_view %tf : partition_view<tile=(4), tensor_view<4xf32, strides=[1]>>
    %tb = make_tensor_view %pb, shape = [4], strides = [1] : tensor_view<4xbf16, strides=[1]>
    %vb = make_partition_view %tb : partition_view<tile=(4), tensor_view<4xbf16, strides=[1]>>
    %bytes = constant <i8: [0, 127, -2, -1]> : tile<4xi8>
    %s = bitcast %bytes : tile<4xi8> -> tile<4xf8E8M0FNU>
    %f = ftof %s : tile<4xf8E8M0FNU> -> tile<4xf32>
    %b = ftof %s : tile<4xf8E8M0FNU> -> tile<4xbf16>
    %t1 = store_view_tko weak %f, %vf[%c0] : tile<4xf32>, partition_view<tile=(4), tensor_view<4xf32, strides=[1]>>, tile<i32> -> token
    %t2 = store_view_tko weak %b, %vb[%c0] : tile<4xbf16>, partition_view<tile=(4), tensor_view<4xbf16, strides=[1]>>, tile<i32> -> token
    return
  }
}
