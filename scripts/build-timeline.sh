#!/usr/bin/env bash
# One `scape gizmo build` with a timestamp per phase, in the build's process and its worker
# together (internal/timeline), in ms from the moment the process was started:
#
#   scripts/build-timeline.sh DIR [BUILD FLAGS…]      (SCAPE=path/to/scape to skip go build)
set -euo pipefail
dir=$1; shift
scape=${SCAPE:-}
if [ -z "$scape" ]; then
  scape=$(mktemp -d)/scape
  (cd "$(dirname "$0")/.." && go build -o "$scape" ./cmd/scape)
fi
err=$(mktemp)
t0=$(date +%s%6N)
SCAPE_TIMELINE=1 SCAPE_ISOLATE_DEBUG=1 "$scape" gizmo build "$dir" "$@" >/dev/null 2>"$err" || true
t1=$(date +%s%6N)
echo "load average: $(cut -d" " -f1-3 /proc/loadavg)"
{ grep '^timeline ' "$err"; echo "timeline $t1 - process: exited"; } | sort -k2,2n |
  awk -v t0="$t0" '{ t = $2; pid = $3; if (pid == "-") w = "      "; else { if (!(pid in who)) who[pid] = (n++ == 0 ? "build " : "worker"); w = who[pid] }
    label = ""; for (i = 4; i <= NF; i++) label = label (i > 4 ? " " : "") $i
    printf "%8.1f ms  %s  %s\n", (t - t0) / 1000, w, label }'
rm -f "$err"
