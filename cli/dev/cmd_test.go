package dev

import (
	"bytes"
	"context"
	"testing"

	"github.com/scapeworld/scape/cli/cmdutil"
)

// TestDevArguments: the command's flags and its directory argument reach Options as parsed,
// without starting a host, a watcher or a worker; more than one directory is a usage error.
func TestDevArguments(t *testing.T) {
	f := &cmdutil.Factory{IO: &cmdutil.IOStreams{Out: &bytes.Buffer{}, ErrOut: &bytes.Buffer{}}}
	for _, c := range []struct {
		args []string
		want Options
	}{
		{nil, Options{Dir: "."}},
		{[]string{"./my-lamp"}, Options{Dir: "./my-lamp"}},
		{[]string{"--origin", "https://world.example.com", "--json", "p"}, Options{Dir: "p", Origin: "https://world.example.com", JSON: true}},
	} {
		var got *Options
		cmd := NewCmdDev(f, func(ctx context.Context, o *Options) error { got = o; return nil })
		cmd.SetArgs(c.args)
		cmd.SetOut(&bytes.Buffer{})
		cmd.SetErr(&bytes.Buffer{})
		if err := cmd.Execute(); err != nil {
			t.Fatalf("%v: %v", c.args, err)
		}
		if got == nil || got.Dir != c.want.Dir || got.Origin != c.want.Origin || got.JSON != c.want.JSON {
			t.Fatalf("%v: options %+v, want %+v", c.args, got, c.want)
		}
		// The factory's streams, and every dependency as a constructor: none has run yet.
		if got.IO != f.IO || got.Now == nil || got.Getenv == nil || got.Pipeline == nil || got.Watch == nil || got.Connect == nil || got.World == nil {
			t.Fatalf("%v: options not filled from the factory: %+v", c.args, got)
		}
	}
	cmd := NewCmdDev(f, func(context.Context, *Options) error { t.Fatal("ran with two directories"); return nil })
	cmd.SetArgs([]string{"a", "b"})
	cmd.SetOut(&bytes.Buffer{})
	cmd.SetErr(&bytes.Buffer{})
	if err := cmd.Execute(); err == nil {
		t.Fatal("two directories accepted")
	}
}
