#!/usr/bin/env bash
# The main job, end to end on a fresh machine with only Go: build the scape binary, scaffold the
# lamp example into a temporary directory and build it.
set -euo pipefail
cd "$(dirname "$0")/.."
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
go build -o "$work/scape" ./cmd/scape
"$work/scape" gizmo init "$work/my-lamp" --template lamp
"$work/scape" gizmo build "$work/my-lamp"
"$work/scape" gizmo test "$work/my-lamp"
