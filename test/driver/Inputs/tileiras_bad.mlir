// A type error for the tileiras command-line test: addf on integers.
cuda_tile.module @bad {
  entry @k() {
    %c = constant <i32: 1> : tile<i32>
    %d = addf %c, %c : tile<i32>
    return
  }
}
