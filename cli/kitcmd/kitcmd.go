// Package kitcmd implements `scape gizmo kit export`, the spec's `sdk:starter`: a project made
// self-sufficient with the SDK as an npm-installable archive and a copy of the scape binary.
package kitcmd

import (
	"errors"
	"fmt"
	"io/fs"
	"os/exec"

	"github.com/spf13/cobra"

	"github.com/scapeworld/scape/cli/cmdutil"
	"github.com/scapeworld/scape/jsrt"
	"github.com/scapeworld/scape/kit"
	"github.com/scapeworld/scape/scaffold"
	"github.com/scapeworld/scape/templates"
	"github.com/scapeworld/scape/testrun"
)

// ExportOptions are `kit export`'s inputs after flag parsing.
type ExportOptions struct {
	IO       *cmdutil.IOStreams
	Dir      string
	Template string
	// What the project vendors: the SDK, the test runner's declarations, the runtime's globals.
	SDK       fs.FS
	TestTypes fs.FS
	Globals   []byte
	// Executable finds the running scape binary, which the kit carries a copy of.
	Executable func() (string, error)
	// LookPath finds a command on PATH (exec.LookPath; nil: nothing is on PATH).
	LookPath func(string) (string, error)
}

// NewCmd returns the `kit` command with its `export` subcommand.
func NewCmd(f *cmdutil.Factory) *cobra.Command {
	cmd := &cobra.Command{
		Use:     "kit",
		Short:   "Export a self-sufficient Gizmo kit",
		Example: "  scape gizmo kit export ./my-lamp --template lamp",
		Args:    cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			return cmdutil.Usage(errors.New("choose a subcommand: scape gizmo kit export <new-directory>"))
		},
	}
	cmd.AddCommand(NewCmdExport(f, nil))
	return cmd
}

// NewCmdExport returns `kit export`; runF replaces the behaviour in tests of flag parsing.
func NewCmdExport(f *cmdutil.Factory, runF func(*ExportOptions) error) *cobra.Command {
	opts := &ExportOptions{IO: f.IO, Executable: f.Executable, LookPath: exec.LookPath}
	cmd := &cobra.Command{
		Use:   "export <new-directory>",
		Short: "Export a project with the SDK archive and this scape binary",
		Long: `Export a Gizmo project that needs nothing from a registry: everything init creates, plus
vendor/scape-sdk.tgz (the SDK as an npm-installable archive, the manifest's dependency) and
vendor/scape (a copy of this scape binary). The package scripts run the kit's own copy (or
$SCAPE_BIN when set), with no global install. The directory must not exist; its parent must.

Templates: ` + scaffold.TemplateList(),
		Example: "  scape gizmo kit export ./my-lamp --template lamp\n  cd my-lamp && ./vendor/scape gizmo dev",
		Args:    cmdutil.NewDirectoryArg,
		RunE: func(cmd *cobra.Command, args []string) error {
			opts.Dir = args[0]
			// What the project vendors, loaded only when the command runs.
			opts.SDK, opts.TestTypes, opts.Globals = kit.SDK(), testrun.Types(), jsrt.GlobalTypes()
			if runF != nil {
				return runF(opts)
			}
			return RunExport(opts)
		},
	}
	cmd.Flags().StringVarP(&opts.Template, "template", "t", templates.Blank, "start from this template (see the list above)")
	return cmd
}

// RunExport creates the kit.
func RunExport(opts *ExportOptions) error {
	exe, err := opts.Executable()
	if err != nil {
		return fmt.Errorf("cannot find the running scape binary to copy: %w", err)
	}
	res, err := create(scaffold.Options{
		Dir: opts.Dir, Template: opts.Template, SDK: opts.SDK, TestTypes: opts.TestTypes, Globals: opts.Globals,
		Kit: true, Executable: exe,
	})
	if err != nil {
		return err
	}
	// The kit's own copy is always there once the author is inside it.
	run := scaffold.Invocation(exe, "./"+scaffold.VendorBinary, opts.LookPath)
	fmt.Fprint(opts.IO.Out, scaffold.Created(opts.Dir, res, scaffold.NextSteps(res, run)))
	fmt.Fprintf(opts.IO.Out, "\nThe kit carries the SDK (%s, installed by npm install or yarn install with no registry) and\nthis scape binary (%s).\n", scaffold.VendorSDKTarball, scaffold.VendorBinary)
	return nil
}

// create is scaffold.Create with interrupts held off until it returns: a complete kit or
// nothing. A refused request is a usage error (2). (init does the same for its projects.)
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
