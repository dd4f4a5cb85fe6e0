#!/usr/bin/env bash
# The main job, end to end on a fresh machine with only Go: build the scape binary, scaffold the
# lamp example into a temporary directory, build it, run its tests, then start the dev loop
# against the embedded reference host, wait for the first accepted revision, save an edit, wait
# for that revision too, and stop (which revokes the session).
set -euo pipefail
cd "$(dirname "$0")/.."
work=$(mktemp -d)
dev_pid=
cleanup() {
  [ -n "$dev_pid" ] && kill "$dev_pid" 2>/dev/null || true
  rm -rf "$work"
}
trap cleanup EXIT

go build -o "$work/scape" ./cmd/scape
scape="$work/scape"
"$scape" gizmo init "$work/my-lamp" --template lamp
"$scape" gizmo build "$work/my-lamp"
"$scape" gizmo test "$work/my-lamp"

echo
echo "== scape gizmo dev (embedded host) =="
events="$work/events.jsonl"
"$scape" gizmo dev --json "$work/my-lamp" >"$events" &
dev_pid=$!

# wait_for N: wait (up to 60 s) until the event stream holds N accepted revisions.
wait_for() {
  for _ in $(seq 600); do
    [ "$(grep -c '"event":"accepted"' "$events" || true)" -ge "$1" ] && return 0
    kill -0 "$dev_pid" 2>/dev/null || { cat "$events"; echo "dev stopped early" >&2; return 1; }
    sleep 0.1
  done
  cat "$events"; echo "no accepted revision within 60 s" >&2; return 1
}
wait_for 1
sed -i "s/label: 'Lamp'/label: 'Desk lamp'/" "$work/my-lamp/src/definition.ts"
wait_for 2
kill -INT "$dev_pid"; wait "$dev_pid" || true; dev_pid=
grep -E '"event":"(accepted|stopped)"' "$events"
echo "quickstart: ok"
