package root

import (
	"runtime"
	"runtime/debug"
	"testing"

	"github.com/scapeworld/scape/cli/cmdutil"
)

func TestResolveVersion(t *testing.T) {
	const full = "b12c7d67f4be96bc6d805910cf6d266b10c059f3"
	vcs := func(modified string) []debug.BuildSetting {
		return []debug.BuildSetting{{Key: "vcs.revision", Value: full}, {Key: "vcs.modified", Value: modified}}
	}
	for _, c := range []struct {
		what                    string
		version, commit         string
		info                    *debug.BuildInfo
		wantVersion, wantCommit string
	}{
		{"release build: the stamps win", "0.3.0", full, &debug.BuildInfo{Main: debug.Module{Version: "v9.9.9"}, Settings: vcs("true")}, "0.3.0", "b12c7d67f4be"},
		{"no build info", "", "", nil, "dev", "unknown"},
		{"go test binary", "", "", &debug.BuildInfo{Main: debug.Module{Version: "(devel)"}}, "dev", "unknown"},
		{"go build in a checkout", "", "", &debug.BuildInfo{Main: debug.Module{Version: "v0.0.0-20260301120000-b12c7d67f4be+dirty"}, Settings: vcs("true")}, "dev", "b12c7d67f4be-dirty"},
		{"go build at a clean tag", "", "", &debug.BuildInfo{Main: debug.Module{Version: "v0.3.0"}, Settings: vcs("false")}, "0.3.0", "b12c7d67f4be"},
		{"go install …@v0.3.1-rc.1", "", "", &debug.BuildInfo{Main: debug.Module{Version: "v0.3.1-rc.1"}}, "0.3.1-rc.1", "unknown"},
		{"after a tag", "", "", &debug.BuildInfo{Main: debug.Module{Version: "v0.3.1-0.20260301120000-b12c7d67f4be"}}, "dev", "unknown"},
		{"a short stamped commit stays", "", "abc1234", nil, "dev", "abc1234"},
	} {
		v, commit := resolve(c.version, c.commit, c.info)
		if v != c.wantVersion || commit != c.wantCommit {
			t.Errorf("%s: %q, %q; want %q, %q", c.what, v, commit, c.wantVersion, c.wantCommit)
		}
	}
}

// TestVersionFlag: --version prints the one line, with this machine's os/arch.
func TestVersionFlag(t *testing.T) {
	saved := Commit
	Commit = "0123456789abcdef0123456789abcdef01234567"
	t.Cleanup(func() { Commit = saved })
	ios, _, out, _ := cmdutil.Test()
	cmd := NewCmd(cmdutil.New(ios, "0.3.0"))
	cmd.SetArgs([]string{"--version"})
	if err := cmd.Execute(); err != nil {
		t.Fatal(err)
	}
	want := "scape 0.3.0 (commit 0123456789ab, " + runtime.GOOS + "/" + runtime.GOARCH + ")\n"
	if out.String() != want {
		t.Errorf("--version printed %q, want %q", out, want)
	}
}
