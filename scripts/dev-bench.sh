#!/usr/bin/env bash
# Save-to-accepted latency of `scape gizmo dev` against the embedded host, lamp template:
# runs BenchmarkSaveToAccepted (each save waits for its verdict) and compares the median with
# the 150 ms goal; then the 100-saves-in-one-second correctness test.
set -euo pipefail
cd "$(dirname "$0")/.."
n=${1:-60}
out=$(go test ./cli/dev -run '^$' -bench BenchmarkSaveToAccepted -benchtime "${n}x" -count 3)
echo "$out" | grep Benchmark
echo "$out" | awk '/ms-median\/save/ { for (i = 1; i <= NF; i++) if ($(i+1) == "ms-median/save") print $i }' | sort -n | awk '
  { v[NR] = $1 } END { m = v[int((NR + 1) / 2)]; printf "median of runs: %.1f ms (goal < 150 ms: %s, %.2fx of the goal)\n", m, (m < 150 ? "ok" : "OVER"), m / 150 }'
go test ./cli/dev -run 'TestBurstEndsWithLastState' -count 1 -v | grep -E 'saves in|^(--- |ok|FAIL)'
