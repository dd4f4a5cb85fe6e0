package cmdutil

import "github.com/spf13/cobra"

// NewDirectoryArg is the arguments of a command that creates a project (init, kit export):
// exactly one, the new directory; anything else is a usage error that shows the form.
func NewDirectoryArg(cmd *cobra.Command, args []string) error {
	switch len(args) {
	case 1:
		return nil
	case 0:
		return Usagef("%s needs the new project's directory, e.g. `%s ./my-gizmo`", cmd.CommandPath(), cmd.CommandPath())
	default:
		return Usagef("%s takes one directory (got %d arguments)", cmd.CommandPath(), len(args))
	}
}
