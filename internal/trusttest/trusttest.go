// Package trusttest keeps tests away from the user's real trust record (package trust), which
// lives in the user's configuration directory: a test that ran init, kit export or trust there
// would leave its temporary directories trusted in the developer's own record, and a test that
// read it would depend on what the developer trusted.
//
// os.UserConfigDir reads one variable per platform ($XDG_CONFIG_HOME on Linux and the BSDs,
// $HOME on macOS, %AppData% on Windows); Env names it, Isolate points it at a test's temporary
// directory, and Main does it once for a whole test binary and every process it starts.
package trusttest

import (
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"github.com/scapeworld/scape/trust"
)

// inherited names the configuration directory Main made, so the processes a test binary starts
// (itself as `scape`, its workers) keep it instead of making their own.
const inherited = "SCAPE_TEST_CONFIG"

// Env is the variable os.UserConfigDir reads on this platform and the value that makes it
// return a directory under dir.
func Env(dir string) (name, value string) {
	switch runtime.GOOS {
	case "windows":
		return "AppData", dir
	case "darwin", "ios":
		return "HOME", dir // os.UserConfigDir: $HOME/Library/Application Support
	case "plan9":
		return "home", dir
	}
	return "XDG_CONFIG_HOME", dir
}

// Isolate points the user configuration directory at a new temporary directory for the rest of
// t (t.Setenv: not for parallel tests) and returns the path of the trust record there.
func Isolate(t testing.TB) string {
	t.Helper()
	dir := t.TempDir()
	name, value := Env(dir)
	t.Setenv(name, value)
	return check(t, dir)
}

// Main isolates a whole test binary: call it first in TestMain, and the returned function
// after the tests ran (before os.Exit). Processes the binary starts inherit the directory.
func Main() (cleanup func()) {
	if dir := os.Getenv(inherited); dir != "" {
		name, value := Env(dir)
		os.Setenv(name, value)
		return func() {}
	}
	dir, err := os.MkdirTemp("", "scape-test-config-")
	if err != nil {
		panic(err)
	}
	name, value := Env(dir)
	os.Setenv(name, value)
	os.Setenv(inherited, dir)
	return func() { os.RemoveAll(dir) }
}

// Run is a whole test binary's TestMain body for packages with nothing else to set up:
// os.Exit(trusttest.Run(m)) runs the tests with the configuration directory isolated (Main).
func Run(m *testing.M) int {
	cleanup := Main()
	defer cleanup()
	return m.Run()
}

// check fails t unless the configuration directory now is under dir: a platform whose
// os.UserConfigDir reads another variable must never reach the real one.
func check(t testing.TB, dir string) string {
	t.Helper()
	cfg, err := os.UserConfigDir()
	if err != nil || !strings.HasPrefix(cfg, dir) {
		t.Fatalf("the user config directory is %q (%v), not under the test's %s", cfg, err, dir)
	}
	return filepath.Join(cfg, "scape", trust.FileName)
}
