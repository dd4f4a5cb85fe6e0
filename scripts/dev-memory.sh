#!/usr/bin/env bash
# Measures the resident memory of an idle `scape gizmo dev` on the lamp template, in both
# modes: embedded host (client + host in one process), idle and then with one world page open in
# headless Chromium (its event stream connected, the canvas drawn), and client only (--origin to
# a separate host). Goal: under 100 MB RSS when idle. Prints VmRSS (now) and VmHWM (peak) per
# process (dev's own; the browser's memory is not dev's).
set -euo pipefail
cd "$(dirname "$0")/.."
work=$(mktemp -d)
trap 'kill $(jobs -p) 2>/dev/null || true; rm -rf "$work"' EXIT
go build -o "$work/scape" ./cmd/scape
"$work/scape" gizmo init "$work/lamp" --template lamp >/dev/null

wait_for() { # file regex
  for _ in $(seq 1 300); do grep -qE "$2" "$1" 2>/dev/null && return 0; sleep 0.1; done
  echo "timed out waiting for $2 in $1" >&2; cat "$1" >&2; exit 1
}
report() { # label pid
  local rss hwm
  rss=$(awk '/VmRSS/ {print $2}' "/proc/$2/status")
  hwm=$(awk '/VmHWM/ {print $2}' "/proc/$2/status")
  printf '%-34s RSS %6.1f MB   peak %6.1f MB   (goal < 100 MB: %s)\n' "$1" "$(echo "$rss/1024" | bc -l)" "$(echo "$hwm/1024" | bc -l)" \
    "$([ "$rss" -lt 102400 ] && echo ok || echo OVER)"
}

# tree NAME PID: dev with its worker processes (the local check's, the embedded host's check and
# live workers): the sum of their RSS (shared pages of the binary counted once per process) and
# of their PSS (shared pages split among the processes: the tree's real share of memory).
tree() {
  local pids=($2) frontier=($2) next p
  while [ ${#frontier[@]} -gt 0 ]; do
    next=()
    for p in "${frontier[@]}"; do next+=($(pgrep -P "$p" || true)); done
    pids+=("${next[@]}"); frontier=("${next[@]}")
  done
  local rss=0 pss=0
  for p in "${pids[@]}"; do
    rss=$((rss + $(awk '/VmRSS/ {print $2}' "/proc/$p/status")))
    pss=$((pss + $(awk '/^Pss:/ {print $2}' "/proc/$p/smaps_rollup")))
  done
  printf '%-34s %d processes: RSS %6.1f MB summed, PSS %6.1f MB (goal < 100 MB: %s)\n' "$1" "${#pids[@]}" \
    "$(echo "$rss/1024" | bc -l)" "$(echo "$pss/1024" | bc -l)" "$([ "$pss" -lt 102400 ] && echo ok || echo OVER)"
}

"$work/scape" gizmo dev "$work/lamp" >"$work/embedded.out" 2>&1 &
pid=$!
wait_for "$work/embedded.out" '^r1 accepted'
sleep 3 # idle: the loop waits for file events
report "dev (embedded host), idle" $pid
tree "  with its workers" $pid
# One tab: the printed World link signs in and opens the world page, which holds an event stream.
chrome=$(command -v chromium || command -v chromium-browser || command -v google-chrome || true)
if [ -n "$chrome" ]; then
  link=$(grep -o 'http://[^ ]*login?token=[^ ]*' "$work/embedded.out" | head -1)
  port=$(echo "$link" | sed -n 's|http://[^:]*:\([0-9]*\)/.*|\1|p')
  "$chrome" --headless=new --no-sandbox --disable-gpu --user-data-dir="$work/chrome" --remote-debugging-port=0 "$link" >"$work/chrome.out" 2>&1 &
  chrome_pid=$!
  # The page's event stream: an established connection to dev's port that stays open.
  for _ in $(seq 1 300); do
    [ "$(ss -Htn state established "( sport = :$port )" | wc -l)" -ge 1 ] && break; sleep 0.1
  done
  sleep 5 # idle with the tab open (the stream's keep-alives only)
  echo "open connections to dev: $(ss -Htn state established "( sport = :$port )" | wc -l)"
  report "dev (embedded host), idle, 1 tab" $pid
  tree "  with its workers" $pid
  kill $chrome_pid 2>/dev/null; wait $chrome_pid 2>/dev/null || true
else
  echo "SKIP: no Chromium, the one-tab measurement did not run"
fi
kill -INT $pid; wait $pid || true

"$work/scape" gizmo host --addr 127.0.0.1:0 --data "$work/world" >"$work/host.out" 2>&1 &
hpid=$!
wait_for "$work/host.out" '^Developer world at'
origin=$(sed -n 's/^Developer world at \(http[^ ]*\)\/ .*/\1/p' "$work/host.out")
token=$(sed -n 's/.*login?token=\(sot_[A-Za-z0-9_-]*\).*/\1/p' "$work/host.out" | tail -1)
"$work/scape" gizmo dev --origin "$origin" --json "$work/lamp" >"$work/client.out" 2>"$work/client.err" &
cpid=$!
wait_for "$work/client.out" '"event":"pairing"'
code=$(sed -n 's/.*"event":"pairing","code":"\([A-Z-]*\)".*/\1/p' "$work/client.out")
jar="$work/cookies"
curl -s -c "$jar" -b "$jar" -o /dev/null -d "token=$token&next=/" "$origin/login"
csrf=$(curl -s -c "$jar" -b "$jar" "$origin/connect?code=$code" | sed -n 's/.*name="csrf" value="\([^"]*\)".*/\1/p' | head -1)
curl -s -c "$jar" -b "$jar" -o /dev/null -d "csrf=$csrf&code=$code&decision=approve" "$origin/connect"
wait_for "$work/client.out" '"event":"accepted"'
sleep 3
report "dev --origin (client only), idle" $cpid
report "host, idle after one revision" $hpid
kill -INT $cpid; wait $cpid || true
