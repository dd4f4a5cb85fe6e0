#!/usr/bin/env bash
# Whole-process `scape gizmo build` of the lamp with TypeScript installed, with the type check
# kept warm (this tree: a type-check server, docs/build.md "The type check kept warm") against
# a binary that starts Node and loads TypeScript for every build (BASE), alternated in one run.
#
#   scripts/bench-typecheck.sh [RUNS]      (default 7; prints medians and their ratio)
#
# BASE is a binary to compare with; without it, the tree before the type-check server existed
# (the parent of the commit that added typecheck/server.go) is built. Both binaries keep their
# validation build servers warm (each its own), so the difference is the type check. Two tables:
# nothing changed since the last build, and a line of definition.ts edited before each build.
# Columns: whole-process wall ms (what the user waits for), the report's types ms. Needs node
# and the repository's node_modules (npm ci). A noisy machine inflates every number: the load
# average is printed first; only the ratio of the same run means much.
set -euo pipefail
cd "$(dirname "$0")/.."
runs=${1:-7}
work=$(mktemp -d)
# Go's own build cache stays where it is (it lives under XDG_CACHE_HOME by default).
GOCACHE=$(go env GOCACHE)
export GOCACHE XDG_CACHE_HOME="$work/cache" XDG_CONFIG_HOME="$work/config"
cleanup() {
  # Removing the cache ends every server these builds started (each watches its socket).
  rm -rf "$work/cache"
  sleep 1.5
  rm -rf "$work"
}
trap cleanup EXIT
command -v node >/dev/null || { echo "bench-typecheck: needs node"; exit 2; }
[ -d node_modules/typescript ] || { echo "bench-typecheck: needs node_modules/typescript (npm ci)"; exit 2; }
go build -o "$work/scape" ./cmd/scape
scape="$work/scape"
if [ -z "${BASE:-}" ]; then
  rev=$(git log --diff-filter=A --format=%H -1 -- typecheck/server.go)
  mkdir -p "$work/base-src"
  git archive "$rev^" | tar -x -C "$work/base-src"
  (cd "$work/base-src" && go build -o "$work/scape-base" ./cmd/scape)
  BASE="$work/scape-base"
fi
unset CI SCAPE_BUILD_SERVER

echo "load average: $(cut -d" " -f1-3 /proc/loadavg); runs: $runs"
"$scape" gizmo init "$work/lamp" --template lamp >/dev/null # trusted: made by init
mkdir -p "$work/lamp/node_modules"
ln -s "$PWD/node_modules/typescript" "$work/lamp/node_modules/typescript"
def="$work/lamp/src/definition.ts"

median() { sort -n | awk '{a[NR]=$1} END {if (NR==0) print "-"; else print a[int((NR+1)/2)]}'; }

# one BIN → "wall_ms types_ms" of one build (which must be valid, types checked)
one() {
  local t0 t1 out
  t0=$(date +%s%N)
  out=$("$1" gizmo build --json "$work/lamp")
  t1=$(date +%s%N)
  echo "$(((t1 - t0) / 1000000)) $(printf '%s' "$out" | node -e 'let s="";process.stdin.on("data",d=>s+=d).on("end",()=>{const r=JSON.parse(s);if(!r.types||!r.types.checked){console.error("types not checked: "+JSON.stringify(r.types));process.exit(1)}console.log(Math.round(r.types.ms))})')"
}

# Warm-up: each binary's first build starts its servers; the next waits for them to be ready.
for bin in "$BASE" "$scape"; do one "$bin" >/dev/null; one "$bin" >/dev/null; one "$bin" >/dev/null; done

table() {
  local edit=$1 i bin r bw=() bt=() nw=() nt=()
  for ((i = 0; i < runs; i++)); do
    for bin in "$BASE" "$scape"; do
      if [ "$edit" = yes ]; then echo "// edit $i $RANDOM" >>"$def"; fi
      r=$(one "$bin")
      if [ "$bin" = "$BASE" ]; then bw+=("${r% *}"); bt+=("${r#* }"); else nw+=("${r% *}"); nt+=("${r#* }"); fi
    done
  done
  local mbw mbt mnw mnt
  mbw=$(printf '%s\n' "${bw[@]}" | median); mbt=$(printf '%s\n' "${bt[@]}" | median)
  mnw=$(printf '%s\n' "${nw[@]}" | median); mnt=$(printf '%s\n' "${nt[@]}" | median)
  printf '%-10s %12s %12s %12s %12s %10s\n' "$2" "$mbw" "$mbt" "$mnw" "$mnt" "$(awk -v a="$mnw" -v b="$mbw" 'BEGIN{printf "%.2f", a/b}')"
}
printf '%-10s %12s %12s %12s %12s %10s\n' "" "base wall" "base types" "warm wall" "warm types" "warm/base"
table no unchanged
table yes edited
echo "load average after: $(cut -d" " -f1-3 /proc/loadavg)"
