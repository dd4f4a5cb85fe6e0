// Package typecheck runs the project's own TypeScript compiler (tsc --noEmit with the project's
// tsconfig.json) and turns its errors into diagnostics. esbuild, which bundles, only strips
// types: without this step `const n: number = 'oops'` builds as valid.
//
// It runs only what the project has installed (node_modules/typescript) with the node on PATH,
// never a global tsc or a download, so a check needs nothing from the network; when either is
// missing the result says so and nothing is refused. A type error is a build error only when tsc
// actually ran.
//
// That tsc is the project's own code, run with the user's rights and none of the validation
// workers' limits, so it runs only in a directory the user trusts (package trust: created by
// init or kit export, or trusted with `scape gizmo trust`). Anywhere else the status says
// NotTrusted and nothing of the project runs: a cloned project's node_modules is as untrusted as
// its source.
package typecheck

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"time"

	"github.com/scapeworld/scape/diag"
	"github.com/scapeworld/scape/trust"
)

// Code is the diagnostic code of a tsc error.
const Code diag.Code = "type-error"

// Timeout bounds one tsc run (a strict check of a template takes about a second and a half).
const Timeout = 2 * time.Minute

// NotTrusted is the Reason of a check in a directory the user has not trusted: the build says
// "types not checked: " and this.
const NotTrusted = "this project's TypeScript is not trusted (scape gizmo trust)"

// Status is the outcome of one check.
type Status struct {
	// Checked is true when tsc ran to completion; Diagnostics are then its errors.
	Checked bool `json:"checked"`
	// Reason says why types were not checked ("TypeScript is not installed in this project
	// (npm install --save-dev typescript)"); empty when Checked.
	Reason string `json:"reason,omitempty"`
	// Untrusted is true when the reason is that the directory is not trusted (Reason starts with
	// NotTrusted), so a tool reading --json can offer `scape gizmo trust` without matching text.
	Untrusted bool `json:"untrusted,omitempty"`
	// Warm is true when a warm checker (Warm, or a type-check server) answered: the project's
	// TypeScript was already loaded.
	Warm        bool          `json:"warm,omitempty"`
	Diagnostics diag.List     `json:"-"`
	Duration    time.Duration `json:"-"`
	// Ms is Duration in milliseconds, for --json.
	Ms float64 `json:"ms"`

	// raw is tsc's text when Checked: what a type-check server sends, parsed by its caller.
	raw []byte
	// server is the type-check server that answered, if one did.
	server *serverInfo
}

// Options tell Run where things are; zero values mean the real ones.
type Options struct {
	// LookPath finds node (exec.LookPath).
	LookPath func(string) (string, error)
	// Trust is the record of trusted directories (nil: the user's own, trust.Default).
	Trust *trust.Store
}

// Run type-checks the project in dir.
func Run(ctx context.Context, dir string, opts Options) Status {
	start := time.Now()
	st := run(ctx, dir, opts)
	st.Duration = time.Since(start)
	st.Ms = float64(st.Duration.Microseconds()) / 1000
	return st
}

// RunServed is Run for a build: on this project's type-check server when one runs (the project's
// TypeScript already loaded: server.go), else tsc as Run runs it, after which it starts a server
// for the next build (not under CI unless asked: startsServers). Trust is asked first, here, as
// by Run: an untrusted directory never reaches a server.
func RunServed(ctx context.Context, dir string, opts Options) Status {
	start := time.Now()
	st := runServed(ctx, dir, opts)
	st.Duration = time.Since(start)
	st.Ms = float64(st.Duration.Microseconds()) / 1000
	return st
}

func runServed(ctx context.Context, dir string, opts Options) Status {
	s, st := prepare(dir, opts)
	if st != nil {
		return *st
	}
	if !serversEnabled() {
		return runCold(ctx, s)
	}
	sock := serverSocket(s)
	if st, err := askServer(ctx, sock, s); err == nil {
		return st
	} else if ctx.Err() != nil {
		return Status{Reason: "tsc was interrupted"}
	}
	cold := runCold(ctx, s)
	if cold.Checked && sock != "" && startsServers() {
		startServerFunc(sock, s.dir)
	}
	return cold
}

// Skipped is the status of a check the user turned off.
func Skipped(why string) Status { return Status{Reason: why} }

// setup is what a check needs: the trusted directory (resolved), the project's TypeScript and
// node. Trust comes first: an untrusted directory gets the one answer whatever it holds, never
// advice such as `npm install`, which would run the project's install scripts.
type setup struct {
	dir, tsc, node string
}

// tsLib is the TypeScript package the warm checker loads (node_modules/typescript).
func (s setup) tsLib() string { return filepath.Dir(filepath.Dir(s.tsc)) }

func prepare(dir string, opts Options) (setup, *Status) {
	dir, st := trusted(dir, opts.Trust)
	if st != nil {
		return setup{}, st
	}
	if _, err := os.Stat(filepath.Join(dir, "tsconfig.json")); err != nil {
		return setup{}, &Status{Reason: "the project has no tsconfig.json"}
	}
	tsc := filepath.Join(dir, "node_modules", "typescript", "bin", "tsc")
	if _, err := os.Stat(tsc); err != nil {
		return setup{}, &Status{Reason: "TypeScript is not installed in this project (npm install --save-dev typescript)"}
	}
	lookPath := opts.LookPath
	if lookPath == nil {
		lookPath = exec.LookPath
	}
	node, err := lookPath("node")
	if err != nil {
		return setup{}, &Status{Reason: "Node.js (node) is not on PATH, and tsc needs it"}
	}
	return setup{dir: dir, tsc: tsc, node: node}, nil
}

func run(ctx context.Context, dir string, opts Options) Status {
	s, st := prepare(dir, opts)
	if st != nil {
		return *st
	}
	return runCold(ctx, s)
}

// runCold runs tsc once: a Node process that loads TypeScript, checks and exits.
func runCold(ctx context.Context, s setup) Status {
	ctx, cancel := context.WithTimeout(ctx, Timeout)
	defer cancel()
	args := []string{s.tsc, "-p", ".", "--noEmit", "--pretty", "false"}
	// Incremental: tsc checks the vendored SDK's sources too (about 10,000 lines), which costs
	// seconds of CPU the first time; its build info in .scape/ (git-ignored, the project's own
	// scratch directory) brings a repeat check down to about a third. Never through a .scape
	// that is a symbolic link: nothing is written outside the project.
	if info, err := os.Lstat(filepath.Join(s.dir, ".scape")); err != nil && errors.Is(err, os.ErrNotExist) || err == nil && info.IsDir() {
		args = append(args, "--incremental", "--tsBuildInfoFile", filepath.Join(".scape", "tsbuildinfo"))
	}
	cmd := exec.CommandContext(ctx, s.node, args...)
	cmd.Dir = s.dir
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	err := cmd.Run()
	if ctx.Err() != nil {
		return Status{Reason: fmt.Sprintf("tsc did not finish within %v", Timeout)}
	}
	var exit *exec.ExitError
	if err != nil && !errors.As(err, &exit) {
		return Status{Reason: "tsc could not run: " + err.Error()}
	}
	list := Parse(s.dir, out.Bytes())
	if err != nil && len(list) == 0 {
		// tsc failed without a diagnostic we can read (a crash, a broken install): say so, and
		// refuse nothing.
		return Status{Reason: "tsc failed: " + firstLine(out.String())}
	}
	return Status{Checked: true, Diagnostics: list, raw: out.Bytes()}
}

// trusted returns the directory to run in (dir resolved, as the record is keyed: a link swapped
// after the check cannot point the run elsewhere), or the status of an untrusted one. A record
// that cannot be used trusts nothing, and the reason says why (once per check: never an error).
func trusted(dir string, store *trust.Store) (string, *Status) {
	untrusted := func(err error) (string, *Status) {
		st := &Status{Reason: NotTrusted, Untrusted: true}
		if err != nil {
			st.Reason += "; " + err.Error()
		}
		return "", st
	}
	if store == nil {
		s, err := trust.Default()
		if err != nil {
			return untrusted(err)
		}
		store = s
	}
	key, ok, err := store.Trusted(dir)
	if !ok {
		return untrusted(err)
	}
	return key, nil
}

func firstLine(s string) string {
	s = strings.TrimSpace(s)
	if i := strings.IndexByte(s, '\n'); i >= 0 {
		s = s[:i]
	}
	return diag.Truncate(s, 300)
}

// tscLine is one diagnostic of `tsc --pretty false`: file(line,col): error TS1234: message.
// Messages continue on the following indented lines (elaborations).
var (
	tscLine   = regexp.MustCompile(`^(.+)\((\d+),(\d+)\): (error|warning) (TS\d+): (.*)$`)
	tscGlobal = regexp.MustCompile(`^(error|warning) (TS\d+): (.*)$`)
)

// Parse turns tsc's --pretty false output (paths relative to dir) into diagnostics. tsc's
// columns count UTF-16 code units; diagnostics count characters, so each is converted against
// the file's line, which also becomes the code frame.
func Parse(dir string, out []byte) diag.List {
	var list diag.List
	lines := map[string][]string{}
	sc := bufio.NewScanner(bytes.NewReader(out))
	sc.Buffer(make([]byte, 64*1024), 4*1024*1024)
	for sc.Scan() {
		text := sc.Text()
		if m := tscLine.FindStringSubmatch(text); m != nil {
			line, _ := strconv.Atoi(m[2])
			col, _ := strconv.Atoi(m[3])
			file := filepath.ToSlash(m[1])
			d := diag.Diagnostic{Severity: diag.Error, Code: Code, File: file, Line: line, Column: col, Message: m[5] + ": " + m[6]}
			src, ok := lines[file]
			if !ok {
				if data, err := os.ReadFile(filepath.Join(dir, filepath.FromSlash(file))); err == nil {
					src = strings.Split(string(data), "\n")
				}
				lines[file] = src
			}
			if line >= 1 && line <= len(src) {
				// tsc's columns are 1-based UTF-16 units, diag's own unit: no conversion.
				d = d.At(diag.FromUTF16Column(file, line, col, strings.TrimRight(src[line-1], "\r")))
			}
			list = append(list, d)
			continue
		}
		if m := tscGlobal.FindStringSubmatch(text); m != nil {
			list = append(list, diag.Diagnostic{Severity: diag.Error, Code: Code, File: "tsconfig.json", Message: m[2] + ": " + m[3]})
			continue
		}
		if len(list) > 0 && strings.HasPrefix(text, " ") {
			list[len(list)-1].Message += "\n" + strings.TrimRight(text, " ")
		}
	}
	return list
}
