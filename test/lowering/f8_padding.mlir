// View padding of the 8-bit floats is a value of the type, the same in compiled code and in the
// interpreter: e5m2 pads +-inf and NaN as they are (0x7C / 0xFC / 0x7F), -0 as 0x80; e4m3 has no
// infinity, so +-inf pads with NaN (0x7F / 0xFF); e8m0 has no zero, so zero pads with code 0
// (2^-127). (Was code 0 for every padding in compiled code, NaN / inf in the interpreter.)
// RUN: %tilec -O3 --gpu-name=sm_90a %s -o %t.ptx
// RUN: %FileCheck %s < %t.ptx
// RUN: %check-ptx sm_90a %t.ptx
// RUN: %tilec -O3 --gpu-name=sm_100a %s -o %t.100.ptx
// RUN: %check-ptx sm_100a %t.100.ptx
// RUN: %tilec-run --interpret %s --kernel e5m2 --grid 1 --arg ptr:f8E5M2:6:value=2 --arg ptr:f32:8:out --print-outputs=8 | %FileCheck %s --check-prefix=E5M2
// RUN: not %tilec-run --interpret %s --kernel e4m3 --grid 1 --arg ptr:f8E4M3FN:6:value=2 --arg ptr:f32:8:out --print-outputs=8 | %FileCheck %s --check-prefix=E4M3
// RUN: %tilec-run --interpret %s --kernel e8m0 --grid 1 --arg ptr:f8E8M0FNU:6:value=2 --arg ptr:f32:8:out --print-outputs=8 | %FileCheck %s --check-prefix=E8M0
// RUN: %tilec-run --interpret %s --kernel e5m2z --grid 1 --arg ptr:f8E5M2:6:value=2 --arg ptr:f32:8:out --print-outputs=8 | %FileCheck %s --check-prefix=NEGZ
// CHECK-LABEL: .entry e5m2(
// CHECK: mov.b16 {{.*}}, 124;
// CHECK-LABEL: .entry e4m3(
// CHECK: mov.b16 {{.*}}, 255;
// CHECK-LABEL: .entry e4m3n(
// CHECK: mov.b16 {{.*}}, 127;
// CHECK-LABEL: .entry e5m2z(
// CHECK: mov.b16 {{.*}}, 128;
// E5M2: output 1: 2 2 2 2 2 2 inf inf
// E4M3: output 1: 2 2 2 2 2 2 nan nan
// E8M0: output 1: 2 2 2 2 2 2 5.87747175e-39 5.87747175e-39
// NEGZ: output 1: 2 2 2 2 2 2 -0 -0
cuda_tile.module @m {
  entry @e5m2(%x: tile<ptr<f8E5M2>>, %y: tile<ptr<f32>>) {
    %v = make_tensor_view %x, shape = [6], strides = [1] : tensor_view<6xf8E5M2, strides=[1]>
    %p = make_partition_view %v : partition_view<tile=(8), padding_value = pos_inf, tensor_view<6xf8E5M2, strides=[1]>>
    %w = make_tensor_view %y, shape = [8], strides = [1] : tensor_view<8xf32, strides=[1]>
    %q = make_partition_view %w : partition_view<tile=(8), tensor_view<8xf32, strides=[1]>>
    %c0 = constant <i32: 0> : tile<i32>
    %t, %k = load_view_tko weak %p[%c0] : partition_view<tile=(8), padding_value = pos_inf, tensor_view<6xf8E5M2, strides=[1]>>, tile<i32> -> tile<8xf8E5M2>, token
    %f = ftof %t : tile<8xf8E5M2> -> tile<8xf32>
    %s = store_view_tko weak %f, %q[%c0] : tile<8xf32>, partition_view<tile=(8), tensor_view<8xf32, strides=[1]>>, tile<i32> -> token
    return
  }
  entry @e4m3(%x: tile<ptr<f8E4M3FN>>, %y: tile<ptr<f32>>) {
    %v = make_tensor_view %x, shape = [6], strides = [1] : tensor_view<6xf8E4M3FN, strides=[1]>
    %p = make_partition_view %v : partition_view<tile=(8), padding_value = neg_inf, tensor_view<6xf8E4M3FN, strides=[1]>>
    %w = make_tensor_view %y, shape = [8], strides = [1] : tensor_view<8xf32, strides=[1]>
    %q = make_partition_view %w : partition_view<tile=(8), tensor_view<8xf32, strides=[1]>>
    %c0 = constant <i32: 0> : tile<i32>
    %t, %k = load_view_tko weak %p[%c0] : partition_view<tile=(8), padding_value = neg_inf, tensor_view<6xf8E4M3FN, strides=[1]>>, tile<i32> -> tile<8xf8E4M3FN>, token
    %f = ftof %t : tile<8xf8E4M3FN> -> tile<8xf32>
    %s = store_view_tko weak %f, %q[%c0] : tile<8xf32>, partition_view<tile=(8), tensor_view<8xf32, strides=[1]>>, tile<i32> -> token
    return
  }
  entry @e4m3n(%x: tile<ptr<f8E4M3FN>>, %y: tile<ptr<f32>>) {
    %v = make_tensor_view %x, shape = [6], strides = [1] : tensor_view<6xf8E4M3FN, strides=[1]>
    %p = make_partition_view %v : partition_view<tile=(8), padding_value = nan, tensor_view<6xf8E4M3FN, strides=[1]>>
    %w = make_tensor_view %y, shape = [8], strides = [1] : tensor_view<8xf32, strides=[1]>
    %q = make_partition_view %w : partition_view<tile=(8), tensor_view<8xf32, strides=[1]>>
    %c0 = constant <i32: 0> : tile<i32>
    %t, %k = load_view_tko weak %p[%c0] : partition_view<tile=(8), padding_value = nan, tensor_view<6xf8E4M3FN, strides=[1]>>, tile<i32> -> tile<8xf8E4M3FN>, token
    %f = ftof %t : tile<8xf8E4M3FN> -> tile<8xf32>
    %s = store_view_tko weak %f, %q[%c0] : tile<8xf32>, partition_view<tile=(8), tensor_view<8xf32, strides=[1]>>, tile<i32> -> token
    return
  }
  entry @e8m0(%x: tile<ptr<f8E8M0FNU>>, %y: tile<ptr<f32>>) {
    %v = make_tensor_view %x, shape = [6], strides = [1] : tensor_view<6xf8E8M0FNU, strides=[1]>
    %p = make_partition_view %v : partition_view<tile=(8), padding_value = zero, tensor_view<6xf8E8M0FNU, strides=[1]>>
    %w = make_tensor_view %y, shape = [8], strides = [1] : tensor_view<8xf32, strides=[1]>
    %q = make_partition_view %w : partition_view<tile=(8), tensor_view<8xf32, strides=[1]>>
    %c0 = constant <i32: 0> : tile<i32>
    %t, %k = load_view_tko weak %p[%c0] : partition_view<tile=(8), padding_value = zero, tensor_view<6xf8E8M0FNU, strides=[1]>>, tile<i32> -> tile<8xf8E8M0FNU>, token
    %f = ftof %t : tile<8xf8E8M0FNU> -> tile<8xf32>
    %s = store_view_tko weak %f, %q[%c0] : tile<8xf32>, partition_view<tile=(8), tensor_view<8xf32, strides=[1]>>, tile<i32> -> token
    return
  }
  entry @e5m2z(%x: tile<ptr<f8E5M2>>, %y: tile<ptr<f32>>) {
    %v = make_tensor_view %x, shape = [6], strides = [1] : tensor_view<6xf8E5M2, strides=[1]>
    %p = make_partition_view %v : partition_view<tile=(8), padding_value = neg_zero, tensor_view<6xf8E5M2, strides=[1]>>
    %w = make_tensor_view %y, shape = [8], strides = [1] : tensor_view<8xf32, strides=[1]>
    %q = make_partition_view %w : partition_view<tile=(8), tensor_view<8xf32, strides=[1]>>
    %c0 = constant <i32: 0> : tile<i32>
    %t, %k = load_view_tko weak %p[%c0] : partition_view<tile=(8), padding_value = neg_zero, tensor_view<6xf8E5M2, strides=[1]>>, tile<i32> -> tile<8xf8E5M2>, token
    %f = ftof %t : tile<8xf8E5M2> -> tile<8xf32>
    %s = store_view_tko weak %f, %q[%c0] : tile<8xf32>, partition_view<tile=(8), tensor_view<8xf32, strides=[1]>>, tile<i32> -> token
    return
  }
}
