// Command release cross-builds scape for every platform of a release (internal/release: linux,
// darwin and windows on amd64 and arm64) and packs each binary into a reproducible archive, with
// a SHA256SUMS beside them: what `make release` runs.
//
//	go run ./scripts/release [-out dist/release] [-version V] [-commit C] [-platforms all]
//
// Reproducible means two runs over the same tree with the same Go give byte-identical files
// (scripts/release-check.sh shows it): the builds take nothing from the machine (CGO off,
// -trimpath, no build ID, no VCS stamp, GOFLAGS and the CPU-level variables fixed), and the
// archives take nothing from the moment (internal/release.Pack; the entries' time is the
// commit's).
//
// The version is `git describe --tags --always --dirty` (a tag's leading "v" dropped): "0.3.0"
// at a tag, "0.3.0-2-gabc1234" after it, the abbreviated commit in a repository without tags,
// with "-dirty" when the tree has uncommitted changes. The output folder keeps nothing from an
// earlier release (its scape_* archives and SHA256SUMS are replaced as a whole); other files in
// it are left alone.
package main

import (
	"bytes"
	"errors"
	"flag"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"github.com/scapeworld/scape/internal/atomicfile"
	"github.com/scapeworld/scape/internal/human"
	"github.com/scapeworld/scape/internal/release"
)

// stampPkg is where the binary's version and commit live (cli/root, printed by --version).
const stampPkg = "github.com/scapeworld/scape/cli/root"

func main() {
	out := flag.String("out", filepath.Join("dist", "release"), "the release folder")
	version := flag.String("version", "", "the release's version (default: from git describe)")
	commit := flag.String("commit", "", "the commit it is built from (default: git rev-parse HEAD)")
	platforms := flag.String("platforms", "all", "comma-separated platforms ("+release.Names()+"), or all")
	flag.Parse()
	if flag.NArg() > 0 {
		fmt.Fprintf(os.Stderr, "release: unexpected argument %q\n", flag.Arg(0))
		os.Exit(2)
	}
	targets, err := release.ParsePlatforms([]string{*platforms})
	if err != nil {
		fmt.Fprintln(os.Stderr, "release:", err)
		os.Exit(2)
	}
	if err := run(*out, *version, *commit, targets); err != nil {
		fmt.Fprintln(os.Stderr, "release:", err)
		os.Exit(1)
	}
}

func run(out, version, commit string, targets []release.Platform) error {
	root, err := moduleRoot()
	if err != nil {
		return err
	}
	if version == "" {
		if version, err = git(root, "describe", "--tags", "--always", "--dirty"); err != nil {
			return fmt.Errorf("cannot tell the version (pass -version): %w", err)
		}
		if len(version) > 1 && version[0] == 'v' && version[1] >= '0' && version[1] <= '9' {
			version = version[1:]
		}
	}
	if commit == "" {
		if commit, err = git(root, "rev-parse", "HEAD"); err != nil {
			return fmt.Errorf("cannot tell the commit (pass -commit): %w", err)
		}
	}
	if strings.ContainsAny(version, " '\"/\\") || strings.ContainsAny(commit, " '\"") {
		// Both go into -ldflags and the version into file names.
		return fmt.Errorf("version %q or commit %q has a space, quote or slash", version, commit)
	}
	mtime, err := entryTime(root)
	if err != nil {
		return err
	}
	if out, err = filepath.Abs(out); err != nil { // the builds run in root, not here
		return err
	}
	if err := os.MkdirAll(out, 0o755); err != nil {
		return err
	}
	// Everything is built and packed aside first: a failed build leaves the previous release
	// in place, complete.
	stage, err := os.MkdirTemp(out, ".release-*")
	if err != nil {
		return err
	}
	defer os.RemoveAll(stage)

	fmt.Printf("scape %s (commit %s): %d platforms into %s\n", version, commit, len(targets), out)
	files := map[string][]byte{}
	for _, p := range targets {
		start := time.Now()
		bin := filepath.Join(stage, p.Standalone())
		if err := build(root, p, version, commit, bin); err != nil {
			return err
		}
		data, err := os.ReadFile(bin)
		if err != nil {
			return err
		}
		archive, err := release.Pack(p, data, mtime)
		if err != nil {
			return fmt.Errorf("packing %s: %w", p, err)
		}
		files[p.Archive(version)] = archive
		fmt.Printf("  %-14s %-40s %9s (binary %s)  %.1f s\n", p, p.Archive(version), human.Bytes(len(archive)), human.Bytes(len(data)), time.Since(start).Seconds())
	}
	return publish(out, files)
}

// build cross-builds ./cmd/scape for p into bin. Every input that could differ between machines
// is set here: the user's GOFLAGS, GOAMD64 or GOARM64 would otherwise change the bytes.
func build(root string, p release.Platform, version, commit, bin string) error {
	ldflags := fmt.Sprintf("-s -w -buildid= -X %s.Version=%s -X %s.Commit=%s", stampPkg, version, stampPkg, commit)
	cmd := exec.Command("go", "build", "-trimpath", "-buildvcs=false", "-ldflags="+ldflags, "-o", bin, "./cmd/scape")
	cmd.Dir = root
	cmd.Env = append(os.Environ(),
		"CGO_ENABLED=0", "GOOS="+p.OS, "GOARCH="+p.Arch,
		"GOFLAGS=", "GOAMD64=v1", "GOARM64=v8.0", "GOEXPERIMENT=",
	)
	cmd.Stdout, cmd.Stderr = os.Stderr, os.Stderr
	if err := cmd.Run(); err != nil {
		return fmt.Errorf("building for %s: %w", p, err)
	}
	return nil
}

// publish replaces the folder's previous release (scape_* archives, SHA256SUMS) with files and
// their SHA256SUMS. Each file is written atomically; SHA256SUMS last, so a folder whose
// SHA256SUMS verifies holds a whole release.
func publish(out string, files map[string][]byte) error {
	entries, err := os.ReadDir(out)
	if err != nil {
		return err
	}
	for _, e := range entries {
		name := e.Name()
		if e.Type().IsRegular() && (name == release.SumsFile || strings.HasPrefix(name, "scape_")) {
			if err := os.Remove(filepath.Join(out, name)); err != nil && !errors.Is(err, fs.ErrNotExist) {
				return err
			}
		}
	}
	for name, data := range files {
		if err := atomicfile.Write(filepath.Join(out, name), data, 0o644); err != nil {
			return err
		}
	}
	sums := release.Sums(files)
	if err := atomicfile.Write(filepath.Join(out, release.SumsFile), sums, 0o644); err != nil {
		return err
	}
	fmt.Printf("  %s\n", filepath.Join(out, release.SumsFile))
	return nil
}

// entryTime is the archives' entry time: $SOURCE_DATE_EPOCH when set (the reproducible-builds
// convention), else the commit's time, so the same commit always packs the same bytes and an
// unpacked binary still carries a meaningful date.
func entryTime(root string) (time.Time, error) {
	s := os.Getenv("SOURCE_DATE_EPOCH")
	if s == "" {
		var err error
		if s, err = git(root, "log", "-1", "--format=%ct", "HEAD"); err != nil {
			return time.Time{}, fmt.Errorf("cannot tell the commit's time (set SOURCE_DATE_EPOCH): %w", err)
		}
	}
	secs, err := strconv.ParseInt(s, 10, 64)
	if err != nil {
		return time.Time{}, fmt.Errorf("the entry time %q is not seconds since 1970", s)
	}
	return time.Unix(secs, 0).UTC(), nil
}

// moduleRoot is the directory of the main module's go.mod, so the release can run from anywhere
// inside the repository.
func moduleRoot() (string, error) {
	out, err := exec.Command("go", "env", "GOMOD").Output()
	gomod := strings.TrimSpace(string(out))
	if err != nil || gomod == "" || gomod == os.DevNull {
		return "", fmt.Errorf("run this inside the scape repository (go env GOMOD: %q, %v)", gomod, err)
	}
	return filepath.Dir(gomod), nil
}

func git(dir string, args ...string) (string, error) {
	cmd := exec.Command("git", args...)
	cmd.Dir = dir
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		return "", fmt.Errorf("git %s: %v %s", strings.Join(args, " "), err, strings.TrimSpace(stderr.String()))
	}
	return strings.TrimSpace(string(out)), nil
}
