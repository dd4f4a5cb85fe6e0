#!/usr/bin/env bash
# The main job on a fresh machine with only Go: build scape, scaffold the lamp example into
# ./quickstart-lamp (or DIR), build it, run its tests, and leave you in the dev loop against the
# embedded local world — open the printed World link, edit quickstart-lamp/src/definition.ts,
# watch each save go live. Ctrl-C stops; the project stays for you to keep working on.
#
#   ./scripts/quickstart.sh [DIR]
#
# An existing DIR that is a lamp project is reused as it is (your edits are kept). Anything else
# there is never replaced without asking: on a terminal you are asked, otherwise the script
# stops.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
dir="${1:-$root/quickstart-lamp}"

echo "== building scape =="
(cd "$root" && go build -o bin/scape ./cmd/scape)
scape="$root/bin/scape"

is_lamp() { [ -f "$1/package.json" ] && grep -q "type: 'example.lamp'" "$1/src/definition.ts" 2>/dev/null; }

if [ -e "$dir" ] && ! is_lamp "$dir"; then
  if [ -t 0 ]; then
    read -r -p "$dir exists and is not a lamp project. Replace it (everything in it is deleted)? [y/N] " answer
    case "$answer" in
      y | Y | yes) rm -rf -- "$dir" ;;
      *) echo "Nothing changed. Pass another directory: $0 DIR" >&2; exit 1 ;;
    esac
  else
    echo "$dir exists and is not a lamp project; nothing changed. Pass another directory: $0 DIR" >&2
    exit 1
  fi
fi
if [ -e "$dir" ]; then
  echo "== reusing the lamp project in $dir =="
else
  echo "== scaffolding the lamp example into $dir =="
  "$scape" gizmo init "$dir" --template lamp >/dev/null
fi

echo "== scape gizmo build =="
"$scape" gizmo build "$dir"
echo "== scape gizmo test =="
"$scape" gizmo test "$dir"
echo
echo "== scape gizmo dev: a local world; open the World link below, edit $dir/src/definition.ts, Ctrl-C stops =="
exec "$scape" gizmo dev "$dir"
