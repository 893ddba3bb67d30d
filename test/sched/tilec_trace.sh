#!/bin/sh
# tilec_trace.sh: the tilec-trace test (ctest tilec_trace.render, tools/tilec-trace/CMakeLists.txt).
# Renders the hand-made trace Inputs/known_trace.json (one modulo-scheduled loop at II 4 with a
# transport reservation that wraps, one fallback loop with a deliberate double reservation) and checks
# the bars, labels, cycle ticks and tables; every malformed input must exit 1 with a located error
# (never a crash); a live trace of examples/gemm.mlir must render with the scheduler's II and ops, and
# its warp-specialised (heavy) trace with one chart per agent.
# Usage: tilec_trace.sh <tilec-trace> <tilec> <source root>
set -u
TT=$1 TILEC=$2 SRC=$3
IN=$SRC/test/sched/Inputs
W=$(mktemp -d) || exit 1
trap 'rm -rf "$W"' EXIT
fails=0
fail() { echo "FAIL: $*"; fails=$((fails + 1)); }
# expect <file> <fixed string> <count>: the string occurs on exactly <count> lines.
expect() {
  n=$(grep -cF -- "$2" "$1")
  [ "$n" = "$3" ] || fail "$1: '$2' on $n lines, expected $3"
}

# --- the known trace, bare SVG -------------------------------------------------------------------
"$TT" --svg "$IN/known_trace.json" -o "$W/k.svg" || fail "render --svg exited $?"
head -c 5 "$W/k.svg" | grep -q '^<svg ' || fail "SVG output does not start with <svg"
expect "$W/k.svg" '<g class="bar"' 10   # loop 0: 6 bars (tp_mma wraps: 2); loop 1: 4
expect "$W/k.svg" '<g class="loop"' 2
# loop 0 reservations: op, row, stage, slot, length (cycle mod II)
expect "$W/k.svg" 'data-op="0" data-row="tma" data-stage="0" data-slot="0" data-len="1"' 2
expect "$W/k.svg" 'data-op="0" data-row="tp_smem_wr" data-stage="0" data-slot="0" data-len="3"' 2
expect "$W/k.svg" 'data-op="1" data-row="tc_and_mma" data-stage="1" data-slot="1" data-len="1"' 1
expect "$W/k.svg" 'data-op="1" data-row="tp_mma" data-stage="1" data-slot="1" data-len="3"' 1
expect "$W/k.svg" 'data-op="1" data-row="tp_mma" data-stage="1" data-slot="0" data-len="1"' 1
expect "$W/k.svg" 'data-op="2" data-row="sync" data-stage="1" data-slot="3" data-len="1"' 1
# loop 1: the second produce at slot 2 of II 6
expect "$W/k.svg" 'data-op="1" data-row="tp_smem_wr" data-stage="0" data-slot="2" data-len="3"' 1
expect "$W/k.svg" 'fill="#4e79a7"' 8    # stage-0 bars (6) + legend (2 loops)
expect "$W/k.svg" 'fill="#f28e2b"' 5    # stage-1 bars (4) + legend (loop 0)
expect "$W/k.svg" 'class="conflict"' 1  # loop 1: tp_smem_wr held twice at cycle 2
expect "$W/k.svg" 'loop 0: k_modulo — II 4, MII 4, stages 2, scheduled' 1
expect "$W/k.svg" 'binding: pool smem_bytes at tileas.produce#0' 1
expect "$W/k.svg" 'cycle mod II (II = 4)' 1
expect "$W/k.svg" 'cycle mod II (II = 6)' 1
expect "$W/k.svg" 'class="tick" x="231" y="30">3</text>' 2   # cycle 3 tick at 40 px per cycle (both loops)
expect "$W/k.svg" '>4</text>' 1                               # only loop 1 has a cycle 4 tick
expect "$W/k.svg" 'class="row"' 26      # 13 sm_90a rows per loop
expect "$W/k.svg" 'tp_tmem_wr' 0        # no TMEM rows on Hopper
expect "$W/k.svg" 'known&lt;&amp;&gt;.mlir' 1
expect "$W/k.svg" 'produce#0: transport tp_smem_wr, cycle 0, stage 0, cycles 0..2 mod II' 2

# --- the known trace, HTML ---------------------------------------------------------------------
"$TT" "$IN/known_trace.json" > "$W/k.html" || fail "render html exited $?"
head -1 "$W/k.html" | grep -qF '<!DOCTYPE html>' || fail "HTML output lacks the doctype"
expect "$W/k.html" '<svg xmlns=' 2
expect "$W/k.html" '<tr><th>II / MII</th><td>1.000</td></tr>' 1
expect "$W/k.html" '<tr><th>II / MII</th><td>1.500</td></tr>' 1
expect "$W/k.html" '<tr><th>ResMII</th><td>4 (row tp_mma)</td></tr>' 1
expect "$W/k.html" '<tr><th>binding constraint</th><td>none (II = MII)</td></tr>' 1
expect "$W/k.html" '<tr><th>binding constraint</th><td>pool smem_bytes at tileas.produce#0</td></tr>' 1
expect "$W/k.html" '<tr><th>RRT conflicts</th><td>1</td></tr>' 1
expect "$W/k.html" '<tr><th>pool mbarriers</th><td>4 / 64</td></tr>' 1
expect "$W/k.html" '<tr><th>II tries</th><td>[4, 5]</td></tr>' 1
expect "$W/k.html" 'cuda_tile.mmaf#1</td><td>5</td><td>1</td><td>1</td><td>4</td><td>4</td><td>cost</td>' 1
expect "$W/k.html" '<script' 0         # self-contained, static

# --- malformed inputs: exit 1, one located message, no crash -------------------------------------
check_bad() { # <file> <expected message fragment>
  "$TT" "$IN/$1" -o "$W/bad.out" 2> "$W/err"
  rc=$?
  [ $rc = 1 ] || fail "$1: exit $rc, expected 1"
  grep -qF -- "$2" "$W/err" || fail "$1: message '$(cat "$W/err")' lacks '$2'"
}
check_bad bad_truncated.json 'malformed JSON at offset 78 (line 1, column 79): expected a value'
check_bad bad_token.json "malformed JSON at offset 62 (line 2, column 28): expected ',' or ']', got '2'"
check_bad bad_deep.json 'nesting deeper than 64'
check_bad bad_string.json 'bad \u escape'
check_bad bad_format.json 'not a tilec schedule trace'
check_bad bad_loop.json 'loop 0: loop without an integer "ii"'
check_bad does_not_exist.json 'cannot read'
"$TT" --bogus "$IN/known_trace.json" 2>/dev/null; [ $? = 2 ] || fail "unknown option: exit status not 2"

# --- a live trace: examples/gemm.mlir at sm_90a --------------------------------------------------
"$TILEC" --emit=tileas --schedule-trace-file="$W/g.json" "$SRC/examples/gemm.mlir" -o /dev/null || fail "tilec exited $?"
"$TT" "$W/g.json" -o "$W/g.html" || fail "render live trace exited $?"
expect "$W/g.html" '<tr><th>II</th><td>16</td></tr>' 1
expect "$W/g.html" '<tr><th>RRT conflicts</th><td>0</td></tr>' 1
expect "$W/g.html" 'data-row="tp_smem_wr"' 2
expect "$W/g.html" 'cycle mod II (II = 16)' 1

# --- the heavy warp-specialised variant: one chart per agent after the loop's own -----------------
"$TILEC" --emit=tileas --pipeline-strategy=warp-specialize --schedule-trace-file="$W/ws.json" "$SRC/examples/gemm.mlir" \
  -o /dev/null || fail "tilec --pipeline-strategy=warp-specialize exited $?"
"$TT" "$W/ws.json" -o "$W/ws.html" || fail "render warp-specialised trace exited $?"
expect "$W/ws.html" '<section id="loop' 3
expect "$W/ws.html" '<h2>loop 1: gemm_f16_f32, producer agent</h2>' 1
expect "$W/ws.html" '<h2>loop 2: gemm_f16_f32, consumer agent</h2>' 1
expect "$W/ws.html" 'cycle mod II (II = 8)' 1

[ $fails = 0 ] && echo "tilec_trace: all checks passed"
exit $((fails != 0))
