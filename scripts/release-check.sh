#!/usr/bin/env bash
# The release is reproducible: two runs of scripts/release (what `make release` runs) into two
# temporary folders must give byte-identical files, whose SHA256SUMS verifies with the system's
# own tool; the binary for this machine, unpacked with the system's tar, must print the release's
# version and commit. Arguments go to both runs (e.g. -platforms linux-amd64 for a quick look).
#
# The second run reuses the Go build cache of the first (only the links run again), so the check
# costs about one release plus six links. Both runs read the working tree: edit nothing while it
# runs, or the two releases differ for a real reason.
set -euo pipefail
cd "$(dirname "$0")/.."
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

fail() {
  echo "release-check: FAIL: $*" >&2
  exit 1
}

for run in a b; do
  echo "== release run $run =="
  go run ./scripts/release -out "$work/$run" "$@" || fail "release run $run did not finish"
done

(cd "$work/a" && ls) >"$work/a.list"
(cd "$work/b" && ls) >"$work/b.list"
cmp -s "$work/a.list" "$work/b.list" || fail "the two runs wrote different files: $(diff "$work/a.list" "$work/b.list" | tr '\n' ' ')"
n=0
while read -r name; do
  cmp "$work/a/$name" "$work/b/$name" || fail "$name differs between the two runs"
  n=$((n + 1))
done <"$work/a.list"

if command -v sha256sum >/dev/null; then
  (cd "$work/a" && sha256sum -c --quiet SHA256SUMS) || fail "SHA256SUMS does not verify"
else # macOS
  (cd "$work/a" && shasum -a 256 -c --quiet SHA256SUMS) || fail "SHA256SUMS does not verify"
fi
[ "$(wc -l <"$work/a/SHA256SUMS")" -eq $((n - 1)) ] || fail "SHA256SUMS does not list every archive"

# This machine's binary carries the release's stamps.
goos=$(go env GOOS) goarch=$(go env GOARCH)
archive=$(ls "$work/a" | grep "_${goos}_${goarch}\.tar\.gz$" || true)
if [ -n "$archive" ]; then
  mkdir "$work/x"
  tar -xzf "$work/a/$archive" -C "$work/x"
  version=${archive#scape_}
  version=${version%_"${goos}"_"${goarch}".tar.gz}
  commit=$(git rev-parse HEAD)
  got=$("$work/x/scape" --version)
  want="scape $version (commit ${commit:0:12}, $goos/$goarch)"
  [ "$got" = "$want" ] || fail "the $goos/$goarch binary says \"$got\", want \"$want\""
  echo "$archive: $got"
fi

echo "release-check: OK: $n files byte-identical across two runs; SHA256SUMS verifies:"
(cd "$work/a" && ls -l | awk 'NR > 1 { printf "  %10d  %s\n", $5, $9 }')
