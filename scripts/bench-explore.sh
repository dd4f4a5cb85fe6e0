#!/usr/bin/env bash
# What state exploration costs a state, and the 16-definition build against the Node way, in one
# run (issue 24; docs/perf.md keeps the figures).
#
#   scripts/bench-explore.sh [RUNS]            (default 5 runs; prints medians)
#   BASE=<git rev> scripts/bench-explore.sh    (adds that revision's binary, alternated with this)
#
# Projects (written by validate's test helpers): "sixteen", the 16 lamp-like definitions of
# scripts/bench-build.sh, whose graphs are 9 states each; "deep", 16 definitions whose controls
# reach 128 states each (validate.TestSixteenDeepExploresItsBound: at --explore=64 every one is
# stopped by the state bound, so 1,024 states are explored; at the default, 8 each: 128).
# Every run is a whole process, warm: the SDK cache filled and the binary's build server running
# (started by warm-up builds outside the measurement: proctree.py waits for every descendant, and
# a server started by a measured build would be one). Columns: whole-process wall and CPU (ms,
# build and worker), the report's validate time (ms), and per state (validate − validate at
# --explore=0) / states, in ms. "node way" is scripts/node-way.mjs: esbuild's npm package, Node
# and the SDK's ObjectRegistry (no exploration), the same project, alternated with the builds.
# The ratio column is the build's wall time over the Node way's median. A served build's CPU
# column is the build process alone (its validation runs in the server's worker). On a loaded
# machine the default exploration stops at its time bound (500 ms; 1.5 s at --explore=64), and
# then ms/state there is not a cost a state: the in-process table at the end is.
set -euo pipefail
cd "$(dirname "$0")/.."
runs=${1:-5}
if ! command -v python3 >/dev/null; then echo "bench-explore: needs python3 (scripts/proctree.py)"; exit 2; fi
if ! command -v node >/dev/null || [ ! -d node_modules/esbuild ]; then echo "bench-explore: needs node and node_modules/esbuild (npm ci) for the Node way"; exit 2; fi
work=$(mktemp -d)
servers() { pgrep -f "internal build-server $work/cache/" || true; }
cleanup() {
  # The warm-up builds' servers would idle for 10 minutes: end them (by their cache path, which
  # is this run's own).
  for pid in $(servers); do kill "$pid" 2>/dev/null || true; done
  rm -rf "$work"
}
trap cleanup EXIT
go build -o "$work/scape" ./cmd/scape
bins=("$work/scape")
names=(this)
if [ -n "${BASE:-}" ]; then
  mkdir -p "$work/base-src"
  git archive "$BASE" | tar -x -C "$work/base-src"
  (cd "$work/base-src" && go build -o "$work/scape-base" ./cmd/scape)
  bins+=("$work/scape-base")
  names+=(base)
fi
tree=scripts/proctree.py
echo "load average: $(cut -d" " -f1-3 /proc/loadavg); runs: $runs; $(nproc) cores"
# go test reports a failure on stdout: shown, not discarded, when writing a project fails.
write() { local out; out=$(env "$1" go test ./validate -run "$2" -count=1 2>&1) || { echo "$out"; echo "bench-explore: $2 failed"; exit 1; }; }
write SCAPE_BENCH_SIXTEEN="$work/p/sixteen" TestWriteSixteenForScript
write SCAPE_BENCH_SIXTEEN_DEEP="$work/p/deep" TestWriteSixteenDeepForScript
# Warm-up: each binary's SDK cache and build server (a served build is what a second build is).
for bin in "${bins[@]}"; do
  XDG_CACHE_HOME="$work/cache" "$bin" gizmo build "$work/p/sixteen" >/dev/null
  sleep 1
  XDG_CACHE_HOME="$work/cache" "$bin" gizmo build "$work/p/sixteen" >/dev/null
done
node scripts/node-way.mjs "$work/p/sixteen" >/dev/null

median() { sort -n | awk '{a[NR]=$1} END {if (NR==0) print "-"; else print a[int((NR+1)/2)]}'; }
validateMs() { sed -n 's/.*"validate": \([0-9.]*\).*/\1/p' "$1" | head -1; }

# One alternated series: for each run, every (label, command) once, in order. Results in
# $work/r/<label>.{wall,cpu,validate}, one line per run.
rm -rf "$work/r"
mkdir -p "$work/r"
series=()
add() { series+=("$1|$2"); }
for project in sixteen deep; do
  add "$project node way" "node scripts/node-way.mjs $work/p/$project"
  for i in "${!bins[@]}"; do
    add "$project ${names[$i]} default" "${bins[$i]} gizmo build $work/p/$project --json"
    [ "$project" = deep ] && add "$project ${names[$i]} explore=64" "${bins[$i]} gizmo build $work/p/$project --json --explore=64"
    add "$project ${names[$i]} explore=0" "${bins[$i]} gizmo build $work/p/$project --json --explore=0"
  done
done
for ((r = 0; r < runs; r++)); do
  for entry in "${series[@]}"; do
    label=${entry%%|*}
    cmd=${entry#*|}
    file="$work/r/${label// /_}"
    # shellcheck disable=SC2086 # the command is a word list
    XDG_CACHE_HOME="$work/cache" "$tree" "$work/tree" $cmd >"$work/out.json"
    read -r wall cpu _ <"$work/tree"
    echo "$wall" >>"$file.wall"
    echo "$cpu" >>"$file.cpu"
    v=$(validateMs "$work/out.json")
    echo "${v:-0}" >>"$file.validate"
  done
done

m() { median <"$work/r/${1// /_}.$2"; }
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { if (b > 0) printf "%.2f", a / b; else print "-" }'; }
perState() { awk -v on="$1" -v off="$2" -v n="$3" 'BEGIN { printf "%.3f", (on - off) / n }'; }
printf '%-30s %8s %8s %9s %10s %9s\n' run wall_ms cpu_ms validate ms/state ×node
for project in sixteen deep; do
  node_wall=$(m "$project node way" wall)
  printf '%-30s %8s %8s %9s %10s %9s\n' "$project node way" "$node_wall" "$(m "$project node way" cpu)" - - 1.00
  for name in "${names[@]}"; do
    off=$(m "$project $name explore=0" validate)
    for mode in default explore=64 explore=0; do
      [ "$mode" = explore=64 ] && [ "$project" != deep ] && continue
      label="$project $name $mode"
      states=0
      case "$project/$mode" in
        sixteen/default) states=128 ;; # 8 of each definition's 9 states beyond initial()
        deep/default) states=128 ;;
        deep/explore=64) states=1024 ;;
      esac
      ps=-
      [ "$states" -gt 0 ] && ps=$(perState "$(m "$label" validate)" "$off" "$states")
      printf '%-30s %8s %8s %9s %10s %9s\n' "$label" "$(m "$label" wall)" "$(m "$label" cpu)" "$(m "$label" validate)" "$ps" "$(ratio "$(m "$label" wall)" "$node_wall")"
    done
  done
done

# The per-state cost proper, in one process (validate.BenchmarkExploreStates: a generous time
# bound, so the state bound decides even on a loaded machine, where the whole builds above may
# stop at the default 500 ms; CPU time beside wall time). With BASE, the same benchmark file is
# run in BASE's tree too, alternated run by run.
echo
echo "in process (go test ./validate -bench ExploreStates): deep = 16 × 64 states, default = 16 × 8"
trees=(.)
if [ -n "${BASE:-}" ]; then
  # The benchmark's project writer moved to internal/benchproject: copied along where BASE lacks it.
  cp validate/explore_bench_test.go "$work/base-src/validate/"
  mkdir -p "$work/base-src/internal/benchproject"
  [ -f "$work/base-src/internal/benchproject/benchproject.go" ] || cp internal/benchproject/benchproject.go "$work/base-src/internal/benchproject/"
  trees+=("$work/base-src")
fi
for ((r = 0; r < runs; r++)); do
  for i in "${!trees[@]}"; do
    (cd "${trees[$i]}" && go test ./validate -run XXX -bench ExploreStates -benchtime 1x -count=1) |
      awk -v name="${names[$i]}" '/^BenchmarkExploreStates/ { for (f = 3; f < NF; f += 2) printf "%s %s %s\n", name, $(f + 1), $f }' >>"$work/inproc"
  done
done
printf '%-8s %14s %14s %16s %16s %12s\n' tree deep-ms/state deep-cpu/state default-ms/state default-cpu/state off-ms/op
for name in "${names[@]}"; do
  row=()
  for metric in deep-ms/state deep-cpu-ms/state default-ms/state default-cpu-ms/state off-ms/op; do
    row+=("$(awk -v n="$name" -v m="$metric" '$1 == n && $2 == m { print $3 }' "$work/inproc" | median)")
  done
  printf '%-8s %14s %14s %16s %16s %12s\n' "$name" "${row[@]}"
done
echo "load average after: $(cut -d" " -f1-3 /proc/loadavg)"
