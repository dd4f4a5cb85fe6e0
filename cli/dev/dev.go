// Package dev implements `scape gizmo dev`.
package dev

import (
	"errors"

	"github.com/spf13/cobra"

	"github.com/scapeworld/scape/cli/cmdutil"
)

// NewCmd returns the `dev` command. (Placeholder until its issue lands.)
func NewCmd(f *cmdutil.Factory) *cobra.Command {
	return &cobra.Command{
		Use:   "dev",
		Short: "Build, watch and upload to a developer world",
		RunE: func(cmd *cobra.Command, args []string) error {
			return cmdutil.Usage(errors.New("scape gizmo dev is not available in this build yet"))
		},
	}
}
