// Package trustcmd implements `scape gizmo trust [DIR]`, `--list` and `--revoke [DIR]`: the
// user's decision that a project directory's own programs (its TypeScript compiler) may run.
// The record and its rules are package trust's; this only parses, asks it and prints.
package trustcmd

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"time"

	"github.com/spf13/cobra"

	"github.com/scapeworld/scape/cli/cmdutil"
	"github.com/scapeworld/scape/trust"
)

// Options are the command's inputs after flag parsing.
type Options struct {
	IO  *cmdutil.IOStreams
	Dir string
	// List and Revoke choose the action; neither trusts Dir.
	List   bool
	Revoke bool
	// JSON prints --list as one machine-readable report.
	JSON bool
	Now  func() time.Time
	// Store is the trust record (nil: the user's own, trust.Default).
	Store *trust.Store
}

// NewCmd returns the `trust` command.
func NewCmd(f *cmdutil.Factory) *cobra.Command { return NewCmdTrust(f, nil) }

// NewCmdTrust returns the command; runF replaces the behaviour in tests of flag parsing.
func NewCmdTrust(f *cmdutil.Factory, runF func(*Options) error) *cobra.Command {
	opts := &Options{IO: f.IO, Dir: ".", Now: f.Now}
	cmd := &cobra.Command{
		Use:   "trust [DIR]",
		Short: "Let a project's own TypeScript run (workspace trust)",
		Long: `Trust the project directory DIR (default: the current directory): scape gizmo build then
type-checks it with the TypeScript compiler installed in its node_modules, a program that runs
with your rights and none of the limits a project's Gizmo code runs under. Any other directory
builds without it and says "types not checked: this project's TypeScript is not trusted (scape
gizmo trust)"; nothing else changes, and the exit status is the same. Trust a project only when
you would run its code yourself: a cloned repository can ship any program as its compiler.

Directories created by scape gizmo init and scape gizmo kit export are trusted already.

Trust is for exactly one directory, known by its real path (links resolved): the directories
inside a trusted one are not trusted, a link is trusted only while the directory it points to
is, and a project moved or copied elsewhere must be trusted again.

The record is yours, never the project's: it is kept in your user configuration directory
(--list says where). --list shows every trusted directory; --revoke stops trusting DIR.`,
		Example: "  scape gizmo trust\n  scape gizmo trust ./my-clone\n  scape gizmo trust --list\n  scape gizmo trust --revoke ./my-clone",
		Args: func(cmd *cobra.Command, args []string) error {
			if len(args) > 1 {
				return cmdutil.Usagef("%s takes at most one directory (got %d arguments)", cmd.CommandPath(), len(args))
			}
			return nil
		},
		RunE: func(cmd *cobra.Command, args []string) error {
			if opts.List && opts.Revoke {
				return cmdutil.Usagef("--list and --revoke are separate actions: choose one")
			}
			if opts.List && len(args) > 0 {
				return cmdutil.Usagef("--list takes no directory (got %q)", args[0])
			}
			if opts.JSON && !opts.List {
				return cmdutil.Usagef("--json goes with --list")
			}
			if len(args) == 1 {
				opts.Dir = args[0]
			}
			if runF != nil {
				return runF(opts)
			}
			return Run(opts)
		},
	}
	cmd.Flags().BoolVar(&opts.List, "list", false, "list the trusted directories")
	cmd.Flags().BoolVar(&opts.Revoke, "revoke", false, "stop trusting DIR")
	cmd.Flags().BoolVar(&opts.JSON, "json", false, "with --list: print one machine-readable report on stdout")
	return cmd
}

// Run trusts, revokes or lists.
func Run(opts *Options) error {
	store := opts.Store
	if store == nil {
		s, err := trust.Default()
		if err != nil {
			return err
		}
		store = s
	}
	switch {
	case opts.List:
		return list(opts, store)
	case opts.Revoke:
		return revoke(opts, store)
	}
	return add(opts, store)
}

func add(opts *Options, store *trust.Store) error {
	if _, err := trust.Resolve(opts.Dir); err != nil {
		return cmdutil.Usage(fmt.Errorf("cannot trust %s: %w", opts.Dir, unwrapPath(err)))
	}
	now := time.Now
	if opts.Now != nil {
		now = opts.Now
	}
	c, err := store.Add(opts.Dir, trust.ByUser, now())
	warnReplaced(opts, c)
	if err != nil {
		return err
	}
	if !c.Changed {
		fmt.Fprintf(opts.IO.Out, "%s is already trusted\n", c.Dir)
		return nil
	}
	fmt.Fprintf(opts.IO.Out, "✓ Trusted %s: scape gizmo build runs its own TypeScript there\n", c.Dir)
	if _, err := os.Stat(filepath.Join(c.Dir, "package.json")); err != nil {
		// Someone trusting ~/code for every clone under it would otherwise believe they had.
		fmt.Fprintf(opts.IO.ErrOut, "note: %s has no package.json; only this directory is trusted, not the projects inside it\n", c.Dir)
	}
	return nil
}

func revoke(opts *Options, store *trust.Store) error {
	c, err := store.Remove(opts.Dir)
	warnReplaced(opts, c)
	if err != nil {
		return err
	}
	if !c.Changed {
		fmt.Fprintf(opts.IO.Out, "%s was not trusted\n", c.Dir)
		return nil
	}
	fmt.Fprintf(opts.IO.Out, "✓ No longer trusted: %s\n", c.Dir)
	return nil
}

// ListReport is --list --json's output.
type ListReport struct {
	// Record is the trust record's file.
	Record      string        `json:"record"`
	Directories []trust.Entry `json:"directories"`
	// Unusable says why the record could not be used (then nothing is trusted); empty normally.
	Unusable string `json:"unusable,omitempty"`
}

func list(opts *Options, store *trust.Store) error {
	entries, err := store.List()
	var unusable *trust.UnusableError
	if err != nil && !errors.As(err, &unusable) {
		return err
	}
	if opts.JSON {
		rep := ListReport{Record: store.Path(), Directories: entries}
		if unusable != nil {
			rep.Unusable = unusable.Error()
		}
		return cmdutil.WriteJSON(opts.IO.Out, rep)
	}
	if unusable != nil {
		fmt.Fprintf(opts.IO.ErrOut, "warning: %v\n", unusable)
	}
	for _, e := range entries {
		fmt.Fprintf(opts.IO.Out, "%s  (%s, %s)\n", e.Dir, e.By, e.Since.Local().Format("2006-01-02 15:04"))
	}
	if len(entries) == 0 {
		fmt.Fprintf(opts.IO.ErrOut, "No trusted directories in %s (scape gizmo trust DIR trusts one)\n", store.Path())
		return nil
	}
	fmt.Fprintf(opts.IO.ErrOut, "(recorded in %s)\n", store.Path())
	return nil
}

// warnReplaced reports, once, a record that could not be used and was replaced by this change.
func warnReplaced(opts *Options, c trust.Change) {
	if w := c.Warning(); w != "" {
		fmt.Fprintf(opts.IO.ErrOut, "warning: %s\n", w)
	}
}

// unwrapPath drops the *PathError's operation ("lstat /x: no such file or directory" → "no such
// file or directory"): the message already names the directory as the user typed it.
func unwrapPath(err error) error {
	var pe *os.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	return err
}
