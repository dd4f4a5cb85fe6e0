//go:build unix

package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"time"

	"github.com/scapeworld/scape/internal/procstat"
)

// The planted scenarios (issue 21, classes 1–4): a cloned project holds links, devices, pipes,
// absurd nesting or programs, and a command of the binary runs on it. Each is held to the build's
// bounds (20 s, 1 GiB: buildBound, memoryBound), to ending with a diagnostic (never a Go crash),
// and to its own promise: the file outside the project unchanged, nothing created outside, the
// outside file's bytes nowhere in what was written. Unix only: they plant FIFOs and links
// (macOS and Linux are where the docs name the CLI; Windows builds of the harness skip them).

// vial is a valid definition, the body of every planted project.
const vial = `import { defineObject } from '@scape/sdk';
export default defineObject({
  type: 't.v', version: 1, emoji: '🧪', label: 'Vial', hint: 'a vial',
  initial: () => ({}),
  valid: (s): s is {} => typeof s === 'object' && s !== null,
  actions: {},
});
`

func init() {
	register(
		scenario{name: "planted-json-dev-zero", target: "planted", wall: buildBound,
			attack: "src/data.json is a link to /dev/zero, imported by the definition",
			bound:  "refused (not read), within the build bounds",
			run: func(env scenarioEnv) (string, uint64, []string) {
				dir := plantedProject(env.work, "import data from './data.json';\nconsole.log(data);\n"+vial)
				must(os.Symlink("/dev/zero", filepath.Join(dir, "src", "data.json")))
				return buildRefused(env.exe, dir)
			}},
		scenario{name: "planted-json-fifo", target: "planted", wall: buildBound,
			attack: "src/data.json is a FIFO nobody writes to",
			bound:  "refused (never opened for a blocking read), within the build bounds",
			run: func(env scenarioEnv) (string, uint64, []string) {
				dir := plantedProject(env.work, "import data from './data.json';\nconsole.log(data);\n"+vial)
				must(syscall.Mkfifo(filepath.Join(dir, "src", "data.json"), 0o644))
				return buildRefused(env.exe, dir)
			}},
		scenario{name: "planted-deep-nesting", target: "planted", wall: buildBound,
			attack: "a 400 KB JSON import nested 200,000 deep (esbuild's parser overflows Go's stack)",
			bound:  "refused with a diagnostic, no Go crash, within the build bounds",
			run: func(env scenarioEnv) (string, uint64, []string) {
				dir := plantedProject(env.work, "import data from './data.json';\nconsole.log(data);\n"+vial)
				deep := strings.Repeat("[", 200_000) + strings.Repeat("]", 200_000)
				must(os.WriteFile(filepath.Join(dir, "src", "data.json"), []byte(deep), 0o644))
				return buildRefused(env.exe, dir)
			}},
		scenario{name: "planted-import-outside", target: "planted", wall: buildBound,
			attack: "an absolute .json import of a file outside the project",
			bound:  "refused; the outside file's bytes in no file the build wrote",
			run: func(env scenarioEnv) (string, uint64, []string) {
				secret := filepath.Join(env.work, "secret.json")
				must(os.WriteFile(secret, []byte(`{"token": "OUTSIDE-SECRET-7f3a"}`), 0o600))
				dir := plantedProject(env.work, fmt.Sprintf("import s from %q;\nconsole.log(s);\n", secret)+vial)
				outcome, rss, problems := buildRefused(env.exe, dir)
				return outcome, rss, append(problems, leaked(dir, "OUTSIDE-SECRET-7f3a")...)
			}},
		scenario{name: "planted-tsc", target: "planted", wall: buildBound,
			attack: "node_modules/typescript/bin/tsc is a program that writes a file when run",
			bound:  "not run (the directory is not trusted); the build still valid",
			run: func(env scenarioEnv) (string, uint64, []string) {
				dir := plantedProject(env.work, vial)
				marker := filepath.Join(env.work, "tsc-ran")
				bin := filepath.Join(dir, "node_modules", "typescript", "bin")
				must(os.MkdirAll(bin, 0o755))
				must(os.WriteFile(filepath.Join(dir, "node_modules", "typescript", "package.json"), []byte(`{"name":"typescript","version":"5.9.3","bin":{"tsc":"bin/tsc"}}`), 0o644))
				must(os.WriteFile(filepath.Join(bin, "tsc"), []byte("#!/bin/sh\ntouch "+marker+"\n"), 0o755))
				must(os.WriteFile(filepath.Join(bin, "tsc.js"), []byte("require('fs').writeFileSync("+jsString(marker)+", 'ran')\n"), 0o644))
				stdout, stderr, exit, _, rss, ended := run(env.exe, "gizmo", "build", dir, "--json")
				var problems []string
				problems = append(problems, endedCleanly(stderr, ended)...)
				if _, err := os.Lstat(marker); err == nil {
					problems = append(problems, "the project's tsc ran")
				}
				if exit != 0 {
					problems = append(problems, fmt.Sprintf("the valid project was refused (exit %d): %s", exit, firstLine(stdout)))
				}
				if !bytes.Contains(stdout, []byte("not trusted")) && !bytes.Contains(stderr, []byte("not trusted")) {
					problems = append(problems, "no word that the project's TypeScript is not trusted")
				}
				return "not run", rss, problems
			}},
		scenario{name: "planted-dist-link", target: "planted", wall: buildBound,
			attack: "dist is a link to a folder outside the project",
			bound:  "refused; nothing written behind the link",
			run: func(env scenarioEnv) (string, uint64, []string) {
				dir := plantedProject(env.work, vial)
				elsewhere := filepath.Join(env.work, "elsewhere")
				must(os.Mkdir(elsewhere, 0o755))
				must(os.Symlink(elsewhere, filepath.Join(dir, "dist")))
				_, stderr, exit, _, rss, ended := run(env.exe, "gizmo", "build", dir)
				problems := endedCleanly(stderr, ended)
				if exit == 0 {
					problems = append(problems, "the build wrote through a dist link")
				}
				problems = append(problems, emptyDir(elsewhere)...)
				return "refused", rss, problems
			}},
		scenario{name: "planted-dev-lock-link", target: "planted", wall: buildBound,
			attack: ".scape/dev.lock is a link to a file outside the project (dev truncated it)",
			bound:  "dev refuses at once; the file outside unchanged",
			run: func(env scenarioEnv) (string, uint64, []string) {
				dir := plantedProject(env.work, vial)
				victim := filepath.Join(env.work, "bashrc")
				must(os.WriteFile(victim, []byte("precious\n"), 0o644))
				must(os.Mkdir(filepath.Join(dir, ".scape"), 0o755))
				must(os.Symlink(victim, filepath.Join(dir, ".scape", "dev.lock")))
				stderr, exit, rss, ended := runFor(env.exe, 10*time.Second, "gizmo", "dev", dir)
				problems := endedCleanly(stderr, ended)
				if exit == 0 {
					problems = append(problems, "dev ran with a planted link in .scape")
				}
				if b, err := os.ReadFile(victim); err != nil || string(b) != "precious\n" {
					problems = append(problems, fmt.Sprintf("the file outside changed: %q %v", b, err))
				}
				return "refused", rss, problems
			}},
		scenario{name: "planted-cache-link", target: "planted", wall: buildBound,
			attack: "the cache folder (XDG_CACHE_HOME/scape) is a link to another folder",
			bound:  "the build still valid, nothing made behind the link",
			run: func(env scenarioEnv) (string, uint64, []string) {
				dir := plantedProject(env.work, vial)
				cache, elsewhere := filepath.Join(env.work, "cache"), filepath.Join(env.work, "other-users-cache")
				must(os.Mkdir(cache, 0o700))
				must(os.Mkdir(elsewhere, 0o755))
				must(os.Symlink(elsewhere, filepath.Join(cache, "scape")))
				stdout, stderr, exit, _, rss, ended := runWith([]string{"XDG_CACHE_HOME=" + cache, "HOME=" + env.work}, env.exe, "gizmo", "build", dir, "--json")
				problems := endedCleanly(stderr, ended)
				if exit != 0 {
					problems = append(problems, fmt.Sprintf("the valid project was refused (exit %d): %s", exit, firstLine(stdout)))
				}
				problems = append(problems, emptyDir(elsewhere)...)
				return "no cache", rss, problems
			}},
	)
}

// plantedProject writes a project whose src/definition.ts is src, in a fresh folder under work.
func plantedProject(work, src string) string {
	dir, err := project(work, "planted", []byte(src))
	must(err)
	return dir
}

// buildRefused builds dir and holds it to a refusal: exit 1 (invalid) or 2 (cannot run), a
// diagnostic, no crash.
func buildRefused(exe, dir string) (string, uint64, []string) {
	stdout, stderr, exit, _, rss, ended := run(exe, "gizmo", "build", dir, "--json")
	problems := endedCleanly(stderr, ended)
	outcome := "refused"
	if exit == 0 {
		outcome = "accepted"
		problems = append(problems, "the build accepted the planted input")
	}
	if exit != 0 && len(bytes.TrimSpace(stdout)) == 0 && len(bytes.TrimSpace(stderr)) == 0 {
		problems = append(problems, "refused without a word")
	}
	return outcome, rss, problems
}

func endedCleanly(stderr []byte, ended bool) []string {
	switch {
	case !ended:
		return []string{"did not end"}
	case crashed(stderr):
		return []string{"crashed: " + firstLine(stderr)}
	}
	return nil
}

// leaked lists the files under dir holding secret (what the build wrote: dist, .scape, …).
func leaked(dir, secret string) []string {
	var found []string
	_ = filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
		if err != nil || !d.Type().IsRegular() || strings.HasPrefix(filepath.Base(p), "definition.") && strings.Contains(p, "src") {
			return nil
		}
		if b, err := os.ReadFile(p); err == nil && bytes.Contains(b, []byte(secret)) {
			found = append(found, "the outside file's bytes are in "+p)
		}
		return nil
	})
	return found
}

func emptyDir(dir string) []string {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return []string{err.Error()}
	}
	if len(entries) > 0 {
		return []string{fmt.Sprintf("%d entries made behind the link in %s", len(entries), dir)}
	}
	return nil
}

// runFor runs scape for at most d (a command that would otherwise serve for ever, as dev does when
// it does not refuse) and reports whether it ended by itself.
func runFor(exe string, d time.Duration, args ...string) (stderr []byte, exit int, rss uint64, ended bool) {
	ctx, cancel := context.WithTimeout(context.Background(), d)
	defer cancel()
	cmd := exec.CommandContext(ctx, exe, args...)
	var errb bytes.Buffer
	cmd.Stderr = &errb
	cmd.Env = append(os.Environ(), "NO_COLOR=1", "SCAPE_BUILD_SERVER=0")
	err := cmd.Run()
	exit = 0
	if ee, ok := err.(*exec.ExitError); ok {
		exit = ee.ExitCode()
	} else if err != nil {
		exit = -1
	}
	return errb.Bytes(), exit, procstat.ExitedPeakRSS(cmd.ProcessState), ctx.Err() == nil
}

func jsString(s string) string {
	b, _ := json.Marshal(s)
	return string(b)
}

func must(err error) {
	if err != nil {
		panic(err)
	}
}
