#!/usr/bin/env bash
# Whole-process build times and peak memory of `scape gizmo build`, per template and for a
# 16-definition project, cold and warm, with bundling and validation separated.
#
#   scripts/bench-build.sh [RUNS]        (default 5 runs; prints medians)
#
# A second table compares warm builds with state exploration at its default and --explore=0
# (alternated run by run), with the ratio of the medians. With BASE=path/to/another/scape (or a git revision, built here), a third
# compares that binary's warm builds with this tree's, alternated, exploration on (before/after).
#
# cold: a fresh SDK cache directory each run (esbuild compiles the embedded SDK first; no build
# server: SCAPE_BUILD_SERVER=0, so the servers a first build would start do not load the runs);
# warm: the SDK cache filled and the build server running (the normal case after the first build
# on a machine: the build checks on the server's warm worker, docs/build.md "The build server");
# own: warm cache, no server (SCAPE_BUILD_SERVER=0): validation in a worker of the build's own.
# Columns: whole-process wall time (ms), CPU time of the build and its worker together (ms: what
# a loaded machine inflates least), the report's bundle/validate split (ms), the part of validate
# spent rendering the declared sounds (ms), peak RSS (MB; the largest of the build and its
# validation worker, which scripts/proctree.py reaps: /usr/bin/time alone never saw the worker;
# a served build's tree is the build alone, so the server's worker's peak is printed after the
# table).
# Modes: cold and warm run validation in its worker process (package
# isolate, the default); inproc runs it in the build's own process (SCAPE_ISOLATE=0, warm), to
# show what the worker costs.
# Goals (docs/build.md): a template builds in < 100 ms as a whole process (warm); 16 definitions
# validate in < 50 ms; a template build peaks < 150 MB RSS. A noisy machine inflates every
# number: the load average is printed first, and `scape --version` is timed as the floor a
# process costs here.
set -euo pipefail
cd "$(dirname "$0")/.."
runs=${1:-5}
work=$(mktemp -d)
# The servers the warm-up builds start would idle for 10 minutes after the run: end them (found
# by this run's own cache path).
cleanup() {
  for pid in $(pgrep -f "internal build-server $work/cache/" || true); do kill "$pid" 2>/dev/null || true; done
  rm -rf "$work"
}
trap cleanup EXIT
go build -o "$work/scape" ./cmd/scape
scape="$work/scape"
# BASE may be a git revision: its binary is built from `git archive` of it.
if [ -n "${BASE:-}" ] && [ ! -x "$BASE" ]; then
  mkdir -p "$work/base-src"
  git archive "$BASE" | tar -x -C "$work/base-src"
  (cd "$work/base-src" && go build -o "$work/scape-base" ./cmd/scape)
  BASE="$work/scape-base"
fi
tree=scripts/proctree.py
if ! command -v python3 >/dev/null; then echo "bench-build: needs python3 (scripts/proctree.py)"; exit 2; fi

echo "load average: $(cut -d" " -f1-3 /proc/loadavg); runs: $runs"
mkdir -p "$work/p"
for t in blank counter voting-booth lamp pressure-pad fan walkable-tile chime jump-pad; do
  XDG_CACHE_HOME="$work/cache" "$scape" gizmo init "$work/p/$t" --template "$t" >/dev/null
done
# The 16-definition project of validate/bench_test.go, written by its test helper.
SCAPE_BENCH_SIXTEEN="$work/p/sixteen" go test ./validate -run TestWriteSixteenForScript -count=1 >/dev/null

median() { sort -n | awk '{a[NR]=$1} END {if (NR==0) print "-"; else print a[int((NR+1)/2)]}'; }

# measure DIR MODE [BUILD FLAGS…] → one line of medians
measure() {
  local dir=$1 mode=$2 i walls=() cpus=() bundles=() validates=() sounds=() rss=()
  shift 2
  for ((i = 0; i < runs; i++)); do
    # Only settings that differ from the defaults are set: a build server is keyed by every SCAPE_
    # setting, and a warm build must find the one the warm-up builds started (one it started
    # itself would be its descendant, and proctree.py waits for every descendant).
    local cache="$work/cache" extra=()
    if [ "$mode" = cold ]; then cache="$work/cold-$i"; rm -rf "$cache"; extra=(SCAPE_BUILD_SERVER=0); fi
    if [ "$mode" = own ]; then extra=(SCAPE_BUILD_SERVER=0); fi
    if [ "$mode" = inproc ]; then extra=(SCAPE_ISOLATE=0); fi
    env "${extra[@]}" XDG_CACHE_HOME="$cache" "$tree" "$work/tree" "$scape" gizmo build "$dir" --json "$@" >"$work/out.json"
    read -r wall cpu kb <"$work/tree"
    walls+=("$wall")
    cpus+=("$cpu")
    rss+=("$((kb / 1024))")
    bundles+=("$(grep -A3 '"timingMs"' "$work/out.json" | sed -n 's/.*"bundle": \([0-9.]*\).*/\1/p')")
    validates+=("$(grep -A3 '"timingMs"' "$work/out.json" | sed -n 's/.*"validate": \([0-9.]*\).*/\1/p')")
    sounds+=("$(grep -A5 '"timingMs"' "$work/out.json" | sed -n 's/.*"sounds": \([0-9.]*\).*/\1/p')")
  done
  printf '%-14s %-6s %8s %7s %8s %9s %7s %7s\n' "$(basename "$dir")" "$mode" \
    "$(printf '%s\n' "${walls[@]}" | median)" "$(printf '%s\n' "${cpus[@]}" | median)" "$(printf '%s\n' "${bundles[@]}" | median)" \
    "$(printf '%s\n' "${validates[@]}" | median)" "$(printf '%s\n' "${sounds[@]}" | median)" \
    "$(printf '%s\n' "${rss[@]}" | median)"
}

ratio() { awk -v a="$1" -v b="$2" 'BEGIN { if (b > 0) printf "%.2f", a / b; else print "-" }'; }
# row NAME A B CPU_A CPU_B RSS_A RSS_B (array names) → medians and ratios A/B
row() {
  local -n a=$2 b=$3 ca=$4 cb=$5 ra=$6 rb=$7
  local ma mb mca mcb
  ma=$(printf '%s\n' "${a[@]}" | median); mb=$(printf '%s\n' "${b[@]}" | median)
  mca=$(printf '%s\n' "${ca[@]}" | median); mcb=$(printf '%s\n' "${cb[@]}" | median)
  printf '%-14s %8s %8s %7s %8s %8s %7s %10s %10s\n' "$1" "$ma" "$mb" "$(ratio "$ma" "$mb")" "$mca" "$mcb" "$(ratio "$mca" "$mcb")" \
    "$(printf '%s\n' "${ra[@]}" | median)" "$(printf '%s\n' "${rb[@]}" | median)"
}

floor=()
for ((i = 0; i < runs; i++)); do
  t0=$(date +%s%N)
  "$scape" --version >/dev/null
  t1=$(date +%s%N)
  floor+=("$(((t1 - t0) / 1000000))")
done
echo "process floor (scape --version): $(printf '%s\n' "${floor[@]}" | median) ms"
# Fill the warm cache; the build starts the server, which is ready once a build is served.
XDG_CACHE_HOME="$work/cache" "$scape" gizmo build "$work/p/lamp" >/dev/null
sleep 1
XDG_CACHE_HOME="$work/cache" "$scape" gizmo build "$work/p/lamp" >/dev/null
printf '%-14s %-6s %8s %7s %8s %9s %7s %7s\n' project mode wall_ms cpu_ms bundle validate sounds rss_MB
for dir in "$work"/p/*; do
  measure "$dir" cold
  measure "$dir" warm
  measure "$dir" own
  measure "$dir" inproc
done
# The build server's processes: itself and its worker (VmHWM: the peak over every request so far).
for pid in $(pgrep -f "internal build-server $work/cache/" || true); do
  for p in "$pid" $(pgrep -P "$pid" || true); do
    echo "build server process $p ($(tr '\0' ' ' </proc/"$p"/cmdline | cut -c1-40)): peak RSS $(awk '/VmHWM/ {print int($2/1024)}' /proc/"$p"/status) MB"
  done
done

# State exploration (docs/build.md, "State exploration"): warm builds with exploration at its
# default against --explore=0, alternated run by run so both see the same load; the ratio of
# the medians is what exploring costs a whole build.
echo
printf '%-14s %8s %8s %7s %8s %8s %7s %10s %10s\n' project on_ms off_ms ratio on_cpu off_cpu ratio rss_MB_on rss_MB_off
for dir in "$work"/p/*; do
  on=() off=() con=() coff=() rss_on=() rss_off=()
  for ((i = 0; i < runs; i++)); do
    for flag in on off; do
      args=()
      [ "$flag" = off ] && args=(--explore=0)
      XDG_CACHE_HOME="$work/cache" "$tree" "$work/tree" "$scape" gizmo build "$dir" "${args[@]}" >/dev/null
      read -r wall cpu kb <"$work/tree"
      if [ "$flag" = on ]; then on+=("$wall"); con+=("$cpu"); rss_on+=("$((kb / 1024))"); else off+=("$wall"); coff+=("$cpu"); rss_off+=("$((kb / 1024))"); fi
    done
  done
  row "$(basename "$dir")" on off con coff rss_on rss_off
done

if [ -n "${BASE:-}" ]; then
  # The base binary's own build server, started here outside the measurement: the first measured
  # base build would otherwise start it as its descendant, and proctree.py waits for every
  # descendant, so the run hung until the server's 10 idle minutes ran out.
  XDG_CACHE_HOME="$work/cache" "$BASE" gizmo build "$work/p/lamp" >/dev/null
  sleep 1
  XDG_CACHE_HOME="$work/cache" "$BASE" gizmo build "$work/p/lamp" >/dev/null
  echo
  echo "before/after: BASE=$BASE against this tree (warm, exploration on, alternated)"
  printf '%-14s %8s %8s %7s %8s %8s %7s %10s %10s\n' project base_ms this_ms ratio base_cpu this_cpu ratio rss_MB_base rss_MB_this
  for dir in "$work"/p/*; do
    on=() off=() con=() coff=() rss_on=() rss_off=()
    for ((i = 0; i < runs; i++)); do
      for bin in "$BASE" "$scape"; do
        XDG_CACHE_HOME="$work/cache" "$tree" "$work/tree" "$bin" gizmo build "$dir" >/dev/null
        read -r wall cpu kb <"$work/tree"
        if [ "$bin" = "$BASE" ]; then on+=("$wall"); con+=("$cpu"); rss_on+=("$((kb / 1024))"); else off+=("$wall"); coff+=("$cpu"); rss_off+=("$((kb / 1024))"); fi
      done
    done
    row "$(basename "$dir")" on off con coff rss_on rss_off
  done
fi
