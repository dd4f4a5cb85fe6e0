// Package initcmd implements `scape gizmo init` (and its `scape init` alias).
package initcmd

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os/exec"
	"path/filepath"
	"time"

	"github.com/spf13/cobra"

	"github.com/scapeworld/scape/cli/cmdutil"
	"github.com/scapeworld/scape/jsrt"
	"github.com/scapeworld/scape/kit"
	"github.com/scapeworld/scape/scaffold"
	"github.com/scapeworld/scape/templates"
	"github.com/scapeworld/scape/testrun"
	"github.com/scapeworld/scape/trust"
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
	// Trust is where the new directory is recorded as trusted (nil: the user's own record,
	// trust.Default); Now stamps the entry (nil: time.Now).
	Trust *trust.Store
	Now   func() time.Time
}

// NewCmd returns the `init` command.
func NewCmd(f *cmdutil.Factory) *cobra.Command { return NewCmdInit(f, nil) }

// NewCmdInit returns the command; runF replaces the behaviour in tests of flag parsing.
func NewCmdInit(f *cmdutil.Factory, runF func(*Options) error) *cobra.Command {
	opts := &Options{IO: f.IO, Executable: f.Executable, LookPath: exec.LookPath, Now: f.Now}
	cmd := &cobra.Command{
		Use:   "init <new-directory>",
		Short: "Create a new Gizmo project",
		Long: `Create a new Gizmo project in a directory that does not exist yet (its parent must).
Nothing is ever overwritten, and a failure leaves no half-written directory.

The project vendors the @scape/sdk package (vendor/scape-sdk), so an editor resolves its types at
once, npm or yarn install works with no registry serving it, and scape gizmo build and test need
no node_modules at all.

Templates: ` + scaffold.TemplateList(),
		Example: "  scape gizmo init ./my-gizmo\n  scape gizmo init ./my-lamp --template lamp",
		Args:    cmdutil.NewDirectoryArg,
		RunE: func(cmd *cobra.Command, args []string) error {
			opts.Dir = args[0]
			// What the project vendors, loaded only when the command runs.
			opts.SDK, opts.TestTypes, opts.Globals = kit.SDK(), testrun.Types(), jsrt.GlobalTypes()
			if runF != nil {
				return runF(opts)
			}
			return Run(opts)
		},
	}
	cmd.Flags().StringVarP(&opts.Template, "template", "t", templates.Blank, "start from this template (see the list above)")
	return cmd
}

// Run creates the project and prints what to do next.
func Run(opts *Options) error {
	exe := opts.executable()
	res, err := create(scaffold.Options{Dir: opts.Dir, Template: opts.Template, SDK: opts.SDK, TestTypes: opts.TestTypes, Globals: opts.Globals, Executable: exe})
	if err != nil {
		return err
	}
	recordTrust(opts.Trust, res.Dir, trust.ByInit, opts.Now, opts.IO.ErrOut)
	fmt.Fprint(opts.IO.Out, scaffold.Created(opts.Dir, res, scaffold.NextSteps(res, scaffold.Invocation(exe, "", opts.LookPath))))
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

// create is scaffold.Create with interrupts held off until it returns (a fraction of a
// second): a complete project or nothing. A refused request is a usage error (2).
func create(o scaffold.Options) (*scaffold.Result, error) {
	var res *scaffold.Result
	var err error
	if sig := cmdutil.HoldInterrupts(func() { res, err = scaffold.Create(o) }); sig != nil {
		if err == nil {
			err = fmt.Errorf("interrupted by %v after %s was created", sig, res.Dir)
		}
		return nil, cmdutil.Usage(err)
	}
	var p *scaffold.Problem
	if errors.As(err, &p) {
		return nil, cmdutil.Usage(err)
	}
	return res, err
}

// recordTrust records the new directory as trusted (package trust): the user made it with
// scape, so the TypeScript a later npm install puts in it may run. A failure is a warning: the
// project is complete, merely not trusted.
func recordTrust(store *trust.Store, dir, by string, now func() time.Time, errOut io.Writer) {
	if now == nil {
		now = time.Now
	}
	for _, w := range trust.Created(store, dir, by, now()) {
		fmt.Fprintf(errOut, "warning: %s\n", w)
	}
}
