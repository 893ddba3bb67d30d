/* tilec-trace: renders a modulo-scheduler trace (tilec --schedule-trace-file, docs/schedule-trace.md)
 * as a Gantt chart of each loop's modulo reservation table.
 *
 *   tilec-trace trace.json [-o chart.html]      one self-contained HTML file (inline SVG + tables)
 *   tilec-trace --svg trace.json [-o chart.svg] one bare SVG document (all loops stacked)
 *
 * Algorithm, per loop: rows = the RRT rows of the trace's target (13 on sm_90a, 15 on sm_100a, plus
 * any other row an op names), columns = cycles 0 .. II-1 (cycle mod II). Every op reserves its issue
 * rows for 1 cycle at `slot` and its transport rows for `occupancy` cycles (at least 1) from `slot`,
 * wrapping modulo II — the same reservation rule as sched_solve.c. Each reservation is one bar (two
 * when it wraps), coloured by the op's stage; cells reserved twice are outlined in red and counted
 * ("conflicts"; 0 for a legal modulo schedule). Beside the chart: II, MII (ResMII + its row, RecMII),
 * II/MII, stages, limits, pools, the placement-arm sequence, and an op table.
 * Input errors (unreadable file, malformed JSON with byte offset/line/column, a document that is not
 * a tilec schedule trace) print one line on stderr and exit 1; usage errors exit 2.
 * Knobs: --svg, -o. No dependencies beyond libc. Owner: sched. */
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "json.h"

/* ---- output buffer ---------------------------------------------------------------------------- */
typedef struct out { char *d; size_t n, cap; } out;

static void put(out *o, const char *s, size_t k) {
  if (o->n + k + 1 > o->cap) {
    size_t cap = o->cap ? o->cap : 4096;
    while (cap < o->n + k + 1) cap *= 2;
    char *nd = realloc(o->d, cap);
    if (!nd) { fputs("tilec-trace: out of memory\n", stderr); exit(1); }
    o->d = nd, o->cap = cap;
  }
  memcpy(o->d + o->n, s, k);
  o->n += k;
  o->d[o->n] = 0;
}
static void puts_(out *o, const char *s) { put(o, s, strlen(s)); }
static void printf_(out *o, const char *fmt, ...) {
  char buf[1024];
  va_list ap;
  va_start(ap, fmt);
  int k = vsnprintf(buf, sizeof buf, fmt, ap);
  va_end(ap);
  if (k < 0) return;
  put(o, buf, (size_t)k < sizeof buf ? (size_t)k : sizeof buf - 1);
}
/* XML/HTML text and attribute escape. */
static void esc(out *o, const char *s) {
  for (; s && *s; s++) {
    switch (*s) {
    case '&': puts_(o, "&amp;"); break;
    case '<': puts_(o, "&lt;"); break;
    case '>': puts_(o, "&gt;"); break;
    case '"': puts_(o, "&quot;"); break;
    case '\'': puts_(o, "&#39;"); break;
    default:
      if ((unsigned char)*s < 0x20) puts_(o, " ");
      else put(o, s, 1);
    }
  }
}

/* ---- the model of one loop -------------------------------------------------------------------- */
#define MAX_ROWS 32
static const char *const known_rows[] = {"alu", "fma", "sfu", "lsu", "tma", "tc_and_mma", "sync", "branch",
                                         "tp_smem_wr", "tp_smem_rd", "tp_gmem", "tp_mma", "tp_tmem_wr", "tp_tmem_rd",
                                         "tp_reduce"};
#define NKNOWN ((int)(sizeof known_rows / sizeof known_rows[0]))
static const char *const stage_colours[] = {"#4e79a7", "#f28e2b", "#59a14f", "#b07aa1", "#edc948",
                                            "#76b7b2", "#ff9da7", "#9c755f", "#e15759", "#bab0ac"};
#define NCOLOURS ((int)(sizeof stage_colours / sizeof stage_colours[0]))
#define MAX_II_DRAWN 4096 /* wider schedules (fallbacks of huge loops) are drawn up to this cycle */

typedef struct bar { int row, start, len, op; bool transport; } bar;

typedef struct loop_view {
  const tt_json *j;
  long long ii, mii, res_mii, rec_mii, stages, sched_stages, length, roofline;
  const char *rows[MAX_ROWS];
  int nrows;
  bar *bars;
  int nbars;
  int conflicts;
  int max_stage;
} loop_view;

static int row_index(loop_view *v, const char *name, bool add) {
  for (int r = 0; r < v->nrows; r++)
    if (strcmp(v->rows[r], name) == 0) return r;
  if (!add || v->nrows == MAX_ROWS) return -1;
  v->rows[v->nrows] = name;
  return v->nrows++;
}

static long long get_int(const tt_json *o, const char *k, long long dflt) {
  long long v;
  return tt_json_int(o, k, &v) ? v : dflt;
}

static void add_bar(loop_view *v, int cap, int row, int start, int len, int op, bool tp) {
  if (v->nbars == cap) return;
  v->bars[v->nbars++] = (bar){row, start, len, op, tp};
}

/* Builds the rows and bars of one loop. False + msg when the loop object is not usable. */
static bool build_loop(loop_view *v, const tt_json *loop, const char *target, char *msg, size_t msglen) {
  memset(v, 0, sizeof *v);
  v->j = loop;
  if (!tt_json_int(loop, "ii", &v->ii) || v->ii < 0) { snprintf(msg, msglen, "loop without an integer \"ii\""); return false; }
  v->mii = get_int(loop, "mii", 0), v->res_mii = get_int(loop, "res_mii", 0), v->rec_mii = get_int(loop, "rec_mii", 0);
  v->stages = get_int(loop, "stages", 0), v->sched_stages = get_int(loop, "schedule_stages", 0);
  v->length = get_int(loop, "length", 0), v->roofline = get_int(loop, "roofline", 0);
  bool blackwell = target && strcmp(target, "sm_100a") == 0;
  for (int r = 0; r < NKNOWN; r++)
    if (blackwell || (strcmp(known_rows[r], "tp_tmem_wr") != 0 && strcmp(known_rows[r], "tp_tmem_rd") != 0))
      row_index(v, known_rows[r], true);
  const tt_json *ops = tt_json_get(loop, "ops");
  if (!ops || ops->kind != TT_ARR) { snprintf(msg, msglen, "loop without an \"ops\" array"); return false; }
  int width = v->ii > MAX_II_DRAWN ? MAX_II_DRAWN : (int)v->ii;
  int cap = 0;
  for (size_t i = 0; i < ops->n; i++) {
    const tt_json *a = tt_json_get(ops->items[i], "issue_rows"), *b = tt_json_get(ops->items[i], "transport_rows");
    cap += 2 * (int)((a && a->kind == TT_ARR ? a->n : 0) + (b && b->kind == TT_ARR ? b->n : 0));
  }
  v->bars = calloc(cap ? (size_t)cap : 1, sizeof *v->bars);
  if (!v->bars) { fputs("tilec-trace: out of memory\n", stderr); exit(1); }
  for (size_t i = 0; i < ops->n; i++) {
    const tt_json *op = ops->items[i];
    long long cycle, slot;
    if (op->kind != TT_OBJ || !tt_json_str(op, "name") || !tt_json_int(op, "cycle", &cycle)) {
      snprintf(msg, msglen, "op %zu: expected an object with \"name\" and integer \"cycle\"", i);
      return false;
    }
    long long stage = get_int(op, "stage", v->ii > 0 ? cycle / v->ii : 0);
    if (stage > v->max_stage && stage < 1000) v->max_stage = (int)stage;
    slot = get_int(op, "slot", v->ii > 0 ? ((cycle % v->ii) + v->ii) % v->ii : 0);
    if (width <= 0 || slot < 0 || slot >= width) continue; /* beyond the drawn window */
    long long occ = get_int(op, "occupancy", 1);
    if (occ < 1) occ = 1;
    for (int kind = 0; kind < 2; kind++) {
      const tt_json *rows = tt_json_get(op, kind ? "transport_rows" : "issue_rows");
      if (!rows || rows->kind != TT_ARR) continue;
      for (size_t r = 0; r < rows->n; r++) {
        if (rows->items[r]->kind != TT_STR) continue;
        int row = row_index(v, rows->items[r]->str, true);
        if (row < 0) continue;
        long long len = kind ? occ : 1;
        if (len > v->ii) len = v->ii; /* a longer occupancy cannot be modulo-scheduled; drawn full width */
        long long first = len < width - slot ? len : width - slot;
        add_bar(v, cap, row, (int)slot, (int)first, (int)i, kind);
        if (len > first && v->ii <= MAX_II_DRAWN) add_bar(v, cap, row, 0, (int)(len - first), (int)i, kind);
      }
    }
  }
  /* Cells reserved twice. */
  if (width > 0) {
    int *cell = calloc((size_t)v->nrows * (size_t)width, sizeof *cell);
    if (!cell) { fputs("tilec-trace: out of memory\n", stderr); exit(1); }
    for (int b = 0; b < v->nbars; b++)
      for (int c = 0; c < v->bars[b].len; c++)
        if (++cell[(size_t)v->bars[b].row * width + v->bars[b].start + c] == 2) v->conflicts++;
    free(cell);
  }
  return true;
}

static void loop_view_free(loop_view *v) { free(v->bars); }

/* ---- SVG --------------------------------------------------------------------------------------- */
#define LABEL_W 110
#define ROW_H 22
#define TOP 34
#define LEGEND_H 26

static int cell_width(long long ii) {
  if (ii <= 0) return 20;
  long long w = 960 / (ii > MAX_II_DRAWN ? MAX_II_DRAWN : ii);
  return w > 40 ? 40 : w < 1 ? 1 : (int)w;
}

static const char *op_name(const loop_view *v, int op) {
  const tt_json *ops = tt_json_get(v->j, "ops");
  return tt_json_str(ops->items[op], "name");
}

/* One loop's chart; (x, y) = its origin; returns its height. */
static int svg_loop(out *o, const loop_view *v, int idx, int y0, bool standalone_text) {
  int width = v->ii > MAX_II_DRAWN ? MAX_II_DRAWN : (int)v->ii;
  int cw = cell_width(v->ii);
  int w = LABEL_W + width * cw + 20, h = TOP + v->nrows * ROW_H + 24 + LEGEND_H;
  printf_(o, "<g class=\"loop\" id=\"loop%d\" transform=\"translate(0,%d)\">\n", idx, y0);
  const char *kernel = tt_json_str(v->j, "kernel"), *status = tt_json_str(v->j, "status");
  puts_(o, "<text class=\"title\" x=\"4\" y=\"16\">");
  printf_(o, "loop %d: ", idx);
  esc(o, kernel ? kernel : "?");
  const char *agent = tt_json_str(v->j, "agent"); /* one chart per agent of a warp-specialised loop */
  if (agent) puts_(o, ", "), esc(o, agent), puts_(o, " agent");
  printf_(o, " — II %lld, MII %lld, stages %lld, ", v->ii, v->mii, v->stages);
  esc(o, status ? status : "?");
  if (standalone_text) {
    const char *bind = tt_json_str(v->j, "binding_constraint");
    if (bind) puts_(o, ", binding: "), esc(o, bind);
  }
  puts_(o, "</text>\n");
  if (width <= 0) {
    printf_(o, "<text x=\"4\" y=\"%d\">empty schedule (II 0)</text>\n</g>\n", TOP + 10);
    return TOP + 20;
  }
  /* Row bands and labels, then the cycle grid and ticks. */
  for (int r = 0; r < v->nrows; r++) {
    int y = TOP + r * ROW_H;
    printf_(o, "<rect class=\"band%d\" x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\"/>\n", r % 2, LABEL_W, y, width * cw, ROW_H);
    printf_(o, "<text class=\"row\" x=\"%d\" y=\"%d\">", LABEL_W - 6, y + 15);
    esc(o, v->rows[r]);
    puts_(o, "</text>\n");
  }
  int tick = width <= 40 ? 1 : width <= 100 ? 5 : width <= 400 ? 20 : 100;
  for (int c = 0; c <= width; c++) {
    int x = LABEL_W + c * cw;
    if (c % tick == 0 || c == width) {
      printf_(o, "<line class=\"grid\" x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\"/>\n", x, TOP, x, TOP + v->nrows * ROW_H);
      if (c < width) printf_(o, "<text class=\"tick\" x=\"%d\" y=\"%d\">%d</text>\n", x + 1, TOP - 4, c);
    }
  }
  /* Bars. */
  for (int b = 0; b < v->nbars; b++) {
    const bar *B = &v->bars[b];
    const tt_json *op = tt_json_get(v->j, "ops")->items[B->op];
    long long stage = get_int(op, "stage", 0), cycle = get_int(op, "cycle", 0);
    int x = LABEL_W + B->start * cw, y = TOP + B->row * ROW_H + 3, bw = B->len * cw;
    const char *colour = stage_colours[(stage < 0 ? 0 : stage) % NCOLOURS];
    printf_(o, "<g class=\"bar\" data-op=\"%d\" data-row=\"", B->op);
    esc(o, v->rows[B->row]);
    printf_(o, "\" data-stage=\"%lld\" data-slot=\"%d\" data-len=\"%d\">", stage, B->start, B->len);
    printf_(o, "<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" fill=\"%s\"%s/>", x, y, bw > 1 ? bw - 1 : 1, ROW_H - 6, colour,
            B->transport ? " opacity=\"0.75\"" : "");
    puts_(o, "<title>");
    esc(o, op_name(v, B->op));
    printf_(o, ": %s ", B->transport ? "transport" : "issue");
    esc(o, v->rows[B->row]);
    printf_(o, ", cycle %lld, stage %lld, cycles %d..%d mod II</title>", cycle, stage, B->start, B->start + B->len - 1);
    if (bw >= 60) {
      puts_(o, "<text class=\"label\" x=\"");
      printf_(o, "%d\" y=\"%d\">", x + 3, y + 12);
      const char *nm = op_name(v, B->op);
      const char *dot = strchr(nm, '.');
      esc(o, dot ? dot + 1 : nm);
      puts_(o, "</text>");
    }
    puts_(o, "</g>\n");
  }
  /* Conflicts: outline every cell held twice (recomputed cheaply per bar pair on the same row). */
  if (v->conflicts)
    for (int a = 0; a < v->nbars; a++)
      for (int b = a + 1; b < v->nbars; b++) {
        const bar *A = &v->bars[a], *B = &v->bars[b];
        if (A->row != B->row) continue;
        int lo = A->start > B->start ? A->start : B->start;
        int hi = A->start + A->len < B->start + B->len ? A->start + A->len : B->start + B->len;
        if (lo < hi)
          printf_(o, "<rect class=\"conflict\" x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\"/>\n", LABEL_W + lo * cw,
                  TOP + A->row * ROW_H + 1, (hi - lo) * cw, ROW_H - 2);
      }
  /* Axis caption and stage legend. */
  int ly = TOP + v->nrows * ROW_H + 16;
  printf_(o, "<text class=\"tick\" x=\"%d\" y=\"%d\">cycle mod II (II = %lld%s)</text>\n", LABEL_W, ly, v->ii,
          v->ii > MAX_II_DRAWN ? ", drawn up to 4096" : "");
  for (int s = 0; s <= v->max_stage && s < NCOLOURS; s++) {
    int x = LABEL_W + s * 80;
    printf_(o, "<rect x=\"%d\" y=\"%d\" width=\"14\" height=\"12\" fill=\"%s\"/><text class=\"tick\" x=\"%d\" y=\"%d\">stage %d</text>\n",
            x, ly + 8, stage_colours[s], x + 18, ly + 18, s);
  }
  puts_(o, "</g>\n");
  (void)w;
  return h;
}

static int svg_width(const loop_view *v) {
  int width = v->ii > MAX_II_DRAWN ? MAX_II_DRAWN : (int)v->ii;
  int w = LABEL_W + (width > 0 ? width : 10) * cell_width(v->ii) + 20;
  int legend = LABEL_W + (v->max_stage + 1) * 80 + 20;
  return w > legend ? w : legend;
}

static const char svg_style[] =
    "text{font-family:sans-serif;font-size:11px}.title{font-size:13px;font-weight:bold}"
    ".row{text-anchor:end}.tick{fill:#444;font-size:10px}.label{fill:#fff;font-size:10px}"
    ".band0{fill:#f6f6f6}.band1{fill:#ececec}.grid{stroke:#bbb;stroke-width:0.5}"
    ".conflict{fill:none;stroke:#d00;stroke-width:2}";

static void svg_chart(out *o, const loop_view *v, int idx, bool standalone) {
  int w = svg_width(v), h = TOP + v->nrows * ROW_H + 24 + LEGEND_H;
  printf_(o, "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\" viewBox=\"0 0 %d %d\">\n", w, h, w, h);
  printf_(o, "<style>%s</style>\n", svg_style);
  svg_loop(o, v, idx, 0, standalone);
  puts_(o, "</svg>\n");
}

/* ---- HTML tables ------------------------------------------------------------------------------- */
static void td_str(out *o, const char *k, const char *v) {
  puts_(o, "<tr><th>");
  esc(o, k);
  puts_(o, "</th><td>");
  esc(o, v ? v : "-");
  puts_(o, "</td></tr>\n");
}
static void td_int(out *o, const char *k, long long v) {
  char b[32];
  snprintf(b, sizeof b, "%lld", v);
  td_str(o, k, b);
}

static void json_inline(out *o, const tt_json *v) {
  if (!v) { puts_(o, "-"); return; }
  switch (v->kind) {
  case TT_NULL: puts_(o, "null"); break;
  case TT_BOOL: puts_(o, v->b ? "true" : "false"); break;
  case TT_NUM: printf_(o, "%.15g", v->num); break;
  case TT_STR: esc(o, v->str); break;
  case TT_ARR:
  case TT_OBJ:
    puts_(o, v->kind == TT_ARR ? "[" : "{");
    for (size_t i = 0; i < v->n; i++) {
      if (i) puts_(o, ", ");
      if (v->kind == TT_OBJ) esc(o, v->keys[i]), puts_(o, ": ");
      json_inline(o, v->items[i]);
    }
    puts_(o, v->kind == TT_ARR ? "]" : "}");
  }
}

static void html_loop(out *o, const loop_view *v, int idx) {
  const tt_json *L = v->j;
  printf_(o, "<section id=\"loop%d\">\n<h2>loop %d: ", idx, idx);
  esc(o, tt_json_str(L, "kernel"));
  if (tt_json_str(L, "agent")) puts_(o, ", "), esc(o, tt_json_str(L, "agent")), puts_(o, " agent");
  puts_(o, "</h2>\n<div class=\"row\"><table class=\"summary\">\n");
  td_str(o, "loc", tt_json_str(L, "loc"));
  td_str(o, "status", tt_json_str(L, "status"));
  td_int(o, "II", v->ii);
  td_int(o, "MII", v->mii);
  char b[160];
  snprintf(b, sizeof b, "%lld (row %s)", v->res_mii, tt_json_str(L, "res_mii_row") ? tt_json_str(L, "res_mii_row") : "?");
  td_str(o, "ResMII", b);
  td_int(o, "RecMII", v->rec_mii);
  if (v->mii > 0) snprintf(b, sizeof b, "%.3f", (double)v->ii / (double)v->mii);
  else snprintf(b, sizeof b, "-");
  td_str(o, "II / MII", b);
  td_str(o, "binding constraint", tt_json_str(L, "binding_constraint") ? tt_json_str(L, "binding_constraint")
                                  : v->ii > v->mii ? "(none named)" : "none (II = MII)");
  td_int(o, "stages", v->stages);
  td_int(o, "schedule stages", v->sched_stages);
  td_int(o, "roofline", v->roofline);
  td_str(o, "limited by", tt_json_str(L, "limited_by"));
  td_int(o, "length", v->length);
  td_int(o, "RRT conflicts", v->conflicts);
  puts_(o, "<tr><th>II tries</th><td>");
  json_inline(o, tt_json_get(L, "ii_tries"));
  puts_(o, "</td></tr>\n");
  const tt_json *pools = tt_json_get(L, "pools");
  if (pools && pools->kind == TT_OBJ)
    for (size_t i = 0; i < pools->n; i++) {
      puts_(o, "<tr><th>pool ");
      esc(o, pools->keys[i]);
      puts_(o, "</th><td>");
      const tt_json *p = pools->items[i];
      if (p->kind == TT_ARR && p->n == 2) json_inline(o, p->items[0]), puts_(o, " / "), json_inline(o, p->items[1]);
      else json_inline(o, p);
      puts_(o, "</td></tr>\n");
    }
  puts_(o, "</table>\n<div class=\"chart\">\n");
  svg_chart(o, v, idx, false);
  puts_(o, "</div></div>\n<table class=\"ops\"><tr><th>op</th><th>cycle</th><th>stage</th><th>slot</th><th>latency</th>"
           "<th>occupancy</th><th>arm</th><th>priority</th><th>issue rows</th><th>transport rows</th></tr>\n");
  const tt_json *ops = tt_json_get(L, "ops");
  for (size_t i = 0; i < ops->n; i++) {
    const tt_json *op = ops->items[i];
    long long stage = get_int(op, "stage", 0);
    printf_(o, "<tr><td><span class=\"sw\" style=\"background:%s\"></span>", stage_colours[(stage < 0 ? 0 : stage) % NCOLOURS]);
    esc(o, tt_json_str(op, "name"));
    static const char *const cols[] = {"cycle", "stage", "slot", "latency", "occupancy", "arm", "priority", "issue_rows", "transport_rows"};
    for (size_t c = 0; c < sizeof cols / sizeof cols[0]; c++) {
      puts_(o, "</td><td>");
      json_inline(o, tt_json_get(op, cols[c]));
    }
    puts_(o, "</td></tr>\n");
  }
  puts_(o, "</table>\n</section>\n");
}

/* ---- driver ------------------------------------------------------------------------------------ */
static char *read_all(const char *path, size_t *n) {
  FILE *f = strcmp(path, "-") == 0 ? stdin : fopen(path, "rb");
  if (!f) return NULL;
  size_t cap = 1 << 16, len = 0;
  char *buf = malloc(cap);
  if (!buf) { fputs("tilec-trace: out of memory\n", stderr); exit(1); }
  for (;;) {
    if (len == cap) {
      char *nb = realloc(buf, cap *= 2);
      if (!nb) { fputs("tilec-trace: out of memory\n", stderr); exit(1); }
      buf = nb;
    }
    size_t k = fread(buf + len, 1, cap - len, f);
    len += k;
    if (k == 0) break;
  }
  bool err = ferror(f);
  if (f != stdin) fclose(f);
  if (err) { free(buf); return NULL; }
  *n = len;
  return buf;
}

static void usage(FILE *f) {
  fputs("usage: tilec-trace [--svg] <trace.json|-> [-o <output|->]\n"
        "Renders a tilec modulo-scheduler trace (tilec --schedule-trace-file) as a Gantt chart of each\n"
        "loop's modulo reservation table: rows = RRT rows, columns = cycle mod II, one bar per op\n"
        "reservation coloured by stage, with II/MII/stages/limits tables.\n"
        "  (default)  one self-contained HTML file\n"
        "  --svg      one bare SVG document (all loops stacked)\n"
        "  -o <file>  output file (default: stdout)\n"
        "exit status: 0 success, 1 unreadable or malformed trace, 2 usage error\n",
        f);
}

int main(int argc, char **argv) {
  const char *in = NULL, *outp = "-";
  bool svg = false;
  for (int i = 1; i < argc; i++) {
    if (strcmp(argv[i], "--svg") == 0) svg = true;
    else if (strcmp(argv[i], "--help") == 0 || strcmp(argv[i], "-h") == 0) { usage(stdout); return 0; }
    else if (strcmp(argv[i], "-o") == 0 && i + 1 < argc) outp = argv[++i];
    else if (strncmp(argv[i], "-o", 2) == 0 && argv[i][2]) outp = argv[i] + 2;
    else if (argv[i][0] == '-' && argv[i][1]) { fprintf(stderr, "tilec-trace: error: unknown option '%s'\n", argv[i]); usage(stderr); return 2; }
    else if (!in) in = argv[i];
    else { fprintf(stderr, "tilec-trace: error: more than one input ('%s')\n", argv[i]); return 2; }
  }
  if (!in) { usage(stderr); return 2; }
  size_t len = 0;
  char *text = read_all(in, &len);
  if (!text) { fprintf(stderr, "tilec-trace: error: cannot read '%s': %s\n", in, strerror(errno)); return 1; }
  tt_json_error jerr;
  tt_json *doc = tt_json_parse(text, len, &jerr);
  free(text);
  if (!doc) {
    fprintf(stderr, "tilec-trace: error: %s: malformed JSON at offset %zu (line %d, column %d): %s\n", in, jerr.offset,
            jerr.line, jerr.column, jerr.msg);
    return 1;
  }
  const char *fmt = tt_json_str(doc, "format");
  const tt_json *loops = tt_json_get(doc, "loops");
  long long version = 0;
  if (!fmt || strcmp(fmt, "tilec-schedule-trace") != 0 || !loops || loops->kind != TT_ARR || !tt_json_int(doc, "version", &version) ||
      version < 2) {
    fprintf(stderr, "tilec-trace: error: %s: not a tilec schedule trace (version >= 2 with \"format\": "
                    "\"tilec-schedule-trace\" and a \"loops\" array)\n", in);
    tt_json_free(doc);
    return 1;
  }
  const char *target = tt_json_str(doc, "target");
  loop_view *views = calloc(loops->n ? loops->n : 1, sizeof *views);
  if (!views) { fputs("tilec-trace: out of memory\n", stderr); exit(1); }
  int rc = 0;
  size_t nbuilt = 0;
  for (size_t i = 0; i < loops->n && rc == 0; i++, nbuilt++) {
    char msg[160];
    if (loops->items[i]->kind != TT_OBJ || !build_loop(&views[i], loops->items[i], target, msg, sizeof msg)) {
      if (loops->items[i]->kind != TT_OBJ) snprintf(msg, sizeof msg, "not an object");
      fprintf(stderr, "tilec-trace: error: %s: loop %zu: %s\n", in, i, msg);
      rc = 1;
    }
  }
  out o = {0};
  if (rc == 0 && svg) {
    int w = 400, h = 24;
    for (size_t i = 0; i < loops->n; i++) {
      int lw = svg_width(&views[i]);
      if (lw > w) w = lw;
      h += (views[i].ii > 0 ? TOP + views[i].nrows * ROW_H + 24 + LEGEND_H : TOP + 20) + 16;
    }
    printf_(&o, "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\" viewBox=\"0 0 %d %d\">\n", w, h, w, h);
    printf_(&o, "<style>%s</style>\n<text class=\"title\" x=\"4\" y=\"16\">tilec schedule trace: ", svg_style);
    esc(&o, tt_json_str(doc, "input"));
    puts_(&o, " (");
    esc(&o, target);
    printf_(&o, "), %zu loop%s</text>\n", loops->n, loops->n == 1 ? "" : "s");
    int y = 24;
    for (size_t i = 0; i < loops->n; i++) y += svg_loop(&o, &views[i], (int)i, y, true) + 16;
    puts_(&o, "</svg>\n");
  } else if (rc == 0) {
    puts_(&o, "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>tilec schedule trace: ");
    esc(&o, tt_json_str(doc, "input"));
    puts_(&o, "</title>\n<style>body{font-family:sans-serif;margin:16px}table{border-collapse:collapse;margin:6px 0}"
              "th,td{border:1px solid #ccc;padding:2px 6px;font-size:12px;text-align:left}"
              ".row{display:flex;gap:16px;align-items:flex-start;flex-wrap:wrap}"
              ".sw{display:inline-block;width:10px;height:10px;margin-right:4px}</style></head>\n<body>\n<h1>Schedule trace: ");
    esc(&o, tt_json_str(doc, "input"));
    puts_(&o, "</h1>\n<p>target ");
    esc(&o, target);
    printf_(&o, ", opt level %lld, status ", get_int(doc, "opt_level", 0));
    esc(&o, tt_json_str(doc, "status"));
    printf_(&o, ", %zu loop%s. Each chart is the loop's modulo reservation table: rows are RRT rows, columns are "
                "cycles mod II; a bar is one op's reservation (issue rows 1 cycle, transport rows its occupancy), "
                "coloured by stage; red outlines mark cells reserved twice.</p>\n",
            loops->n, loops->n == 1 ? "" : "s");
    for (size_t i = 0; i < loops->n; i++) html_loop(&o, &views[i], (int)i);
    puts_(&o, "</body></html>\n");
  }
  for (size_t i = 0; i < nbuilt; i++) loop_view_free(&views[i]);
  free(views);
  tt_json_free(doc);
  if (rc == 0) {
    bool to_stdout = strcmp(outp, "-") == 0;
    FILE *f = to_stdout ? stdout : fopen(outp, "wb");
    bool ok = f && fwrite(o.d ? o.d : "", 1, o.n, f) == o.n;
    if (f && (to_stdout ? fflush(f) : fclose(f)) != 0) ok = false;
    if (!ok) { fprintf(stderr, "tilec-trace: error: cannot write '%s': %s\n", outp, strerror(errno)); rc = 1; }
  }
  free(o.d);
  return rc;
}
