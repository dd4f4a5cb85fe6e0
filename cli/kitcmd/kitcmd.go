// Package kitcmd implements `scape gizmo kit`.
package kitcmd

import (
	"errors"

	"github.com/spf13/cobra"

	"github.com/scapeworld/scape/cli/cmdutil"
)

// NewCmd returns the `kit` command. (Placeholder until its issue lands.)
func NewCmd(f *cmdutil.Factory) *cobra.Command {
	return &cobra.Command{
		Use:   "kit",
		Short: "Export a self-sufficient Gizmo kit",
		RunE: func(cmd *cobra.Command, args []string) error {
			return cmdutil.Usage(errors.New("scape gizmo kit is not available in this build yet"))
		},
	}
}
