// Package initcmd implements `scape gizmo init` (and its `scape init` alias).
package initcmd

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"os/exec"
	"os/signal"
	"path/filepath"
	"strings"
	"syscall"

	"github.com/spf13/cobra"

	"github.com/scapeworld/scape/cli/cmdutil"
	"github.com/scapeworld/scape/jsrt"
	"github.com/scapeworld/scape/kit"
	"github.com/scapeworld/scape/scaffold"
	"github.com/scapeworld/scape/templates"
	"github.com/scapeworld/scape/testrun"
)

// Options are the command's inputs after flag parsing.
type Options struct {
	IO        *cmdutil.IOStreams
	Dir       string
	Template  string
	SDK       fs.FS
	TestTypes fs.FS
	Globals   []byte
	// Executable is the running scape binary (recorded for the project's launcher, and named in
	// the next steps when it is not the scape on PATH); nil or failing: neither.
	Executable func() (string, error)
	// LookPath finds a command on PATH (exec.LookPath; nil: nothing is on PATH).
	LookPath func(string) (string, error)
}

// NewCmd returns the `init` command.
func NewCmd(f *cmdutil.Factory) *cobra.Command { return NewCmdInit(f, nil) }

// NewCmdInit returns the command; runF replaces the behaviour in tests of flag parsing.
func NewCmdInit(f *cmdutil.Factory, runF func(*Options) error) *cobra.Command {
	opts := &Options{IO: f.IO, Executable: f.Executable, LookPath: exec.LookPath}
	cmd := &cobra.Command{
		Use:   "init <new-directory>",
		Short: "Create a new Gizmo project",
		Long: `Create a new Gizmo project in a directory that does not exist yet (its parent must).
Nothing is ever overwritten, and a failure leaves no half-written directory.

The project vendors the @scape/sdk package (vendor/scape-sdk), so an editor resolves its types at
once, npm or yarn install works with no registry serving it, and scape gizmo build and test need
no node_modules at all.

Templates: ` + TemplateList(),
		Example: "  scape gizmo init ./my-gizmo\n  scape gizmo init ./my-lamp --template lamp",
	}
	return NewProjectCmd(cmd, opts, func() error {
		if runF != nil {
			return runF(opts)
		}
		return Run(opts)
	})
}

// NewProjectCmd completes a command that creates a project (init, kit export): one argument,
// the new directory; the --template flag; and, when it runs, the SDK and test declarations the
// project vendors, all into opts before run is called.
func NewProjectCmd(cmd *cobra.Command, opts *Options, run func() error) *cobra.Command {
	cmd.Args = exactlyOneDir
	cmd.RunE = func(cmd *cobra.Command, args []string) error {
		opts.Dir = args[0]
		opts.SDK = kit.SDK()
		opts.TestTypes = testrun.Types()
		opts.Globals = jsrt.GlobalTypes()
		return run()
	}
	cmd.Flags().StringVarP(&opts.Template, "template", "t", templates.Blank, "start from this template (see the list above)")
	return cmd
}

// Run creates the project and prints what to do next.
func Run(opts *Options) error {
	exe := opts.executable()
	res, err := Create(scaffold.Options{Dir: opts.Dir, Template: opts.Template, SDK: opts.SDK, TestTypes: opts.TestTypes, Globals: opts.Globals, Executable: exe})
	if err != nil {
		return Err(err)
	}
	run := Command(exe, "", opts.LookPath)
	PrintCreated(opts.IO.Out, opts.Dir, res, NextSteps(res, run))
	return nil
}

func (opts *Options) executable() string {
	if opts.Executable == nil {
		return ""
	}
	exe, err := opts.Executable()
	if err != nil {
		return ""
	}
	if abs, err := filepath.Abs(exe); err == nil {
		return abs
	}
	return exe
}

// Command is how the author can run this scape from inside the new project: "scape" when the
// scape on PATH is this binary, else inProject (a kit's "./vendor/scape") when given, else this
// binary's absolute path. Printing a bare "scape" that is not on PATH, or is another build,
// would make the very first step fail.
func Command(exe, inProject string, lookPath func(string) (string, error)) string {
	if exe != "" && lookPath != nil {
		if p, err := lookPath("scape"); err == nil && sameFile(p, exe) {
			return "scape"
		}
	}
	if inProject != "" {
		return inProject
	}
	if exe == "" {
		return "scape"
	}
	return shellQuote(exe)
}

func sameFile(a, b string) bool {
	ai, err := os.Stat(a)
	if err != nil {
		return false
	}
	bi, err := os.Stat(b)
	return err == nil && os.SameFile(ai, bi)
}

// Create runs scaffold.Create with Ctrl-C and SIGTERM held off until it returns (it takes a
// fraction of a second), so an interrupt can never leave its temporary directory behind: the
// result is a complete project or nothing. The signal's usual effect follows.
func Create(opts scaffold.Options) (*scaffold.Result, error) {
	signals := make(chan os.Signal, 1)
	signal.Notify(signals, os.Interrupt, syscall.SIGTERM)
	res, err := scaffold.Create(opts)
	signal.Stop(signals)
	select {
	case sig := <-signals:
		if err == nil {
			err = fmt.Errorf("interrupted by %v after %s was created", sig, res.Dir)
		}
		return nil, cmdutil.Usage(err)
	default:
		return res, err
	}
}

// Err maps a scaffold error to its exit status: the request's fault is a usage error (2).
func Err(err error) error {
	var p *scaffold.Problem
	if errors.As(err, &p) {
		return cmdutil.Usage(err)
	}
	return err
}

// PrintCreated reports a new project and the commands to run next in it.
func PrintCreated(w io.Writer, arg string, res *scaffold.Result, next []string) {
	fmt.Fprintf(w, "Created %s from the %s template (%d files) in %s\n", res.Name, res.Template.Name, len(res.Files), res.Dir)
	fmt.Fprintf(w, "\nNext:\n  cd %s\n", shellQuote(cdPath(arg)))
	for _, line := range next {
		if line == "" {
			fmt.Fprintln(w)
			continue
		}
		fmt.Fprintf(w, "  %s\n", line)
	}
}

// cdPath is the directory as the author typed it (relative stays relative: from where they
// stand), tidied.
func cdPath(arg string) string { return filepath.Clean(arg) }

// NextSteps lists build, test (when the template has tests) and dev, run as scape (Command),
// then the npm equivalents and how to reach a real host. The local world comes first: it needs
// no account and no host.
func NextSteps(res *scaffold.Result, scape string) []string {
	steps := []string{scape + " gizmo build"}
	if res.Template.HasTests() {
		steps = append(steps, scape+" gizmo test")
	}
	steps = append(steps, scape+" gizmo dev      # a local world: prints its link, live-updates on save; Ctrl-C stops")
	npm := "npm run build"
	if res.Template.HasTests() {
		npm += ", npm test"
	}
	return append(steps, "",
		"The same with npm or yarn (no global install): "+npm+", npm run dev.",
		"Against your own Scape host: "+scape+" gizmo dev --origin https://<your-host>")
}

// TemplateList is the templates for help texts: "blank (default), counter, …".
func TemplateList() string {
	names := templates.Names()
	names[0] += " (default)"
	return strings.Join(names, ", ") + "."
}

func exactlyOneDir(cmd *cobra.Command, args []string) error {
	switch len(args) {
	case 1:
		return nil
	case 0:
		return cmdutil.Usagef("%s needs the new project's directory, e.g. `%s ./my-gizmo`", cmd.CommandPath(), cmd.CommandPath())
	default:
		return cmdutil.Usagef("%s takes one directory (got %d arguments)", cmd.CommandPath(), len(args))
	}
}

func shellQuote(s string) string {
	if s != "" && strings.IndexFunc(s, func(r rune) bool {
		return !(r == '/' || r == '.' || r == '-' || r == '_' || r >= '0' && r <= '9' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z')
	}) < 0 {
		return s
	}
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}
