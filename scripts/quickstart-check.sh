#!/usr/bin/env bash
# The quick start, checked end to end and non-interactively (run by .ci/run; `make quickstart-check`):
#  1. the main command, scripts/quickstart.sh, into a temporary directory: it must build,
#     scaffold, test and leave a dev loop that prints the World link; then stopped with Ctrl-C
#     (SIGINT), the project must still be there; run again it must reuse it, and it must refuse
#     a directory that is not a lamp project;
#  2. the loop itself: dev --json on the same project, wait for the first accepted revision, save
#     an edit, wait for that revision too, and stop (which revokes the session).
set -euo pipefail
cd "$(dirname "$0")/.."
work=$(mktemp -d)
dev_pid=
cleanup() {
  [ -n "$dev_pid" ] && kill "$dev_pid" 2>/dev/null || true
  rm -rf "$work"
}
trap cleanup EXIT

# wait_line FILE REGEXP PID: wait (up to 120 s) until FILE has a line matching REGEXP.
wait_line() {
  for _ in $(seq 1200); do
    grep -qE "$2" "$1" && return 0
    kill -0 "$3" 2>/dev/null || { cat "$1"; echo "stopped before printing /$2/" >&2; return 1; }
    sleep 0.1
  done
  cat "$1"; echo "no /$2/ within 120 s" >&2; return 1
}

echo "== scripts/quickstart.sh =="
qs_out="$work/quickstart.out"
# The script execs scape, so $! is the dev loop once the World link is printed.
./scripts/quickstart.sh "$work/my-lamp" </dev/null >"$qs_out" 2>&1 &
dev_pid=$!
wait_line "$qs_out" '^World: https?://' "$dev_pid"
wait_line "$qs_out" '^r1 accepted' "$dev_pid"
kill -INT "$dev_pid"; wait "$dev_pid" || true; dev_pid=
cat "$qs_out"
[ -f "$work/my-lamp/src/definition.ts" ] || { echo "quickstart.sh did not keep the project" >&2; exit 1; }
./scripts/quickstart.sh "$work/my-lamp" </dev/null >"$qs_out" 2>&1 &
dev_pid=$!
wait_line "$qs_out" '^== reusing the lamp project' "$dev_pid"
wait_line "$qs_out" '^World: https?://' "$dev_pid"
kill -INT "$dev_pid"; wait "$dev_pid" || true; dev_pid=
mkdir "$work/not-a-lamp"
if ./scripts/quickstart.sh "$work/not-a-lamp" </dev/null >"$qs_out" 2>&1; then
  cat "$qs_out"; echo "quickstart.sh used a directory that is not a lamp project" >&2; exit 1
fi
grep -q 'is not a lamp project; nothing changed' "$qs_out" || { cat "$qs_out"; exit 1; }

scape=./bin/scape

echo
echo "== scape gizmo dev (embedded host) =="
events="$work/events.jsonl"
"$scape" gizmo dev --json "$work/my-lamp" >"$events" &
dev_pid=$!

# wait_for N: wait (up to 60 s) until the event stream holds N revisions the world has
# ("unchanged" is the first one: the project's embedded world already holds it from step 1).
wait_for() {
  for _ in $(seq 600); do
    [ "$(grep -cE '"event":"(accepted|unchanged)"' "$events" || true)" -ge "$1" ] && return 0
    kill -0 "$dev_pid" 2>/dev/null || { cat "$events"; echo "dev stopped early" >&2; return 1; }
    sleep 0.1
  done
  cat "$events"; echo "no accepted revision within 60 s" >&2; return 1
}
wait_for 1
sed -i "s/label: 'Lamp'/label: 'Desk lamp'/" "$work/my-lamp/src/definition.ts"
wait_for 2
kill -INT "$dev_pid"; wait "$dev_pid" || true; dev_pid=
grep -E '"event":"(accepted|unchanged|stopped)"' "$events"
echo "quickstart: ok"
