// Package kitcmd implements `scape gizmo kit export`, the spec's `sdk:starter`: a project made
// self-sufficient with the SDK as an npm-installable archive and a copy of the scape binary.
package kitcmd

import (
	"errors"
	"fmt"
	"os/exec"

	"github.com/spf13/cobra"

	"github.com/scapeworld/scape/cli/cmdutil"
	"github.com/scapeworld/scape/cli/initcmd"
	"github.com/scapeworld/scape/scaffold"
)

// ExportOptions are `kit export`'s inputs after flag parsing: init's, and where to find the
// running scape binary to copy.
type ExportOptions struct {
	initcmd.Options
	Executable func() (string, error)
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
	opts := &ExportOptions{Options: initcmd.Options{IO: f.IO, LookPath: exec.LookPath}, Executable: f.Executable}
	cmd := &cobra.Command{
		Use:   "export <new-directory>",
		Short: "Export a project with the SDK archive and this scape binary",
		Long: `Export a Gizmo project that needs nothing from a registry: everything init creates, plus
vendor/scape-sdk.tgz (the SDK as an npm-installable archive, the manifest's dependency) and
vendor/scape (a copy of this scape binary). The package scripts run the kit's own copy (or
$SCAPE_BIN when set), with no global install. The directory must not exist; its parent must.

Templates: ` + initcmd.TemplateList(),
		Example: "  scape gizmo kit export ./my-lamp --template lamp\n  cd my-lamp && ./vendor/scape gizmo dev",
	}
	return initcmd.NewProjectCmd(cmd, &opts.Options, func() error {
		if runF != nil {
			return runF(opts)
		}
		return RunExport(opts)
	})
}

// RunExport creates the kit.
func RunExport(opts *ExportOptions) error {
	exe, err := opts.Executable()
	if err != nil {
		return fmt.Errorf("cannot find the running scape binary to copy: %w", err)
	}
	res, err := initcmd.Create(scaffold.Options{
		Dir: opts.Dir, Template: opts.Template, SDK: opts.SDK, TestTypes: opts.TestTypes, Globals: opts.Globals,
		Kit: true, Executable: exe,
	})
	if err != nil {
		return initcmd.Err(err)
	}
	// The kit's own copy is always there once the author is inside it.
	run := initcmd.Command(exe, "./"+scaffold.VendorBinary, opts.LookPath)
	initcmd.PrintCreated(opts.IO.Out, opts.Dir, res, initcmd.NextSteps(res, run))
	fmt.Fprintf(opts.IO.Out, "\nThe kit carries the SDK (%s, installed by npm install or yarn install with no registry) and\nthis scape binary (%s).\n", scaffold.VendorSDKTarball, scaffold.VendorBinary)
	return nil
}
