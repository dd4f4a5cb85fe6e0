#!/usr/bin/env bash
# From a file write to the new revision drawn on the world page, as an author sees it: the real
# `scape gizmo dev` with its embedded host, the lamp template, headless Chromium
# (BenchmarkSaveToDrawn in host/grid_bench_browser_test.go). With 1 tab: the median against the
# 100 ms goal, split into save → accepted (dev's verdict line) and accepted → drawn (the page's
# part). With 10 tabs: the median and the worst of the last tab to draw each revision.
# Usage: scripts/world-bench.sh [saves per run, default 30]
set -euo pipefail
cd "$(dirname "$0")/.."
n=${1:-30}
echo "load average: $(cut -d" " -f1-3 /proc/loadavg)"
SCAPE_REQUIRE_CHROMIUM=1 go test ./host -run '^$' -bench BenchmarkSaveToDrawn -benchtime "${n}x" | awk '
  function metric(unit,   i) { for (i = 1; i <= NF; i++) if ($(i+1) == unit) return $i; return "" }
  /^BenchmarkSaveToDrawn/ {
    name = $1; sub(/^BenchmarkSaveToDrawn\//, "", name); sub(/-[0-9]+$/, "", name)
    d = metric("ms-median/drawn")
    printf "%-8s save → drawn median %6.1f ms (goal < 100 ms: %s)   split: save → accepted %6.1f ms, accepted → drawn %6.1f ms\n",
      name, d, (d < 100 ? "ok" : "OVER"), metric("ms-median/save-to-accepted"), metric("ms-median/accepted-to-drawn")
    if (metric("ms-median/last-tab") != "")
      printf "%-8s last tab drawn: median %6.1f ms, worst %6.1f ms (%s saves)\n", name, metric("ms-median/last-tab"), metric("ms-max/last-tab"), $2
  }
  /^(FAIL|---|panic)/ { print; failed = 1 }
  END { exit failed }'
