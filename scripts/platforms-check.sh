#!/usr/bin/env bash
# What CI checks for the platforms it cannot run (docs/platforms.md): go vet, tests included,
# for macOS on arm64 and Windows on amd64, and a CGO_ENABLED=0 build of ./cmd/scape for each of
# the six release targets (linux, darwin, windows × amd64, arm64). scripts/release-check.sh
# builds the same six as archives; this is the quick form for a change.
set -euo pipefail
cd "$(dirname "$0")/.."
for target in darwin/arm64 windows/amd64; do
  echo "go vet ./... for $target"
  # -trimpath and CGO off, as the release builds: vet then reuses their compiled packages.
  GOOS=${target%/*} GOARCH=${target#*/} CGO_ENABLED=0 go vet -trimpath ./...
done
if [ "${1:-}" != "--vet-only" ]; then
  for target in linux/amd64 linux/arm64 darwin/amd64 darwin/arm64 windows/amd64 windows/arm64; do
    echo "go build ./cmd/scape for $target"
    GOOS=${target%/*} GOARCH=${target#*/} CGO_ENABLED=0 go build -trimpath -o /dev/null ./cmd/scape
  done
fi
echo "platforms-check: OK"
