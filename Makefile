# The usual targets, each calling the same command as README.md and .ci/run.
SHELL := /bin/bash
.PHONY: build test bench lint install quickstart quickstart-check release release-check ci

# The binary, at bin/scape (git-ignored).
build:
	go build -o bin/scape ./cmd/scape

# Every test (README's test command). Node/Chromium tests skip visibly when those are missing:
# scripts/testsum lists every skipped test with its reason and ends on the counts.
test:
	set -o pipefail; go test -json -timeout 25m ./... | go run ./scripts/testsum

# Every Go benchmark, once each (scripts/*-bench.sh measure the CLI as a whole).
bench:
	go test -run '^$$' -bench . -benchtime 1x ./...

# What .ci/run checks before the tests: gofmt and go vet.
lint:
	@out=$$(gofmt -l $$(git ls-files '*.go')); if [ -n "$$out" ]; then echo "gofmt would change:"; echo "$$out"; exit 1; fi
	go vet ./...

# scape into $GOBIN (or $GOPATH/bin): after this, `scape` on your PATH is this build.
install:
	go install ./cmd/scape

# The README's main command: the lamp example in ./quickstart-lamp, in a running dev loop.
quickstart:
	./scripts/quickstart.sh

# The quick start checked end to end, non-interactively (run by .ci/run).
quickstart-check:
	./scripts/quickstart-check.sh

# Release archives for linux, darwin and windows on amd64 and arm64, with SHA256SUMS, in
# dist/release/ (git-ignored); README.md, "Releases".
release:
	go run ./scripts/release -out dist/release

# Two releases into temporary folders must be byte-identical and verify against SHA256SUMS.
release-check:
	./scripts/release-check.sh

ci:
	.ci/run
