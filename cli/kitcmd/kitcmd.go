// Package kitcmd implements `scape gizmo kit export`, the spec's `sdk:starter`: a project made
// self-sufficient with the SDK as an npm-installable archive and a copy of the scape binary.
package kitcmd

import (
	"errors"
	"fmt"

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
	opts := &ExportOptions{Options: initcmd.Options{IO: f.IO}, Executable: f.Executable}
	cmd := &cobra.Command{
		Use:   "export <new-directory>",
		Short: "Export a project with the SDK archive and this scape binary",
		Long: `Export a Gizmo project that needs nothing from a registry: everything init creates, plus
vendor/scape-sdk.tgz (the SDK as an npm-installable archive, the manifest's dependency) and
vendor/scape (a copy of this scape binary). The package scripts run the scape on the PATH when
there is one, else the kit's own copy. The directory must not exist; its parent must.

Templates: ` + initcmd.TemplateList(),
		Example: "  scape gizmo kit export ./my-lamp --template lamp\n  cd my-lamp && npm install && npm run build",
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
		Dir: opts.Dir, Template: opts.Template, SDK: opts.SDK, TestTypes: opts.TestTypes,
		Kit: true, Executable: exe,
	})
	if err != nil {
		return initcmd.Err(err)
	}
	steps := append([]string{"npm install    # or: yarn install"},
		initcmd.NextSteps(res, "npm run build", "npm test", "npm run dev -- --origin https://your-scape-host")...)
	initcmd.PrintCreated(opts.IO.Out, opts.Dir, res, steps)
	fmt.Fprintf(opts.IO.Out, "\nThe kit carries the SDK (%s) and this scape binary (%s).\n", scaffold.VendorSDKTarball, scaffold.VendorBinary)
	return nil
}
