#!/usr/bin/env bash
# Every bundle of testdata/hostile through `scape gizmo build`, `scape gizmo test` and an upload to
# the reference host: outcome, wall time, peak RSS and bound per run; exits 1 when a run exceeds
# its bound or crashes. Builds the binary once; runs offline. Arguments go to scripts/hostile
# (-only REGEXP, -targets build,test,host, -strict, -v).
set -euo pipefail
cd "$(dirname "$0")/.."
exec go run ./scripts/hostile "$@"
