// Package model implements `scape gizmo model`.
package model

import (
	"errors"

	"github.com/spf13/cobra"

	"github.com/scapeworld/scape/cli/cmdutil"
)

// NewCmd returns the `model` command. (Placeholder until its issue lands.)
func NewCmd(f *cmdutil.Factory) *cobra.Command {
	return &cobra.Command{
		Use:   "model",
		Short: "Check a GLB model the way the host will",
		RunE: func(cmd *cobra.Command, args []string) error {
			return cmdutil.Usage(errors.New("scape gizmo model is not available in this build yet"))
		},
	}
}
