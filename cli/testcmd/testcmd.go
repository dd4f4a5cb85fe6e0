// Package testcmd implements `scape gizmo test`.
package testcmd

import (
	"errors"

	"github.com/spf13/cobra"

	"github.com/scapeworld/scape/cli/cmdutil"
)

// NewCmd returns the `test` command. (Placeholder until its issue lands.)
func NewCmd(f *cmdutil.Factory) *cobra.Command {
	return &cobra.Command{
		Use:   "test",
		Short: "Run the project's tests without Node.js",
		RunE: func(cmd *cobra.Command, args []string) error {
			return cmdutil.Usage(errors.New("scape gizmo test is not available in this build yet"))
		},
	}
}
