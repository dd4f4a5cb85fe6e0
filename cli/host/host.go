// Package host implements `scape gizmo host`: the reference developer-world host.
package host

import (
	"context"
	"fmt"
	"net"
	"net/netip"
	"os"
	"os/signal"
	"syscall"
	"time"

	"github.com/spf13/cobra"

	"github.com/scapeworld/scape/cli/cmdutil"
	"github.com/scapeworld/scape/devclient"
	"github.com/scapeworld/scape/host"
	"github.com/scapeworld/scape/internal/termtext"
)

// Options are the command's inputs: the factory's streams and clock, and the flags.
type Options struct {
	IO  *cmdutil.IOStreams
	Now func() time.Time

	Addr      string
	DataDir   string
	PublicURL string
	// TrustedProxies are the --trusted-proxy values: addresses or CIDR prefixes.
	TrustedProxies []string
	// Ready, if set, receives the base URL once the host listens.
	Ready func(base string)
}

// NewCmd returns the `host` command.
func NewCmd(f *cmdutil.Factory) *cobra.Command { return NewCmdHost(f, nil) }

// NewCmdHost returns the command; runF replaces the behaviour (with the signal-bound context it
// would run under) in tests of flag parsing.
func NewCmdHost(f *cmdutil.Factory, runF func(context.Context, *Options) error) *cobra.Command {
	opts := &Options{IO: f.IO, Now: f.Now}
	cmd := &cobra.Command{
		Use:   "host [--addr 127.0.0.1:7070] [--data DIR]",
		Short: "Run the reference developer-world host",
		Long: `Run a developer world on this machine: the host that ` + "`scape gizmo dev --origin`" + ` pairs with and
uploads to, with a web page for its owner (sign in, approve a project, watch revisions).

It listens on loopback by default. At start, and each time one is used, it prints a one-time
owner token (and a sign-in link carrying it); paste it at /login to sign in. Data (worlds,
revisions, placed Gizmos, session hashes) is kept in SQLite under --data.

Serving beyond loopback needs HTTPS in front (a TLS-terminating proxy) and --public-url set
to the https:// origin: clients refuse plain HTTP to remote hosts. Name that proxy with
--trusted-proxy so pairing requests are limited per client (the address it puts in
X-Forwarded-For) rather than all counted as the proxy's.`,
		Example: `  scape gizmo host
  scape gizmo host --addr 127.0.0.1:0 --data ./world    # a free port, data in ./world
  scape gizmo host --addr 127.0.0.1:7070 --public-url https://world.example.com --trusted-proxy 127.0.0.1`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			ctx, stop := signal.NotifyContext(cmd.Context(), os.Interrupt, syscall.SIGTERM)
			defer stop()
			if runF != nil {
				return runF(ctx, opts)
			}
			return Run(ctx, opts)
		},
	}
	cmd.Flags().StringVar(&opts.Addr, "addr", "127.0.0.1:7070", "address to listen on (host:port; port 0 picks a free one)")
	cmd.Flags().StringVar(&opts.DataDir, "data", ".scape-host", "directory for the host's database")
	cmd.Flags().StringVar(&opts.PublicURL, "public-url", "", "origin to print in links, when a proxy serves the host (https://…)")
	cmd.Flags().StringSliceVar(&opts.TrustedProxies, "trusted-proxy", nil, "address or CIDR of a reverse proxy in front of the host, whose X-Forwarded-For names the client (repeatable)")
	return cmd
}

// Run serves until ctx ends.
func Run(ctx context.Context, opts *Options) error {
	now := opts.Now
	if now == nil {
		now = time.Now
	}
	proxies, err := parseProxies(opts.TrustedProxies)
	if err != nil {
		return cmdutil.Usage(err)
	}
	ln, err := net.Listen("tcp", opts.Addr)
	if err != nil {
		return cmdutil.Usagef("cannot listen on %s: %v", opts.Addr, err)
	}
	defer ln.Close()
	base := "http://" + ln.Addr().String()
	if opts.PublicURL != "" {
		u, err := devclient.CheckOrigin(opts.PublicURL)
		if err != nil {
			return cmdutil.Usagef("--public-url: %v", err)
		}
		base = u.String() // trimmed of a trailing slash, query and fragment, as clients use it
	}
	out := opts.IO.Out
	tcp, _ := ln.Addr().(*net.TCPAddr)
	if tcp != nil && !tcp.IP.IsLoopback() && opts.PublicURL == "" {
		fmt.Fprintf(opts.IO.ErrOut, "warning: listening on %s without --public-url: clients refuse plain HTTP to a remote host; put HTTPS in front\n", ln.Addr())
	}
	checker := NewValidator()
	defer checker.Close()
	srv, err := host.New(host.Options{
		DataDir: opts.DataDir, Engine: checker, BaseURL: base, Now: now, TrustedProxies: proxies,
		OnOwnerToken: func(tok string) {
			fmt.Fprintf(out, "Owner sign-in (one-time): %s/login?token=%s\n", base, tok)
		},
		// Log lines quote projects' names and problems and players' requests: cleaned for the
		// terminal (termtext), like every author text the toolchain prints.
		Logf: func(format string, args ...any) {
			fmt.Fprintf(opts.IO.ErrOut, "%s %s\n", now().Format("15:04:05"), termtext.Clean(fmt.Sprintf(format, args...)))
		},
	})
	if err != nil {
		return cmdutil.Usage(err)
	}
	defer srv.Close()
	fmt.Fprintf(out, "Developer world at %s/ (data in %s)\n", base, opts.DataDir)
	fmt.Fprintf(out, "Connect a project with: scape gizmo dev --origin %s\n", base)
	serving := host.Serve(srv, ln)
	if opts.Ready != nil {
		opts.Ready(base)
	}
	select {
	case <-ctx.Done():
	case err := <-serving.Failed():
		return err
	}
	serving.Stop(5 * time.Second)
	fmt.Fprintln(out, "Host stopped.")
	return nil
}

// parseProxies reads --trusted-proxy values: "10.0.0.1", "10.0.0.0/8", "::1", "fd00::/8".
func parseProxies(values []string) ([]netip.Prefix, error) {
	var out []netip.Prefix
	for _, v := range values {
		if p, err := netip.ParsePrefix(v); err == nil {
			out = append(out, p.Masked())
			continue
		}
		a, err := netip.ParseAddr(v)
		if err != nil {
			return nil, fmt.Errorf("--trusted-proxy %q is not an address or a CIDR prefix (10.0.0.1, 10.0.0.0/8, fd00::/8)", v)
		}
		out = append(out, netip.PrefixFrom(a.Unmap(), a.Unmap().BitLen()))
	}
	return out, nil
}
