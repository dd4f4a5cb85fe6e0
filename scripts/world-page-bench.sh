#!/usr/bin/env bash
# Latency of the world page (GET /) with 10 placed lamps, friendly and with a view that loops
# forever, through the real engine (BenchmarkWorldPage in host/worldpage_test.go). The page's
# views share a 250 ms budget, 50 ms each; a loop is a placeholder and is not run again for the
# same state, so the first load after placing costs the budget and later loads almost nothing.
set -euo pipefail
cd "$(dirname "$0")/.."
n=${1:-20}
go test ./host -run '^$' -bench BenchmarkWorldPage -benchtime "${n}x" | awk '
  /^BenchmarkWorldPage/ {
    name = $1; sub(/^BenchmarkWorldPage\//, "", name); sub(/-[0-9]+$/, "", name)
    for (i = 1; i <= NF; i++) {
      if ($(i+1) == "ms/first-load") first = $i
      if ($(i+1) == "ms-median/load") median = $i
      if ($(i+1) == "ms-max/load") worst = $i
    }
    printf "%-12s first load %8.1f ms   median %6.1f ms   worst %8.1f ms   (%s loads)\n", name, first, median, worst, $2
  }'
