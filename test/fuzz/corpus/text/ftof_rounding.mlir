// ftof with 13.4's rounding modes (rules: test/verifier/conversion.mlir). A conversion that rounds
// does it in the op's mode: f64 -> f32 toward zero / down / up (cvt.rz/rm/rp.f32.f64), toward zero
// to f16 / bf16 / tf32 (from f64: toward zero to f32 first, which composes), f32 -> tf32 to nearest
// with ties away (cvt.rna.tf32.f32); a widening conversion (here f16 -> f32 down) is exact whatever
// the mode. The interpreter rounds each exactly: toward zero saturates at the largest finite value
// (70000.5 -> 65504 in f16), down takes -1e300 to -inf and up takes 1e300 to +inf in f32.
// RUN: %tilec -O3 --gpu-name=sm_90a %s -o %t.ptx
// RUN: %FileCheck %s < %t.ptx
// RUN: %check-ptx sm_90a %t.ptx
// RUN: %tilec -O3 --gpu-name=sm_100a %s -o %t.100.ptx
// RUN: %check-ptx sm_100a %t.100.ptx
// RUN: %tilec-run --interpret %s --grid 1 --arg ptr:f64:8:list=0.1,-0.1,1e300,-1e300,70000.5,3.0000001,-2.00048828125,1e-9 --arg ptr:f32:8:out --arg ptr:f32:8:out --arg ptr:f32:8:out --arg ptr:f16:8:out --arg ptr:tf32:8:out --arg ptr:tf32:8:out --arg ptr:bf16:8:out --arg ptr:f16:8:out --arg ptr:f32:8:out --print-outputs=8 | %FileCheck %s --check-prefix=RUNOUT
// RUN: not %tilec --emit=bytecode --bytecode-version=13.3 %s -o /dev/null 2>&1 | %FileCheck %s --check-prefix=V133
// CHECK-DAG: cvt.rz.f32.f64
// CHECK-DAG: cvt.rm.f32.f64
// CHECK-DAG: cvt.rp.f32.f64
// CHECK-DAG: cvt.rna.tf32.f32
// CHECK-DAG: cvt.rz.tf32.f32
// CHECK-DAG: cvt.rz.bf16.f32
// CHECK-DAG: cvt.rz.f16.f32
// RUNOUT: output 1: 0.099999994 -0.099999994 3.40282347e+38 -3.40282347e+38 70000.5 3 -2.00048828 9.99999972e-10
// RUNOUT: output 2: 0.099999994 -0.100000001 3.40282347e+38 -inf 70000.5 3 -2.00048828 9.99999972e-10
// RUNOUT: output 3: 0.100000001 -0.099999994 inf -3.40282347e+38 70000.5 3.00000024 -2.00048828 1.00000008e-09
// RUNOUT: output 4: 0.0999755859 -0.0999755859 65504 -65504 65504 3 -2 0
// RUNOUT: output 5: 0.0999755859 -0.0999755859 inf -inf 70016 3 -2 1.00044417e-09
// RUNOUT: output 6: 0.0999755859 -0.0999755859 inf -inf 69952 3 -2 9.99534677e-10
// RUNOUT: output 7: 0.099609375 -0.099609375 inf -inf 69632 3 -2 9.96806193e-10
// RUNOUT: output 8: 0.100097656 -0.100097656 inf -inf 65504 3 -2 0
// RUNOUT: output 9: 0.0999755859 -0.0999755859 inf -inf inf 3 -2 0
// V133: ftof_rounding.mlir:{{[0-9]+}}:5: error: ftof with rounding<zero> requires bytecode version 13.4+, targeting 13.3
cuda_tile.module @m {
  entry @round(%x: tile<ptr<f64>>, %a: tile<ptr<f32>>, %b: tile<ptr<f32>>, %c: tile<ptr<f32>>, %d: tile<ptr<f16>>, %e: tile<ptr<tf32>>, %f: tile<ptr<tf32>>, %g: tile<ptr<bf16>>, %h: tile<ptr<f16>>, %w: tile<ptr<f32>>) {
    %c0 = constant <i32: 0> : tile<i32>
    %vx = make_tensor_view %x, shape = [8], strides = [1] : tensor_view<8xf64, strides=[1]>
    %px = make_partition_view %vx : partition_view<tile=(8), tensor_view<8xf64, strides=[1]>>
    %xd, %t0 = load_view_tko weak %px[%c0] : partition_view<tile=(8), tensor_view<8xf64, strides=[1]>>, tile<i32> -> tile<8xf64>, token
    %xf = ftof %xd : tile<8xf64> -> tile<8xf32>
    %xb = ftof %xf : tile<8xf32> -> tile<8xbf16>
    %xh = ftof %xf : tile<8xf32> -> tile<8xf16>
    %va = make_tensor_view %a, shape = [8], strides = [1] : tensor_view<8xf32, strides=[1]>
    %pa = make_partition_view %va : partition_view<tile=(8), tensor_view<8xf32, strides=[1]>>
    %ra = ftof %xd rounding<zero> : tile<8xf64> -> tile<8xf32>
    %sa = store_view_tko weak %ra, %pa[%c0] : tile<8xf32>, partition_view<tile=(8), tensor_view<8xf32, strides=[1]>>, tile<i32> -> token
    %vb = make_tensor_view %b, shape = [8], strides = [1] : tensor_view<8xf32, strides=[1]>
    %pb = make_partition_view %vb : partition_view<tile=(8), tensor_view<8xf32, strides=[1]>>
    %rb = ftof %xd rounding<negative_inf> : tile<8xf64> -> tile<8xf32>
    %sb = store_view_tko weak %rb, %pb[%c0] : tile<8xf32>, partition_view<tile=(8), tensor_view<8xf32, strides=[1]>>, tile<i32> -> token
    %vc = make_tensor_view %c, shape = [8], strides = [1] : tensor_view<8xf32, strides=[1]>
    %pc = make_partition_view %vc : partition_view<tile=(8), tensor_view<8xf32, strides=[1]>>
    %rc = ftof %xd rounding<positive_inf> : tile<8xf64> -> tile<8xf32>
    %sc = store_view_tko weak %rc, %pc[%c0] : tile<8xf32>, partition_view<tile=(8), tensor_view<8xf32, strides=[1]>>, tile<i32> -> token
    %vd = make_tensor_view %d, shape = [8], strides = [1] : tensor_view<8xf16, strides=[1]>
    %pd = make_partition_view %vd : partition_view<tile=(8), tensor_view<8xf16, strides=[1]>>
    %rd = ftof %xd rounding<zero> : tile<8xf64> -> tile<8xf16>
    %sd = store_view_tko weak %rd, %pd[%c0] : tile<8xf16>, partition_view<tile=(8), tensor_view<8xf16, strides=[1]>>, tile<i32> -> token
    %ve = make_tensor_view %e, shape = [8], strides = [1] : tensor_view<8xtf32, strides=[1]>
    %pe = make_partition_view %ve : partition_view<tile=(8), tensor_view<8xtf32, strides=[1]>>
    %re = ftof %xf rounding<nearest_away> : tile<8xf32> -> tile<8xtf32>
    %se = store_view_tko weak %re, %pe[%c0] : tile<8xtf32>, partition_view<tile=(8), tensor_view<8xtf32, strides=[1]>>, tile<i32> -> token
    %vf = make_tensor_view %f, shape = [8], strides = [1] : tensor_view<8xtf32, strides=[1]>
    %pf = make_partition_view %vf : partition_view<tile=(8), tensor_view<8xtf32, strides=[1]>>
    %rf = ftof %xf rounding<zero> : tile<8xf32> -> tile<8xtf32>
    %sf = store_view_tko weak %rf, %pf[%c0] : tile<8xtf32>, partition_view<tile=(8), tensor_view<8xtf32, strides=[1]>>, tile<i32> -> token
    %vg = make_tensor_view %g, shape = [8], strides = [1] : tensor_view<8xbf16, strides=[1]>
    %pg = make_partition_view %vg : partition_view<tile=(8), tensor_view<8xbf16, strides=[1]>>
    %rg = ftof %xf rounding<zero> : tile<8xf32> -> tile<8xbf16>
    %sg = store_view_tko weak %rg, %pg[%c0] : tile<8xbf16>, partition_view<tile=(8), tensor_view<8xbf16, strides=[1]>>, tile<i32> -> token
    %vh = make_tensor_view %h, shape = [8], strides = [1] : tensor_view<8xf16, strides=[1]>
    %ph = make_partition_view %vh : partition_view<tile=(8), tensor_view<8xf16, strides=[1]>>
    %rh = ftof %xb rounding<zero> : tile<8xbf16> -> tile<8xf16>
    %sh = store_view_tko weak %rh, %ph[%c0] : tile<8xf16>, partition_view<tile=(8), tensor_view<8xf16, strides=[1]>>, tile<i32> -> token
    %vw = make_tensor_view %w, shape = [8], strides = [1] : tensor_view<8xf32, strides=[1]>
    %pw = make_partition_view %vw : partition_view<tile=(8), tensor_view<8xf32, strides=[1]>>
    %rw = ftof %xh rounding<negative_inf> : tile<8xf16> -> tile<8xf32>
    %sw = store_view_tko weak %rw, %pw[%c0] : tile<8xf32>, partition_view<tile=(8), tensor_view<8xf32, strides=[1]>>, tile<i32> -> token
    return
  }
}
