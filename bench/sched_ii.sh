#!/bin/sh
# sched_ii: achieved II against MII for every loop of examples/*.mlir on both targets (sm_90a,
# sm_100a). Each input is compiled with `tilec --emit=tileas --schedule-trace-file=...` (TileAS is
# where every tileaa.for is modulo-scheduled; the PTX path reuses the same decision) and the trace
# (docs/schedule-trace.md) is read back. Per loop: input, target, kernel, status, II, MII (ResMII and
# its row / RecMII), II/MII, stages (+ what limited them), and — when II > MII or the loop fell back —
# the binding constraint the scheduler named. Exit status: 0 when every loop with II > MII names its
# binding constraint, 1 otherwise, 2 when tilec fails. Knobs: the scheduler's environment
# (TILEC_SCHED_LATENCY_OVERRIDE, TILEC_SCHED_POOL_OVERRIDE, TILE_AS_DEBUG_UNLIMITED_SMEM) passes through.
# Usage: bench/sched_ii.sh [tilec] [examples dir]        Needs python3 (JSON).
set -u
TILEC=${1:-build-s2/tools/tilec}
EXAMPLES=${2:-examples}
tmp=$(mktemp -d) || exit 2
trap 'rm -rf "$tmp"' EXIT
traces=""
for f in "$EXAMPLES"/*.mlir; do
  for t in sm_90a sm_100a; do
    j="$tmp/$(basename "$f" .mlir).$t.json"
    if ! "$TILEC" --gpu-name=$t --emit=tileas --schedule-trace-file="$j" "$f" -o /dev/null 2> "$tmp/err"; then
      echo "sched_ii: tilec failed on $f ($t):" >&2
      cat "$tmp/err" >&2
      exit 2
    fi
    traces="$traces $j"
  done
done
# shellcheck disable=SC2086
python3 - $traces <<'PY'
import json, os, sys
rows, bad, at_mii = [], 0, 0
for path in sys.argv[1:]:
    d = json.load(open(path))
    for L in d["loops"]:
        ii, mii = L["ii"], L["mii"]
        bind = L.get("binding_constraint", "")
        if ii == mii:
            at_mii += 1
        elif not bind:
            bad += 1
            bind = "MISSING (II > MII without a named binding constraint)"
        rows.append((os.path.basename(d["input"]), d["target"], L["kernel"], L["status"], ii, mii,
                     "%d %s" % (L["res_mii"], L["res_mii_row"]), L["rec_mii"],
                     "%.3f" % (ii / mii if mii else float("nan")), "%d (%s)" % (L["stages"], L["limited_by"]), bind))
hdr = ("input", "target", "kernel", "status", "II", "MII", "ResMII row", "RecMII", "II/MII", "stages", "binding")
w = [max(len(str(r[i])) for r in rows + [hdr]) for i in range(len(hdr))]
for r in [hdr] + rows:
    print("  ".join(str(c).ljust(w[i]) for i, c in enumerate(r)).rstrip())
print("%d loops, %d at II = MII, %d with II > MII, %d of those without a binding constraint"
      % (len(rows), at_mii, len(rows) - at_mii, bad))
sys.exit(1 if bad else 0)
PY
