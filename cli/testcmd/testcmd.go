// Package testcmd implements `scape gizmo test [PATTERN] [DIR]`: the project's *.test.ts files,
// run in goja with no Node.js (package testrun).
package testcmd

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"regexp"
	"strings"
	"time"

	"github.com/spf13/cobra"

	"github.com/scapeworld/scape/cli/cmdutil"
	"github.com/scapeworld/scape/diag"
	"github.com/scapeworld/scape/internal/human"
	"github.com/scapeworld/scape/internal/termtext"
	"github.com/scapeworld/scape/isolate"
	"github.com/scapeworld/scape/testrun"
)

// Options are the command's inputs after flag parsing.
type Options struct {
	IO      *cmdutil.IOStreams
	Dir     string
	Pattern string
	Timeout time.Duration
	JSON    bool
}

// NewCmd returns the `test` command.
func NewCmd(f *cmdutil.Factory) *cobra.Command { return NewCmdTest(f, nil) }

// NewCmdTest returns the command; runF replaces the behaviour in tests of argument parsing.
func NewCmdTest(f *cmdutil.Factory, runF func(*Options) error) *cobra.Command {
	opts := &Options{IO: f.IO, Dir: "."}
	cmd := &cobra.Command{
		Use:   "test [PATTERN] [DIR]",
		Short: "Run the project's tests without Node.js",
		Long: `Run every *.test.ts file under DIR (default: the current directory; node_modules, vendor,
dist and hidden directories are left out) in the toolchain's own JavaScript engine, with
@scape/sdk, @scape/sdk/runtime, node:test and node:assert/strict supplied: a subset of Node's
test runner, whose semantics are Node's.
Node itself cannot run these files as they are: Node 20 does not run TypeScript, type stripping
(Node 22.6 and later) does not resolve their imports of the project's .js module names, and
'node --test' over the project finds no test and exits 0. To run them under Node, compile each test to
JavaScript first (esbuild, with @scape/sdk and node:* left external) and run the output with
'node --test' where @scape/sdk is installed (a kit made by 'scape gizmo kit export').

PATTERN is a regular expression: a test runs when it matches the test file's path or the test's
full name ("suite > test"). With a single argument that names an existing directory, the
argument is DIR.

Each failure is printed with its TypeScript file and line; the last line is "N passed, N failed".
The exit status is 1 when any test fails. The supported API is declared in the project's
vendor/scape-test/node-test.d.ts and vendor/scape-test/node-assert-strict.d.ts.`,
		Example: "  scape gizmo test\n  scape gizmo test 'permission'\n  scape gizmo test lamp ./my-lamp",
		Args: func(cmd *cobra.Command, args []string) error {
			if len(args) > 2 {
				return cmdutil.Usagef("%s takes at most a pattern and a directory (got %d arguments)", cmd.CommandPath(), len(args))
			}
			return nil
		},
		RunE: func(cmd *cobra.Command, args []string) error {
			switch len(args) {
			case 2:
				opts.Pattern, opts.Dir = args[0], args[1]
			case 1:
				if info, err := os.Stat(args[0]); err == nil && info.IsDir() {
					opts.Dir = args[0]
				} else {
					opts.Pattern = args[0]
				}
			}
			if runF != nil {
				return runF(opts)
			}
			return Run(cmd.Context(), opts)
		},
	}
	cmd.Flags().DurationVar(&opts.Timeout, "timeout", testrun.DefaultTimeout, "time limit for each test, hooks included")
	cmd.Flags().BoolVar(&opts.JSON, "json", false, "print one machine-readable report")
	return cmd
}

// Run runs the tests and prints the report.
func Run(ctx context.Context, opts *Options) error {
	if ctx == nil {
		ctx = context.Background()
	}
	var pattern *regexp.Regexp
	if opts.Pattern != "" {
		re, err := regexp.Compile(opts.Pattern)
		if err != nil {
			return cmdutil.Usagef("invalid test pattern %q: %v", opts.Pattern, err)
		}
		pattern = re
	}
	if info, err := os.Stat(opts.Dir); err != nil || !info.IsDir() {
		return cmdutil.Usagef("%s is not a directory", opts.Dir)
	}
	// Everything this command prints is the author's or quotes it (file and test names,
	// assertion messages, console output, diagnostics) and none of it is coloured: both streams
	// go through termtext, so no author text reaches the terminal as a control sequence. The
	// --json report stays the same JSON (termtext escapes as JSON does).
	out, errOut := termtext.Writer(opts.IO.Out), termtext.Writer(opts.IO.ErrOut)
	run := isolate.TestOptions{
		Dir:     opts.Dir,
		Pattern: opts.Pattern,
		Console: func(file, level, text string) {
			fmt.Fprintf(errOut, "%s: console.%s: %s\n", file, level, text)
		},
	}
	run.Timeout = opts.Timeout // jsrt.Limits' field, set without the command importing jsrt
	if !opts.JSON {
		lastFile := ""
		run.Progress = func(r testrun.Result) {
			if r.File != lastFile {
				fmt.Fprintln(out, r.File)
				lastFile = r.File
			}
			printResult(out, r)
		}
	}
	started := time.Now()
	// The tests run in a worker process with hard limits (package isolate): a test that passes
	// one ends the run with a failure that names the limit, never this process.
	pool := isolate.NewPool(isolate.Config{OneShot: true})
	defer pool.Close()
	report, err := pool.Test(ctx, run)
	var breach *isolate.Breach
	if errors.As(err, &breach) {
		err = nil // the report ends with the test that passed the limit, failed
	}
	if err != nil {
		return err
	}
	if opts.JSON {
		if err := writeJSON(out, opts.Dir, report, time.Since(started)); err != nil {
			return err
		}
	} else {
		printSummary(out, opts.Dir, pattern, report, time.Since(started))
	}
	if report.Failed > 0 {
		return cmdutil.Silent(cmdutil.ExitInvalid)
	}
	return nil
}

func printResult(w io.Writer, r testrun.Result) {
	switch r.Status {
	case testrun.Passed:
		fmt.Fprintf(w, "  ok   %s (%s)\n", r.Name, ms(r.Duration))
	case testrun.Failed:
		fmt.Fprintf(w, "  FAIL %s (%s)\n", r.Name, ms(r.Duration))
	case testrun.Skipped:
		fmt.Fprintf(w, "  skip %s%s\n", r.Name, reason(r.Message))
	case testrun.Todo:
		fmt.Fprintf(w, "  todo %s%s\n", r.Name, reason(r.Message))
	}
	for _, d := range r.Diagnostics {
		fmt.Fprintf(w, "       # %s\n", d)
	}
}

func reason(s string) string {
	if s == "" {
		return ""
	}
	return " # " + s
}

func ms(d time.Duration) string {
	return fmt.Sprintf("%.1f ms", float64(d.Microseconds())/1000)
}

func printSummary(w io.Writer, dir string, pattern *regexp.Regexp, report *testrun.Report, took time.Duration) {
	if len(report.Files) == 0 {
		fmt.Fprintf(w, "no test files (*.test.ts) under %s\n", dir)
	} else if len(report.Results) == 0 && pattern != nil {
		fmt.Fprintf(w, "no test matches %q\n", pattern.String())
	}
	if failures := report.Failures(); len(failures) > 0 {
		fmt.Fprintf(w, "\nFailures:\n")
		for _, f := range failures {
			fmt.Fprintf(w, "\n%s: %s\n", f.Location(), f.Name)
			for _, line := range strings.Split(strings.TrimRight(f.Message, "\n"), "\n") {
				fmt.Fprintf(w, "    %s\n", line)
			}
			if f.At.LineText != "" {
				fmt.Fprintf(w, "\n    %d | %s\n", f.At.Line, strings.TrimRight(f.At.LineText, "\r"))
			}
		}
		fmt.Fprintln(w)
	}
	var extra []string
	if report.Skipped > 0 {
		extra = append(extra, fmt.Sprintf("%d skipped", report.Skipped))
	}
	if report.Todo > 0 {
		extra = append(extra, fmt.Sprintf("%d todo", report.Todo))
	}
	extra = append(extra, fmt.Sprintf("%d %s in %s", len(report.Files), human.Plural(len(report.Files), "file"), took.Round(time.Millisecond)))
	fmt.Fprintln(w, strings.Join(extra, ", "))
	fmt.Fprintf(w, "%d passed, %d failed\n", report.Passed, report.Failed)
}

type jsonResult struct {
	File    string  `json:"file"`
	Name    string  `json:"name"`
	Status  string  `json:"status"`
	Message string  `json:"message,omitempty"`
	At      *jsonAt `json:"at,omitempty"`
	// Diagnostic is a failure in the shape of build --json's errors.
	Diagnostic *diag.Diagnostic `json:"diagnostic,omitempty"`
	Diag       []string         `json:"diagnostics,omitempty"`
	Duration   float64          `json:"durationMs"`
}

type jsonAt struct {
	File   string `json:"file"`
	Line   int    `json:"line,omitempty"`
	Column int    `json:"column,omitempty"`
}

func writeJSON(w io.Writer, dir string, report *testrun.Report, took time.Duration) error {
	results := make([]jsonResult, 0, len(report.Results))
	for _, r := range report.Results {
		jr := jsonResult{File: r.File, Name: r.Name, Status: r.Status.String(), Message: r.Message, Diag: r.Diagnostics, Duration: float64(r.Duration.Microseconds()) / 1000}
		if r.At.File != "" {
			jr.At = &jsonAt{File: r.At.File, Line: r.At.Line, Column: r.At.Column}
		}
		if r.Status == testrun.Failed {
			d := r.Diagnostic()
			jr.Diagnostic = &d
		}
		results = append(results, jr)
	}
	files := report.Files
	if files == nil {
		files = []string{}
	}
	return cmdutil.WriteJSON(w, map[string]any{
		"dir":        dir,
		"files":      files,
		"results":    results,
		"passed":     report.Passed,
		"failed":     report.Failed,
		"skipped":    report.Skipped,
		"todo":       report.Todo,
		"durationMs": took.Milliseconds(),
	})
}
