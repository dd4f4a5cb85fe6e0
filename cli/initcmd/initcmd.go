// Package initcmd implements `scape gizmo init`.
package initcmd

import (
	"errors"

	"github.com/spf13/cobra"

	"github.com/scapeworld/scape/cli/cmdutil"
)

// NewCmd returns the `init` command. (Placeholder until its issue lands.)
func NewCmd(f *cmdutil.Factory) *cobra.Command {
	return &cobra.Command{
		Use:   "init",
		Short: "Create a new Gizmo project",
		RunE: func(cmd *cobra.Command, args []string) error {
			return cmdutil.Usage(errors.New("scape gizmo init is not available in this build yet"))
		},
	}
}
