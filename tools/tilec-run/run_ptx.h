/* run_ptx.h - scans PTX text for what a launcher needs: entry names, parameter sizes,
 * .reqntid / .maxntid (block size), .reqnctapercluster (fixed cluster shape), the .target,
 * whether dynamic shared memory (.extern .shared) is declared, and the
 * `// tilec.dynamic_smem_bytes <name> <bytes>` comments of docs/abi.md.
 * Algorithm: one pass over the text; comments are skipped except the tilec one; an entry is the
 * token `.entry` followed by a name, a parenthesised `.param` list and directives up to `{`.
 * Knobs: none. */
#ifndef TILEC_RUN_PTX_H
#define TILEC_RUN_PTX_H

#include <stddef.h>
#include <stdint.h>

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
} run_ptx_entry;

typedef struct {
  unsigned entry_count;
  run_ptx_entry *entries;
  char target[32];         /* e.g. "sm_90a"; "" when absent */
  int declares_extern_shared;
} run_ptx_module;

/* Scans NUL-terminated PTX. Returns 0, or -1 with a message in `error` (malformed entry). */
int run_ptx_scan(const char *text, run_ptx_module *module, char *error, size_t error_size);
void run_ptx_module_destroy(run_ptx_module *module);
/* Entry by name, or NULL. */
const run_ptx_entry *run_ptx_find_entry(const run_ptx_module *module, const char *name);

#endif
