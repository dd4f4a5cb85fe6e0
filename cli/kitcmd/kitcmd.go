// Package kitcmd implements `scape gizmo kit export`, the spec's `sdk:starter`: a project made
// self-sufficient with the SDK as an npm-installable archive and a copy of the scape binary.
package kitcmd

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/spf13/cobra"

	"github.com/scapeworld/scape/cli/cmdutil"
	"github.com/scapeworld/scape/internal/release"
	"github.com/scapeworld/scape/jsrt"
	"github.com/scapeworld/scape/kit"
	"github.com/scapeworld/scape/scaffold"
	"github.com/scapeworld/scape/templates"
	"github.com/scapeworld/scape/testrun"
	"github.com/scapeworld/scape/trust"
)

// ExportOptions are `kit export`'s inputs after flag parsing.
type ExportOptions struct {
	IO       *cmdutil.IOStreams
	Dir      string
	Template string
	// What the project vendors: the SDK, the test runner's declarations, the runtime's globals.
	SDK       fs.FS
	TestTypes fs.FS
	Globals   []byte
	// Executable finds the running scape binary, which the kit carries a copy of.
	Executable func() (string, error)
	// LookPath finds a command on PATH (exec.LookPath; nil: nothing is on PATH).
	LookPath func(string) (string, error)
	// Trust is where the new directory is recorded as trusted (nil: the user's own record,
	// trust.Default); Now stamps the entry (nil: time.Now).
	Trust *trust.Store
	Now   func() time.Time
	// Platforms, when set, are the machines the kit carries scape for, read from the release
	// folder Release, in place of a copy of the running binary.
	Platforms []release.Platform
	Release   string
}

// defaultRelease is the release folder when neither --release nor $SCAPE_RELEASE names one:
// where `make release` writes, from the current directory, so a maintainer who just ran it at
// the scape repository's root needs no flag.
var defaultRelease = filepath.Join("dist", "release")

// NewCmd returns the `kit` command with its `export` subcommand.
func NewCmd(f *cmdutil.Factory) *cobra.Command {
	cmd := &cobra.Command{
		Use:     "kit",
		Short:   "Export a self-sufficient Gizmo kit",
		Example: "  scape gizmo kit export ./my-lamp --template lamp",
		Args:    cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			return cmdutil.Usage(errors.New("choose a subcommand: scape gizmo kit export <new-directory>"))
		},
	}
	cmd.AddCommand(NewCmdExport(f, nil))
	return cmd
}

// NewCmdExport returns `kit export`; runF replaces the behaviour in tests of flag parsing.
func NewCmdExport(f *cmdutil.Factory, runF func(*ExportOptions) error) *cobra.Command {
	opts := &ExportOptions{IO: f.IO, Executable: f.Executable, LookPath: exec.LookPath, Now: f.Now}
	var platforms []string
	cmd := &cobra.Command{
		Use:   "export <new-directory>",
		Short: "Export a project with the SDK archive and this scape binary",
		Long: `Export a Gizmo project that needs nothing from a registry: everything init creates, plus
vendor/scape-sdk.tgz (the SDK as an npm-installable archive, the manifest's dependency) and
vendor/scape (a copy of this scape binary). The package scripts run the kit's own copy (or
$SCAPE_BIN when set), with no global install. The directory must not exist; its parent must.

For a team on several kinds of machine, --platform darwin-arm64,linux-amd64 (or all) carries
scape for each of those instead: vendor/scape-<os>-<arch> (.exe for Windows), taken from a
release folder (the archives and SHA256SUMS that make release writes into dist/release in the
scape repository, or bare scape-<os>-<arch> binaries such as another kit's vendor folder holds).
Each archive is checked against the folder's SHA256SUMS when it has one. The folder is --release,
else $SCAPE_RELEASE, else dist/release under the current directory. The package scripts run
the binary for the machine they run on, and name the platform when the kit has none for it.

Platforms: ` + release.Names() + `.

Templates: ` + scaffold.TemplateList(),
		Example: "  scape gizmo kit export ./my-lamp --template lamp\n  cd my-lamp && ./vendor/scape gizmo dev\n" +
			"  scape gizmo kit export ./team-lamp --template lamp --platform darwin-arm64,linux-amd64,windows-amd64",
		Args: cmdutil.NewDirectoryArg,
		RunE: func(cmd *cobra.Command, args []string) error {
			opts.Dir = args[0]
			if cmd.Flags().Changed("platform") {
				var err error
				if opts.Platforms, err = release.ParsePlatforms(platforms); err != nil {
					return cmdutil.Usage(err)
				}
				if len(opts.Platforms) == 0 {
					return cmdutil.Usagef("--platform names no platform; choose from %s, or all", release.Names())
				}
				if opts.Release == "" && f.Getenv != nil {
					opts.Release = f.Getenv("SCAPE_RELEASE")
				}
				if opts.Release == "" {
					opts.Release = defaultRelease
				}
			} else if cmd.Flags().Changed("release") {
				return cmdutil.Usagef("--release is the folder --platform takes binaries from; without --platform the kit carries this scape binary")
			}
			// What the project vendors, loaded only when the command runs.
			opts.SDK, opts.TestTypes, opts.Globals = kit.SDK(), testrun.Types(), jsrt.GlobalTypes()
			if runF != nil {
				return runF(opts)
			}
			return RunExport(opts)
		},
	}
	cmd.Flags().StringVarP(&opts.Template, "template", "t", templates.Blank, "start from this template (see the list above)")
	cmd.Flags().StringSliceVar(&platforms, "platform", nil, "carry scape for these platforms (comma-separated, or all) from the release folder")
	cmd.Flags().StringVar(&opts.Release, "release", "", "the release folder for --platform (default $SCAPE_RELEASE, else dist/release)")
	return cmd
}

// RunExport creates the kit.
func RunExport(opts *ExportOptions) error {
	exe, err := opts.Executable()
	if err != nil {
		return fmt.Errorf("cannot find the running scape binary to copy: %w", err)
	}
	bins, err := platformBinaries(opts.Platforms, opts.Release)
	if err != nil {
		return err
	}
	res, err := create(scaffold.Options{
		Dir: opts.Dir, Template: opts.Template, SDK: opts.SDK, TestTypes: opts.TestTypes, Globals: opts.Globals,
		Kit: true, Executable: exe, Platforms: bins,
	})
	if err != nil {
		return err
	}
	recordTrust(opts.Trust, res.Dir, trust.ByKitExport, opts.Now, opts.IO.ErrOut)
	if len(opts.Platforms) == 0 {
		// The kit's own copy is always there once the author is inside it.
		run := scaffold.Invocation(exe, "./"+scaffold.VendorBinary, opts.LookPath)
		fmt.Fprint(opts.IO.Out, scaffold.Created(opts.Dir, res, scaffold.NextSteps(res, run)))
		fmt.Fprintf(opts.IO.Out, "\nThe kit carries the SDK (%s, installed by npm install or yarn install with no registry) and\nthis scape binary (%s).\n", scaffold.VendorSDKTarball, scaffold.VendorBinary)
		return nil
	}
	// This machine's binary in the kit, when it carries one; else this very binary.
	inKit := ""
	if slices.Contains(opts.Platforms, release.Host()) {
		inKit = "./" + scaffold.VendorPlatformBinary(release.Host())
	}
	run := scaffold.Invocation(exe, inKit, opts.LookPath)
	fmt.Fprint(opts.IO.Out, scaffold.Created(opts.Dir, res, scaffold.NextSteps(res, run)))
	names, files := make([]string, len(opts.Platforms)), make([]string, len(opts.Platforms))
	for i, p := range opts.Platforms {
		names[i], files[i] = p.String(), scaffold.VendorPlatformBinary(p)
	}
	fmt.Fprintf(opts.IO.Out, "\nThe kit carries the SDK (%s, installed by npm install or yarn install with no registry) and\nscape for %s from %s (%s); its scripts run the one for the machine they run on.\n",
		scaffold.VendorSDKTarball, strings.Join(names, ", "), opts.Release, strings.Join(files, ", "))
	if inKit == "" {
		fmt.Fprintf(opts.IO.Out, "This machine (%s) is not among them: here the scripts stop and say so; set SCAPE_BIN, or add\n%s to --platform.\n", release.Host(), release.Host())
	}
	return nil
}

// platformBinaries finds every platform's binary in the release folder before anything is
// written, so a missing one is reported at once, all of them together, with what the folder
// has. Each is then read (and checked against SHA256SUMS) while the kit is written.
func platformBinaries(platforms []release.Platform, dir string) ([]scaffold.PlatformBinary, error) {
	if len(platforms) == 0 {
		return nil, nil
	}
	folder, err := release.OpenFolder(dir)
	if err != nil {
		return nil, cmdutil.Usagef("%v; run make release in the scape repository, or point --release (or SCAPE_RELEASE) at a folder of scape release archives", err)
	}
	var problems []string
	bins := make([]scaffold.PlatformBinary, len(platforms))
	for i, p := range platforms {
		if _, err := folder.Find(p); err != nil {
			problems = append(problems, err.Error())
		}
		bins[i] = scaffold.PlatformBinary{Platform: p, Load: func() ([]byte, error) {
			data, err := folder.Binary(p)
			var sum *release.ChecksumError
			if errors.As(err, &sum) {
				return nil, cmdutil.Invalid(err)
			}
			return data, err
		}}
	}
	if len(problems) > 0 {
		has := "nothing"
		if h := folder.Has(); len(h) > 0 {
			names := make([]string, len(h))
			for i, p := range h {
				names[i] = p.String()
			}
			has = strings.Join(names, ", ")
		}
		return nil, cmdutil.Usagef("%s\n(it has scape for %s; make release in the scape repository builds every platform; nothing was created)", strings.Join(problems, "\n"), has)
	}
	return bins, nil
}

// create is scaffold.Create with interrupts held off until it returns: a complete kit or
// nothing. A refused request is a usage error (2). (init does the same for its projects.)
func create(o scaffold.Options) (*scaffold.Result, error) {
	var res *scaffold.Result
	var err error
	if sig := cmdutil.HoldInterrupts(func() { res, err = scaffold.Create(o) }); sig != nil {
		if err == nil {
			err = fmt.Errorf("interrupted by %v after %s was created", sig, res.Dir)
		}
		return nil, cmdutil.Usage(err)
	}
	var p *scaffold.Problem
	if errors.As(err, &p) {
		return nil, cmdutil.Usage(err)
	}
	return res, err
}

// recordTrust records the new directory as trusted (package trust): the user made it with
// scape, so the TypeScript a later npm install puts in it may run. A failure is a warning: the
// project is complete, merely not trusted.
func recordTrust(store *trust.Store, dir, by string, now func() time.Time, errOut io.Writer) {
	if now == nil {
		now = time.Now
	}
	for _, w := range trust.Created(store, dir, by, now()) {
		fmt.Fprintf(errOut, "warning: %s\n", w)
	}
}
