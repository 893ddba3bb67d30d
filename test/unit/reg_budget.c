/* reg_budget: the pure parts of the register budget (lib/nvvm/reg_budget.c):
 *  - the budget per thread count (7/8 of min(255, 65536 / threads));
 *  - a tile's registers per thread (ceil(elements / threads) x 32-bit words per element) agree
 *    with the number of registers of the layouts the code generator gives it (blocked and mma
 *    accumulator), so the estimate is the layout's cost;
 *  - CT_LAYOUT_MAX_REG_BITS refuses layouts above 256 registers per thread. */
#include <stdio.h>

#include "tileas/reg_layout.h"
#include "nvvm/lower_internal.h"

#include "unit_check.h"

int main(void) {
  CHECK(ct_reg_budget_words(32) == 223 && ct_reg_budget_words(128) == 223 && ct_reg_budget_words(256) == 223,
        "223 up to 256 threads (255 * 7 / 8)");
  CHECK(ct_reg_budget_words(512) == 112, "512 threads: 128 * 7 / 8, got %lld", (long long)ct_reg_budget_words(512));
  CHECK(ct_reg_budget_words(1024) == 56, "1024 threads: 64 * 7 / 8, got %lld", (long long)ct_reg_budget_words(1024));

  int64_t big[2] = {2048, 2048}, h[2] = {128, 128}, v[1] = {64}, p[1] = {1024}, b[1] = {4096};
  ct_type t = ct_tile_type(CT_F32, 2, big);
  CHECK(ct_tile_regs_per_thread(&t, 128) == 32768, "2048x2048 f32 at 128 threads");
  t = ct_tile_type(CT_F16, 2, h);
  CHECK(ct_tile_regs_per_thread(&t, 128) == 64, "f16 pairs share a 32-bit register (ptxas packs them)");
  t = ct_tile_type(CT_F64, 1, v);
  CHECK(ct_tile_regs_per_thread(&t, 128) == 2, "64 f64 over 128 threads: one element (replicated), two words");
  t = ct_tile_type(CT_F32, 0, NULL);
  CHECK(ct_tile_regs_per_thread(&t, 128) == 1, "a scalar is one register");
  t = ct_ptr_tile_type(CT_F32, 1, p);
  CHECK(ct_tile_regs_per_thread(&t, 128) == 16, "pointers are two words");
  t = ct_tile_type(CT_I1, 1, b);
  CHECK(ct_tile_regs_per_thread(&t, 128) == 32, "i1 counts a whole register");
  ct_type tok = ct_token_type();
  CHECK(ct_tile_regs_per_thread(&tok, 128) == 0, "not a tile");

  /* the estimate is the layouts' register count */
  int64_t shapes[][2] = {{16, 1024}, {128, 128}, {64, 64}, {4, 1024}, {128, 256}, {32, 8}};
  int warps[] = {1, 4, 8, 32};
  for (size_t i = 0; i < sizeof shapes / sizeof shapes[0]; i++)
    for (size_t w = 0; w < sizeof warps / sizeof warps[0]; w++) {
      ct_type ft = ct_tile_type(CT_F32, 2, shapes[i]);
      int64_t est = ct_tile_regs_per_thread(&ft, 32 * warps[w]);
      ct_layout l;
      bool ok = ct_layout_blocked(&l, 2, shapes[i], warps[w]);
      CHECK(ok == (est <= (1 << CT_LAYOUT_MAX_REG_BITS)), "blocked %lldx%lld at %d warps: built=%d est=%lld",
            (long long)shapes[i][0], (long long)shapes[i][1], warps[w], ok, (long long)est);
      if (ok) CHECK(ct_layout_num_regs(&l) == est, "blocked %lldx%lld at %d warps: %d registers, estimate %lld",
                    (long long)shapes[i][0], (long long)shapes[i][1], warps[w], ct_layout_num_regs(&l), (long long)est);
      if (ct_layout_mma_acc(&l, shapes[i][0], shapes[i][1], warps[w]))
        CHECK(ct_layout_num_regs(&l) == est, "mma acc %lldx%lld at %d warps: %d registers, estimate %lld",
              (long long)shapes[i][0], (long long)shapes[i][1], warps[w], ct_layout_num_regs(&l), (long long)est);
    }
  int64_t wide[2] = {128, 256}, wider[2] = {256, 256};
  ct_layout l;
  CHECK(ct_layout_blocked(&l, 2, wide, 4) && ct_layout_num_regs(&l) == 256, "256 registers per thread still build");
  CHECK(!ct_layout_blocked(&l, 2, wider, 4), "512 registers per thread do not");
  CHECK(!ct_layout_blocked(&l, 2, big, 4), "2048x2048 at 4 warps does not");
  if (failures) fprintf(stderr, "%d failure(s)\n", failures);
  return failures != 0;
}
