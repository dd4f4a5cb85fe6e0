package dev_test

import (
	"github.com/spf13/cobra"

	"github.com/scapeworld/scape/cli/cmdutil"
	"github.com/scapeworld/scape/cli/root"
)

func rootCmd(f *cmdutil.Factory) *cobra.Command { return root.NewCmd(f) }
