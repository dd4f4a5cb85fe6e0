// Package root assembles the scape command tree and runs it.
package root

import (
	"errors"
	"fmt"

	"github.com/spf13/cobra"

	"github.com/scapeworld/scape/cli/build"
	"github.com/scapeworld/scape/cli/cmdutil"
	"github.com/scapeworld/scape/cli/dev"
	"github.com/scapeworld/scape/cli/host"
	"github.com/scapeworld/scape/cli/initcmd"
	"github.com/scapeworld/scape/cli/kitcmd"
	"github.com/scapeworld/scape/cli/model"
	"github.com/scapeworld/scape/cli/sound"
	"github.com/scapeworld/scape/cli/testcmd"
	"github.com/scapeworld/scape/cli/trustcmd"
	"github.com/scapeworld/scape/internal/termtext"
)

// NewCmd builds the whole tree: `scape gizmo <verb>` plus the `scape init` and `scape dev`
// compatibility aliases the CLI reference keeps.
func NewCmd(f *cmdutil.Factory) *cobra.Command {
	rootCmd := &cobra.Command{
		Use:           "scape",
		Short:         "Build, test and live-update Scape Gizmos",
		SilenceUsage:  true,
		SilenceErrors: true,
		Version:       f.Version,
	}
	// "scape 0.3.0 (commit …, linux/amd64)": which build, from which commit, for which machine,
	// in the one line a bug report needs. (A template: the line holds no template syntax.)
	rootCmd.SetVersionTemplate(versionLine(f.Version) + "\n")
	rootCmd.SetOut(f.IO.Out)
	rootCmd.SetErr(f.IO.ErrOut)
	rootCmd.SetFlagErrorFunc(func(_ *cobra.Command, err error) error { return cmdutil.Usage(err) })

	gizmo := &cobra.Command{
		Use:   "gizmo",
		Short: "Work on a Gizmo project",
		Long: `Work on a Gizmo project: create one (init, kit export), bundle and validate it (build), run
its tests (test), live-update it into a developer world (dev, host), listen to its sounds
(sound), check its models (model) and let a cloned project's own TypeScript run (trust).

In a project made by init, README.md says how to start; vendor/scape-sdk/README.md describes
the SDK and vendor/scape-sdk/LIMITS.md lists every rule with its bound and where the docs state
it.`,
		Example: `  scape gizmo init ./my-lamp --template lamp
  cd my-lamp && scape gizmo build && scape gizmo test
  scape gizmo dev`,
	}
	gizmo.AddCommand(
		initcmd.NewCmd(f),
		build.NewCmd(f),
		testcmd.NewCmd(f),
		dev.NewCmd(f),
		host.NewCmd(f),
		sound.NewCmd(f),
		model.NewCmd(f),
		kitcmd.NewCmd(f),
		trustcmd.NewCmd(f),
	)
	rootCmd.AddCommand(gizmo)

	// Compatibility aliases from the CLI reference.
	initAlias := initcmd.NewCmd(f)
	initAlias.Hidden = true
	devAlias := dev.NewCmd(f)
	devAlias.Hidden = true
	rootCmd.AddCommand(initAlias, devAlias)

	rootCmd.SetHelpCommand(newHelpCmd())
	gizmoHelp := newHelpCmd()
	gizmoHelp.Hidden = true // listed once, at the root; `scape gizmo help build` still works
	gizmo.AddCommand(gizmoHelp)
	rootCmd.InitDefaultCompletionCmd() // now, so guardGroups sees `completion` too
	guardGroups(rootCmd)
	return rootCmd
}

// Execute runs the command line and returns the process's exit status. Errors are printed
// here, once, as `scape: <message>`, unless the command already printed its own report.
func Execute(f *cmdutil.Factory, args []string) int {
	cmd := NewCmd(f)
	cmd.SetArgs(args)
	err := cmd.Execute()
	if err == nil {
		return cmdutil.ExitOK
	}
	var exit *cmdutil.ExitError
	if !(errors.As(err, &exit) && exit.Err == nil) {
		// Any error may quote the author's text (a path, a label, a message): cleaned once here.
		fmt.Fprintf(f.IO.ErrOut, "scape: %s\n", termtext.Clean(err.Error()))
	}
	return cmdutil.ExitCode(err)
}
