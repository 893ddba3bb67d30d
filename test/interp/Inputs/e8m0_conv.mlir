cuda_tile.module @m {
  entry @conv(%pin: tile<ptr<f32>>, %prz: tile<ptr<f8E8M0FNU>>, %prp: tile<ptr<f8E8M0FNU>>, %pback: tile<ptr<f32>>) {
    %c0 = constant <i32: 0> : tile<i32>
    %tin = make_tensor_view %pin, shape = [16], strides = [1] : tensor_view<16xf32, strides=[1]>
    %vin = make_partition_view %tin : partition_view<tile=(16), tensor_view<16xf32, strides=[1]>>
    %trz = make_tensor_view %prz, shape = [16], strides = [1] : tensor_view<16xf8E8M0FNU, strides=[1]>
    %vrz = make_partition_view %trz : partition_view<tile=(16), tensor_view<16xf8E8M0FNU, strides=[1]>>
    %trp = make_tensor_view %prp, shape = [16], strides = [1] : tensor_view<16xf8E8M0FNU, strides=[1]>
    %vrp = make_partition_view %trp : partition_view<tile=(16), tensor_view<16xf8E8M0FNU, strides=[1]>>
    %tb = make_tensor_view %pback, shape = [16], strides = [1] : tensor_view<16xf32, strides=[1]>
    %vb = make_partition_view %tb : partition_view<tile=(16), tensor_view<16xf32, strides=[1]>>
    %x, %t0 = load_view_tko weak %vin[%c0] : partition_view<tile=(16), tensor_view<16xf32, strides=[1]>>, tile<i32> -> tile<16xf32>, token
    %rz = ftof %x rounding<zero> : tile<16xf32> -> tile<16xf8E8M0FNU>
    %rp = ftof %x rounding<positive_inf> : tile<16xf32> -> tile<16xf8E8M0FNU>
    %t1 = store_view_tko weak %rz, %vrz[%c0] : tile<16xf8E8M0FNU>, partition_view<tile=(16), tensor_view<16xf8E8M0FNU, strides=[1]>>, tile<i32> -> token
    %t2 = store_view_tko weak %rp, %vrp[%c0] : tile<16xf8E8M0FNU>, partition_view<tile=(16), tensor_view<16xf8E8M0FNU, strides=[1]>>, tile<i32> -> token
    %l, %t3 = load_view_tko weak %vrp[%c0] token = %t2 : partition_view<tile=(16), tensor_view<16xf8E8M0FNU, strides=[1]>>, tile<i32> -> tile<16xf8E8M0FNU>, token
    %back = ftof %l : tile<16xf8E8M0FNU> -> tile<16xf32>
    %t4 = store_view_tko weak %back, %vb[%c0] : tile<16xf32>, partition_view<tile=(16), tensor_view<16xf32, strides=[1]>>, tile<i32> -> token
    return
  }
}
