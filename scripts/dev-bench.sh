#!/usr/bin/env bash
# Save-to-accepted latency of `scape gizmo dev` against the embedded host, lamp template: runs
# BenchmarkSaveToAccepted (each save waits for its verdict) with author code in worker processes
# (isolated, the default) and in-process (SCAPE_ISOLATE=0) in the same run, and compares each
# median with the 100 ms goal; then the 100-saves-in-one-second correctness test.
#
#   scripts/dev-bench.sh [SAVES]              (default 30 saves per run, 3 runs; each save 0.6 s after the last verdict)
#   BASE_TREE=dir scripts/dev-bench.sh [SAVES]
#   SCAPE_BENCH_SHAPE=sixteen scripts/dev-bench.sh [SAVES]   (the 16-definition project of
#                                             internal/benchproject instead of the lamp; a BASE_TREE
#                                             without the option measures the lamp: copy
#                                             cli/dev/bench_test.go and internal/benchproject into it)
#
# With BASE_TREE (another checkout of this repository, e.g. `git archive main | tar -x -C dir`),
# the benchmark binaries of both trees are built and their runs alternated, so the before/after
# ratio of the isolated medians is measured under the same load.
set -euo pipefail
cd "$(dirname "$0")/.."
n=${1:-30}
echo "load average: $(cut -d" " -f1-3 /proc/loadavg); shape: ${SCAPE_BENCH_SHAPE:-lamp}"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
go test -c -o "$work/this.test" ./cli/dev
trees=(this)
if [ -n "${BASE_TREE:-}" ]; then
  (cd "$BASE_TREE" && go test -c -o "$work/base.test" ./cli/dev)
  trees=(base this)
fi
for run in 1 2 3; do
  for t in "${trees[@]}"; do
    (cd cli/dev && "$work/$t.test" -test.run '^$' -test.bench BenchmarkSaveToAccepted -test.benchtime "${n}x" -test.count 1) |
      grep Benchmark | sed "s/^/$t /" | tee -a "$work/out"
  done
done
for t in "${trees[@]}"; do
  for mode in isolated in-process; do
    grep "^$t " "$work/out" | awk -v m="/$mode-" '$2 ~ m && /ms-median\/save/ { for (i = 1; i <= NF; i++) if ($(i+1) == "ms-median/save") print $i }' | sort -n | awk -v mode="$mode" -v t="$t" '
      { v[NR] = $1 } END { m = v[int((NR + 1) / 2)]; printf "%-4s %-10s median of runs: %.1f ms (goal < 100 ms: %s)\n", t, mode, m, (m < 100 ? "ok" : "OVER") }'
  done
done
echo "load average: $(cut -d" " -f1-3 /proc/loadavg)"
go test ./cli/dev -run 'TestBurstEndsWithLastState' -count 1 -v | grep -E 'saves in|^(--- |ok|FAIL)'
