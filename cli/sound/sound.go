// Package sound implements `scape gizmo sound`.
package sound

import (
	"errors"

	"github.com/spf13/cobra"

	"github.com/scapeworld/scape/cli/cmdutil"
)

// NewCmd returns the `sound` command. (Placeholder until its issue lands.)
func NewCmd(f *cmdutil.Factory) *cobra.Command {
	return &cobra.Command{
		Use:   "sound",
		Short: "Render the project's sounds to WAV",
		RunE: func(cmd *cobra.Command, args []string) error {
			return cmdutil.Usage(errors.New("scape gizmo sound is not available in this build yet"))
		},
	}
}
