// An alloca of more than 2^26 elements is beyond the interpreter's memory model: it is rejected by
// name (code generation compiles it: global memory from the device heap).
cuda_tile.module @unsupported {
  entry @unsupported(%p: tile<ptr<f32>>) {
    %buf = alloca num_elem = 134217728, alignment = 16 global : tile<ptr<f32>>
    return
  }
}
