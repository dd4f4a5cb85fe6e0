package host

import (
	"bytes"
	"context"
	"errors"
	"io/fs"
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/scapeworld/scape/cli/cmdutil"
)

// TestHostArguments: flags reach Options with the factory's streams, the defaults are loopback
// and ./.scape-host, and arguments are refused, all without starting a host.
func TestHostArguments(t *testing.T) {
	ios, _, _, _ := cmdutil.Test()
	f := &cmdutil.Factory{IO: ios}
	for _, c := range []struct {
		args               []string
		addr, data, public string
		proxies            []string
	}{
		{nil, "127.0.0.1:7070", ".scape-host", "", nil},
		{[]string{"--addr", "127.0.0.1:0", "--data", "w", "--public-url", "https://world.example.com", "--trusted-proxy", "10.0.0.1", "--trusted-proxy", "fd00::/8"},
			"127.0.0.1:0", "w", "https://world.example.com", []string{"10.0.0.1", "fd00::/8"}},
	} {
		var got *Options
		cmd := NewCmdHost(f, func(_ context.Context, o *Options) error { got = o; return nil })
		cmd.SetArgs(c.args)
		cmd.SetOut(&bytes.Buffer{})
		cmd.SetErr(&bytes.Buffer{})
		if err := cmd.Execute(); err != nil {
			t.Fatalf("%v: %v", c.args, err)
		}
		if got == nil || got.IO != ios || got.Addr != c.addr || got.DataDir != c.data || got.PublicURL != c.public || !slices.Equal(got.TrustedProxies, c.proxies) {
			t.Fatalf("%v: options %+v", c.args, got)
		}
	}
	cmd := NewCmdHost(f, func(context.Context, *Options) error { t.Fatal("ran with an argument"); return nil })
	cmd.SetArgs([]string{"extra"})
	cmd.SetOut(&bytes.Buffer{})
	cmd.SetErr(&bytes.Buffer{})
	if err := cmd.Execute(); err == nil {
		t.Fatal("an argument was accepted")
	}
}

// TestHostRefusesBadFlagsBeforeServing: a --trusted-proxy that is no address and a plain-HTTP
// --public-url for a remote name are usage errors, and nothing is served or stored.
func TestHostRefusesBadFlagsBeforeServing(t *testing.T) {
	for _, o := range []Options{
		{Addr: "127.0.0.1:0", TrustedProxies: []string{"proxy.example.com"}},
		{Addr: "127.0.0.1:0", PublicURL: "http://world.example.com"},
	} {
		ios, _, out, _ := cmdutil.Test()
		o.IO, o.DataDir = ios, t.TempDir()+"/data"
		o.Ready = func(string) { t.Errorf("%+v: the host started", o) }
		err := Run(context.Background(), &o)
		if cmdutil.ExitCode(err) != cmdutil.ExitUsage || out.Len() != 0 {
			t.Errorf("%+v: %v (exit %d), printed %q; want a usage error and nothing printed", o, err, cmdutil.ExitCode(err), out)
		}
		if !strings.Contains(err.Error(), "proxy.example.com") && !strings.Contains(err.Error(), "--public-url") {
			t.Errorf("%+v: the message %q does not name the flag or the value", o, err)
		}
		if _, err := os.Stat(o.DataDir); !errors.Is(err, fs.ErrNotExist) {
			t.Errorf("%+v: the data directory was created (%v)", o, err)
		}
	}
}
