#!/usr/bin/env bash
# Save-to-accepted latency of `scape gizmo dev` against the embedded host, lamp template: runs
# BenchmarkSaveToAccepted (each save waits for its verdict) with author code in worker processes
# (isolated, the default) and in-process (SCAPE_ISOLATE=0) in the same run, and compares each
# median with the 100 ms goal; then the 100-saves-in-one-second correctness test.
set -euo pipefail
cd "$(dirname "$0")/.."
n=${1:-60}
echo "load average: $(cut -d" " -f1-3 /proc/loadavg)"
out=$(go test ./cli/dev -run '^$' -bench BenchmarkSaveToAccepted -benchtime "${n}x" -count 3)
echo "$out" | grep Benchmark
for mode in isolated in-process; do
  echo "$out" | awk -v m="/$mode-" '$1 ~ m && /ms-median\/save/ { for (i = 1; i <= NF; i++) if ($(i+1) == "ms-median/save") print $i }' | sort -n | awk -v mode="$mode" '
    { v[NR] = $1 } END { m = v[int((NR + 1) / 2)]; printf "%-10s median of runs: %.1f ms (goal < 100 ms: %s)\n", mode, m, (m < 100 ? "ok" : "OVER") }'
done
go test ./cli/dev -run 'TestBurstEndsWithLastState' -count 1 -v | grep -E 'saves in|^(--- |ok|FAIL)'
