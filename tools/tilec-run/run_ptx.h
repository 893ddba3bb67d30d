/* run_ptx.h - scans PTX text for what a launcher needs: entry names, parameter sizes,
 * .reqntid / .maxntid (block size), .reqnctapercluster (fixed cluster shape), the .target,
 * whether dynamic shared memory (.extern .shared) is declared, and the
 * `// tilec.dynamic_smem_bytes <name> <bytes>`, `// tilec.tensormap <name> param=..` and
 * `// tilec.pipeline <name> stages=..` comments of docs/abi.md ("Tensor maps").
 * Algorithm: one pass over the text; comments are skipped except the tilec one; an entry is the
 * token `.entry` followed by a name, a parenthesised `.param` list and directives up to `{`.
 * Knobs: none. */
#ifndef TILEC_RUN_PTX_H
#define TILEC_RUN_PTX_H

#include <stddef.h>
#include <stdint.h>

#include "run_tmap.h"

/* One entry of `dims` / `strides_bytes`: the number `value` (`N`), or the value of kernel
 * parameter `arg` (a scalar i32/i64) times `scale` (`@arg`, scale 1, or `@arg*scale`), resolved
 * from the argument the launcher passes (docs/abi.md "Tensor maps"). */
typedef struct {
  uint64_t value;          /* the constant; unused when arg >= 0 */
  int arg;                 /* kernel parameter index, or -1 for a constant */
  uint64_t scale;          /* multiplier of the parameter's value (>= 1); unused when arg < 0 */
} run_ptx_extent;

/* One `// tilec.tensormap` line: a CUtensorMap parameter the launcher builds itself. */
typedef struct {
  unsigned param;          /* kernel parameter index of the 128-byte map */
  unsigned base_arg;       /* kernel parameter holding the tensor's device pointer */
  run_dtype dtype;
  unsigned rank;
  run_ptx_extent dims[RUN_TMAP_MAX_RANK];              /* innermost first */
  run_ptx_extent strides_bytes[RUN_TMAP_MAX_RANK - 1]; /* dims 1..rank-1 */
  uint32_t box[RUN_TMAP_MAX_RANK];               /* innermost first */
  int swizzle, l2_promotion, oob_fill;           /* RUN_TMAP_* */
} run_ptx_tmap;

typedef struct {
  char *name;
  unsigned param_count;
  uint32_t *param_sizes;   /* bytes per parameter, in order */
  uint32_t *param_aligns;  /* .align of the parameter (natural size when not given) */
  unsigned block[3];       /* from .reqntid, else .maxntid, else 0 */
  int has_reqntid;
  unsigned cluster[3];     /* from .reqnctapercluster, else 0 */
  int has_cluster;
  int64_t dynamic_smem_bytes; /* from the tilec comment; -1 when absent */
  unsigned tmap_count;     /* `// tilec.tensormap` lines, in parameter order */
  run_ptx_tmap *tmaps;
  int has_pipeline;        /* `// tilec.pipeline stages=S tx_bytes=B threads=T` */
  unsigned pipeline_stages, pipeline_threads;
  uint64_t pipeline_tx_bytes;
  /* cubins only (run_cubin.h): */
  int tileir;              /* EIATTR_LANGUAGE = TILEIR: a tileiras kernel */
  uint64_t static_smem_bytes; /* size of .nv.shared.<name> */
} run_ptx_entry;

typedef struct {
  unsigned entry_count;
  run_ptx_entry *entries;
  char target[32];         /* e.g. "sm_90a"; "" when absent */
  int declares_extern_shared;
  int has_host_code;       /* cubin with an embedded host-code section (.nv.host, tileiras) */
} run_ptx_module;

/* Scans NUL-terminated PTX. Returns 0, or -1 with a message in `error` (malformed entry). */
int run_ptx_scan(const char *text, run_ptx_module *module, char *error, size_t error_size);
void run_ptx_module_destroy(run_ptx_module *module);
/* Parses the text after `// tilec.tensormap ` (`<kernel> param=.. base_arg=.. dtype=.. rank=..
 * dims=.. strides_bytes=.. box=.. elem_strides=.. swizzle=.. interleave=none l2=.. oob=..`):
 * the kernel name into `name`. A dims / strides_bytes entry is `N`, `@J` or `@J*E` (E >= 1);
 * whether parameter J suits is checked by run_ptx_scan against the entry (4 or 8 bytes, not a
 * map, not a map's base_arg). Returns 0, or -1 with a message in `error`. */
int run_ptx_parse_tmap_note(const char *text, char *name, size_t name_size, run_ptx_tmap *out, char *error,
                            size_t error_size);
/* Entry by name, or NULL. */
const run_ptx_entry *run_ptx_find_entry(const run_ptx_module *module, const char *name);

#endif
