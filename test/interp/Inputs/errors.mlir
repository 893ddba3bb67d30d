// Kernels that must fail in the interpreter with a clear, located message.
cuda_tile.module @errors {
  // An endless loop: stopped by the operation budget (--max-ops).
  entry @spin(%out: tile<ptr<f32>>) {
    %c0 = constant <i32: 0> : tile<i32>
    %r = loop iter_values(%k = %c0) : tile<i32> -> tile<i32> {
      continue %k : tile<i32>
    }
    return
  }
  // A misaligned f32 load: the pointer is advanced by 2 bytes through an i8 pointer.
  entry @misaligned(%p: tile<ptr<f32>>) {
    %b = ptr_to_ptr %p : tile<ptr<f32>> -> tile<ptr<i8>>
    %two = constant <i32: 2> : tile<i32>
    %b2 = offset %b, %two : tile<ptr<i8>>, tile<i32> -> tile<ptr<i8>>
    %f = ptr_to_ptr %b2 : tile<ptr<i8>> -> tile<ptr<f32>>
    %v, %t = load_ptr_tko weak %f : tile<ptr<f32>> -> tile<f32>, token
    return
  }
  // A division by zero in element [1, 0].
  entry @divzero(%p: tile<ptr<i32>>) {
    %a = constant <i32: 7> : tile<2x2xi32>
    %b = constant <i32: [[1, 2], [0, 4]]> : tile<2x2xi32>
    %q = divi %a, %b unsigned : tile<2x2xi32>
    return
  }
  // An assert with a false element.
  entry @asserts(%p: tile<ptr<i32>>) {
    %c = constant <i1: [true, true, false, true]> : tile<4xi1>
    assert %c, "lane must be set" : tile<4xi1>
    return
  }
}
