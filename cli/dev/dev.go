// Package dev implements `scape gizmo dev` (and the `scape dev` alias): pair with a developer
// world, then watch, rebuild, validate locally and upload on every save.
package dev

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"os/signal"
	"path/filepath"
	"strings"
	"syscall"
	"time"

	"github.com/spf13/cobra"

	"github.com/scapeworld/scape/bundle"
	"github.com/scapeworld/scape/cli/cmdutil"
	"github.com/scapeworld/scape/devclient"
	"github.com/scapeworld/scape/devclient/watch"
)

// Options are dev's inputs: the flags and the directory, the factory's streams, clock and
// environment, and the dependencies run builds only when it needs them. NewCmdDev fills them
// with the production ones; a test gives fakes and nothing starts (no worker process, server or
// fsnotify).
type Options struct {
	IO     *cmdutil.IOStreams
	Now    func() time.Time
	Getenv func(string) string

	Dir    string
	Origin string
	JSON   bool

	// Pipeline opens the project's build and local check (package project, its worker warm).
	Pipeline func(dir string) (Pipeline, error)
	// Watch watches the project for saves (fsnotify; watch.NewManual in tests).
	Watch func(dir string) (*watch.Watcher, error)
	// Connect returns the client of a host's origin; a refused origin is a usage error.
	Connect func(origin string) (Client, error)
	// World starts the embedded world (the reference host in this process), when no --origin.
	World func(WorldConfig) (World, error)
}

// NewCmd returns the `dev` command.
func NewCmd(f *cmdutil.Factory) *cobra.Command { return NewCmdDev(f, nil) }

// NewCmdDev returns the command; runF replaces the behaviour (with the signal-bound context it
// would run under) in tests of argument parsing.
func NewCmdDev(f *cmdutil.Factory, runF func(context.Context, *Options) error) *cobra.Command {
	opts := &Options{}
	defaultDeps(f, opts)
	cmd := &cobra.Command{
		Use:   "dev [--origin URL] [--json] [DIR]",
		Short: "Build, watch and upload to a developer world",
		Long: `Build the project in DIR (default: the current directory), then rebuild, validate and upload it
to a developer world on every save. Each cycle prints one line: the revision, accepted or
rejected, the bundle size and the time from save to verdict. A rejected update leaves the
previous accepted build running; its errors name the definition, field and value.

With TypeScript installed in the project (npm install --save-dev typescript) and the directory
trusted (scape gizmo trust), each build is also type-checked by the project's own tsc, kept
loaded while dev runs: type errors are printed after the verdict, since scape gizmo build would
refuse them; dev sends the build anyway (types do not change what the world runs).

With --origin, pairs with that host: open the printed link, sign in, compare the code and
choose "Connect this project". HTTPS is required except for loopback origins.

Without --origin, starts the reference host on a free loopback port with its data in
DIR/.scape/, connects to it without a browser step, and prints the link to your world.

Ctrl+C revokes the session and exits. --json prints one JSON object per event on stdout
(human output goes to stderr).`,
		Example: `  scape gizmo dev                                      # a local world, its data in ./.scape/
  scape gizmo dev ./my-lamp
  scape gizmo dev --origin https://world.example.com   # pair with a remote host
  scape gizmo dev --json > events.jsonl`,
		Args: cobra.MaximumNArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			opts.Dir = "."
			if len(args) == 1 {
				opts.Dir = args[0]
			}
			ctx, stop := signal.NotifyContext(cmd.Context(), os.Interrupt, syscall.SIGTERM)
			defer stop()
			if runF != nil {
				return runF(ctx, opts)
			}
			return run(ctx, opts)
		},
	}
	cmd.Flags().StringVar(&opts.Origin, "origin", "", "developer-world host to pair with (https://…, or http:// on loopback)")
	cmd.Flags().BoolVar(&opts.JSON, "json", false, "print one JSON object per event on stdout")
	return cmd
}

// projectName is package.json's name, else the directory's. package.json is read as the build
// reads it (a regular file inside the project, bounded): never a named pipe to wait on.
func projectName(dir string) string {
	var pkg struct {
		Name string `json:"name"`
	}
	if b, err := bundle.ReadProjectFile(dir, "package.json"); err == nil && json.Unmarshal(b, &pkg) == nil && pkg.Name != "" {
		return pkg.Name
	}
	return filepath.Base(dir)
}

// Run runs dev as the command line would, with what opts leaves unset taken from f and the
// production dependencies (the in-process tests and the benchmark start dev this way).
func Run(ctx context.Context, f *cmdutil.Factory, opts *Options) error {
	o := *opts
	defaultDeps(f, &o)
	return run(ctx, &o)
}

// run is the command's behaviour, apart from flag parsing and signals: every stream, clock
// and dependency comes from opts.
func run(ctx context.Context, opts *Options) error {
	dir, err := filepath.Abs(opts.Dir)
	if err != nil {
		return cmdutil.Usage(err)
	}
	if fi, err := os.Stat(dir); err != nil || !fi.IsDir() {
		return cmdutil.Usagef("%s is not a project directory", opts.Dir)
	}
	ios := opts.IO
	rep := &reporter{json: opts.JSON, out: ios.Out, err: ios.ErrOut, color: !ios.NoColor}
	human := &reporter{out: ios.ErrOut, err: ios.ErrOut, color: !ios.NoColor}
	emit := func(e devclient.Event) {
		e.Time = opts.Now()
		rep.Emit(e)
		if opts.JSON {
			human.Emit(e) // people still read stderr (the pairing code above all)
		}
	}

	// Validate the origin before building anything: a refused origin is a usage error.
	var client Client
	if opts.Origin != "" {
		if client, err = opts.Connect(opts.Origin); err != nil {
			return cmdutil.Usage(err)
		}
	}

	pipe, err := opts.Pipeline(dir)
	if err != nil {
		return cmdutil.Usage(err)
	}
	defer pipe.Close()

	lock, err := lockProject(dir)
	if err != nil {
		return cmdutil.Usage(err)
	}
	defer lock.release()

	var approve func(code string) error
	if client == nil {
		world, err := opts.World(WorldConfig{
			Data:   filepath.Join(dir, ".scape"),
			OnLink: func(link string) { emit(devclient.Event{Kind: devclient.EventWorld, Link: link}) },
		})
		if err != nil {
			return err
		}
		defer world.Stop()
		if client, err = opts.Connect(world.URL()); err != nil {
			return err
		}
		approve = world.Approve
		lock.say(fmt.Sprintf("pid %d, world %s", os.Getpid(), world.URL()))
	} else {
		lock.say(fmt.Sprintf("pid %d, origin %s", os.Getpid(), client.Origin()))
	}

	w, err := opts.Watch(dir)
	if err != nil {
		return cmdutil.Usagef("watch %s: %v", dir, err)
	}
	defer w.Close()

	project := projectName(dir)
	for {
		sess, err := pair(ctx, opts, client, project, approve, emit)
		if err != nil {
			if ctx.Err() != nil {
				emit(devclient.Event{Kind: devclient.EventStopped, Message: "Stopped before pairing."})
				return nil
			}
			return cmdutil.Invalid(err)
		}
		loop := &devclient.Loop{Dir: dir, Builder: pipe, Check: pipe.Check, Upload: client, Session: sess, Watcher: w, Emit: emit, Now: opts.Now}
		if opts.Origin == "" {
			// The embedded host's verdict is this toolchain's whole check, exploration included:
			// nothing runs between a save and its upload, and the same check runs locally only
			// to place what the verdict reports (docs/dev.md).
			loop.Check, loop.Explain = nil, pipe.Explain
		}
		if tp, ok := pipe.(typer); ok {
			loop.Types = tp.Types // type errors are reported after each verdict (devclient/types.go)
		}
		err = loop.Run(ctx)
		var ended *devclient.SessionEnded
		if errors.As(err, &ended) {
			// The embedded host's sessions only end by expiry (two hours): pair again by itself.
			// A Disconnect pressed on the world page is the owner's decision: ask, or stop.
			if (approve != nil && ended.Reason != "session_revoked") || askPairAgain(ios) {
				continue
			}
			return cmdutil.Invalid(fmt.Errorf("%s; run scape gizmo dev again to pair", ended.Message))
		}
		// Stopped by Ctrl+C / SIGTERM: revoke at once, so the token is useless from now on.
		rctx, cancel := context.WithTimeout(context.Background(), 3*time.Second)
		rerr := client.Revoke(rctx, sess)
		cancel()
		msg := "Stopped; the session was revoked. The last accepted build stays in the world."
		if approve != nil {
			// The embedded world closes with this command: say what is kept, and where.
			msg = "Stopped; the session was revoked and the local world closed with this command. Its builds and placed Gizmos are kept in .scape/host and come back with the next scape gizmo dev."
		}
		if rerr != nil {
			msg = "Stopped; the host could not be reached to revoke the session (it expires on its own)."
		}
		emit(devclient.Event{Kind: devclient.EventStopped, Message: msg})
		return nil
	}
}

// askPairAgain asks on a terminal whether to pair again.
func askPairAgain(ios *cmdutil.IOStreams) bool {
	if !ios.ErrTTY {
		return false
	}
	fmt.Fprint(ios.ErrOut, "Pair again? [Y/n] ")
	line, err := bufio.NewReader(ios.In).ReadString('\n')
	if err != nil {
		return false
	}
	answer := strings.ToLower(strings.TrimSpace(line))
	return answer == "" || answer == "y" || answer == "yes"
}

// pair runs the device flow: print the code and the link, wait with a countdown.
func pair(ctx context.Context, opts *Options, c Client, project string, approve func(string) error, emit func(devclient.Event)) (*devclient.Session, error) {
	p, err := c.StartPairing(ctx, project)
	if err != nil {
		var pe *devclient.ProtocolError
		if errors.As(err, &pe) {
			return nil, fmt.Errorf("%s refused to pair: %w", c.Origin(), err)
		}
		return nil, fmt.Errorf("cannot reach %s: %w", c.Origin(), err)
	}
	if approve != nil {
		// Embedded host: the owner is the person at this terminal.
		if err := approve(p.UserCode); err != nil {
			return nil, err
		}
	} else {
		emit(devclient.Event{Kind: devclient.EventPairing, Code: p.UserCode, Link: p.VerificationURIComplete, ExpiresIn: p.ExpiresIn})
	}
	var stop func()
	if ios := opts.IO; approve == nil && ios.ErrTTY {
		// NO_COLOR and SCAPE_REDUCED_MOTION=1 turn the animation off (as the CLI reference says).
		if ios.NoColor || opts.Getenv("SCAPE_REDUCED_MOTION") == "1" {
			fmt.Fprintf(ios.ErrOut, "Waiting for approval (the code expires at %s)…\n", p.Expires.Format("15:04:05"))
		} else {
			stop = spinner(ios.ErrOut, p.Expires, time.Now)
		}
	}
	sess, err := c.WaitForApproval(ctx, p)
	if stop != nil {
		stop()
	}
	if err != nil {
		return nil, err
	}
	emit(devclient.Event{Kind: devclient.EventPaired, World: sess.World.Name, Link: sess.World.URL, Expires: sess.Expires.Format(time.RFC3339)})
	return sess, nil
}
