// Package initcmd implements `scape gizmo init` (and its `scape init` alias).
package initcmd

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"os/signal"
	"strings"
	"syscall"

	"github.com/spf13/cobra"

	"github.com/scapeworld/scape/cli/cmdutil"
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
}

// NewCmd returns the `init` command.
func NewCmd(f *cmdutil.Factory) *cobra.Command { return NewCmdInit(f, nil) }

// NewCmdInit returns the command; runF replaces the behaviour in tests of flag parsing.
func NewCmdInit(f *cmdutil.Factory, runF func(*Options) error) *cobra.Command {
	opts := &Options{IO: f.IO}
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
		return run()
	}
	cmd.Flags().StringVarP(&opts.Template, "template", "t", templates.Blank, "start from this template (see the list above)")
	return cmd
}

// Run creates the project and prints what to do next.
func Run(opts *Options) error {
	res, err := Create(scaffold.Options{Dir: opts.Dir, Template: opts.Template, SDK: opts.SDK, TestTypes: opts.TestTypes})
	if err != nil {
		return Err(err)
	}
	PrintCreated(opts.IO.Out, opts.Dir, res, NextSteps(res, "scape gizmo build", "scape gizmo test", "scape gizmo dev --origin https://your-scape-host"))
	return nil
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
	fmt.Fprintf(w, "\nNext:\n  cd %s\n", shellQuote(arg))
	for _, line := range next {
		fmt.Fprintf(w, "  %s\n", line)
	}
}

// NextSteps lists build, test (when the template has tests) and dev.
func NextSteps(res *scaffold.Result, build, test, dev string) []string {
	steps := []string{build}
	if res.Template.HasTests() {
		steps = append(steps, test)
	}
	return append(steps, dev)
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
