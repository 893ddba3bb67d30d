// Tickets: each tile block takes a ticket from a counter (a rank-0 atomic whose old value is used:
// one thread adds, every thread gets the value) and records it at out[block]; then each of 8 slots
// gets an atomic max with the ticket (an 8-element pointer tile, fewer elements than threads, so
// replicated across lanes), whose old values go to prev[block * 8 + i].
cuda_tile.module @atomics {
  entry @ticket(%counter: tile<ptr<i32>>, %out: tile<ptr<i32>>, %slots: tile<ptr<i32>>, %prev: tile<ptr<i32>>) {
    %one = constant <i32: 1> : tile<i32>
    %old, %t = atomic_rmw_tko relaxed device %counter, add, %one : tile<ptr<i32>>, tile<i32> -> tile<i32>, token
    %bx, %by, %bz = get_tile_block_id : tile<i32>
    %dst = offset %out, %bx : tile<ptr<i32>>, tile<i32> -> tile<ptr<i32>>
    %t2 = store_ptr_tko weak %dst, %old : tile<ptr<i32>>, tile<i32> -> token
    %i8 = iota : tile<8xi32>
    %s1 = reshape %slots : tile<ptr<i32>> -> tile<1xptr<i32>>
    %sb = broadcast %s1 : tile<1xptr<i32>> -> tile<8xptr<i32>>
    %sp = offset %sb, %i8 : tile<8xptr<i32>>, tile<8xi32> -> tile<8xptr<i32>>
    %o1 = reshape %old : tile<i32> -> tile<1xi32>
    %ob = broadcast %o1 : tile<1xi32> -> tile<8xi32>
    %pv, %t3 = atomic_rmw_tko relaxed device %sp, max, %ob : tile<8xptr<i32>>, tile<8xi32> -> tile<8xi32>, token
    %c8 = constant <i32: 8> : tile<i32>
    %base = muli %bx, %c8 : tile<i32>
    %p0 = offset %prev, %base : tile<ptr<i32>>, tile<i32> -> tile<ptr<i32>>
    %p1 = reshape %p0 : tile<ptr<i32>> -> tile<1xptr<i32>>
    %pb = broadcast %p1 : tile<1xptr<i32>> -> tile<8xptr<i32>>
    %pp = offset %pb, %i8 : tile<8xptr<i32>>, tile<8xi32> -> tile<8xptr<i32>>
    %t4 = store_ptr_tko weak %pp, %pv : tile<8xptr<i32>>, tile<8xi32> -> token
    return
  }
}
