package jsrt

import (
	"bufio"
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/rogpeppe/go-internal/txtar"

	"github.com/scapeworld/scape/internal/nodetest"
)

// The differential corpus (issue 23, item 2): testdata/parity/*.txtar hold probes of the
// JavaScript an author writes, each a function body whose result (or throw) show.js renders.
// node.golden records Node's rendering of each; the engine must give the same text, or the
// probe is listed in known.txt with the reason (docs/sdk.md says which, and why).
var updateParity = flag.Bool("update-parity", false, "rewrite testdata/parity/node.golden from Node")

const parityDir = "../testdata/parity"

type probe struct{ name, body string }

func parityProbes(t *testing.T) []probe {
	t.Helper()
	files, _ := filepath.Glob(filepath.Join(parityDir, "*.txtar"))
	if len(files) == 0 {
		t.Fatal("no testdata/parity/*.txtar")
	}
	var out []probe
	seen := map[string]bool{}
	for _, name := range files {
		ar, err := txtar.ParseFile(name)
		if err != nil {
			t.Fatal(err)
		}
		group := strings.TrimSuffix(filepath.Base(name), ".txtar")
		for _, f := range ar.Files {
			p := probe{name: group + "/" + f.Name, body: string(f.Data)}
			if seen[p.name] {
				t.Fatalf("probe %s twice", p.name)
			}
			seen[p.name] = true
			out = append(out, p)
		}
	}
	return out
}

// parityScript is show.js and every probe, each printing one JSON line [name, result].
func parityScript(t *testing.T, probes []probe) string {
	t.Helper()
	show, err := os.ReadFile(filepath.Join(parityDir, "show.js"))
	if err != nil {
		t.Fatal(err)
	}
	var b strings.Builder
	// Strict, as the engine compiles every script (authors' bundles are ES modules); Node would
	// run a plain script sloppy.
	b.WriteString("'use strict';\n")
	b.Write(show)
	for _, p := range probes {
		name, _ := json.Marshal(p.name)
		fmt.Fprintf(&b, "\nconsole.log(JSON.stringify([%s, run(function () {\n%s\n})]));\n", name, p.body)
	}
	return b.String()
}

func parseParityLines(t *testing.T, lines []string) map[string]string {
	t.Helper()
	out := map[string]string{}
	for _, line := range lines {
		var pair [2]string
		if err := json.Unmarshal([]byte(line), &pair); err != nil {
			t.Fatalf("not a probe result: %q", line)
		}
		out[pair[0]] = pair[1]
	}
	return out
}

// engineResults runs the probes as author code in a locked-down runtime.
func engineResults(t *testing.T, probes []probe) map[string]string {
	t.Helper()
	var lines []string
	// The whole corpus is one guarded call: a generous deadline, so that a loaded machine does
	// not fail it (it is a test of results, not of speed).
	r := newRuntime(t, Options{Limits: Limits{Timeout: time.Minute}, Console: func(_, text string) { lines = append(lines, text) }})
	s, err := CompileScript("parity.js", []byte(parityScript(t, probes)), nil)
	if err != nil {
		t.Fatal(err)
	}
	if err := r.RunScript(context.Background(), "the parity corpus", s); err != nil {
		t.Fatal(err)
	}
	return parseParityLines(t, lines)
}

// nodeResults runs the same script under Node with the engine's fixed environment (time zone
// UTC, locale en-US); it skips without Node unless SCAPE_REQUIRE_NODE=1.
func nodeResults(t *testing.T, probes []probe) map[string]string {
	t.Helper()
	node := nodetest.Node(t)
	file := filepath.Join(t.TempDir(), "parity.js")
	if err := os.WriteFile(file, []byte(parityScript(t, probes)), 0o644); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(node, file)
	cmd.Env = append(os.Environ(), "TZ=UTC", "LANG=en_US.UTF-8", "LC_ALL=en_US.UTF-8")
	var stderr strings.Builder
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("node: %v\n%s", err, stderr.String())
	}
	var lines []string
	sc := bufio.NewScanner(strings.NewReader(string(out)))
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	for sc.Scan() {
		lines = append(lines, sc.Text())
	}
	return parseParityLines(t, lines)
}

func readGolden(t *testing.T) map[string]string {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(parityDir, "node.golden"))
	if err != nil {
		t.Fatal(err)
	}
	var lines []string
	for _, line := range strings.Split(string(data), "\n") {
		if line != "" {
			lines = append(lines, line)
		}
	}
	return parseParityLines(t, lines)
}

// knownDifferences reads known.txt: `name: reason` for each probe the engine answers
// differently, on purpose or as a limit of goja not fixed yet (docs/sdk.md lists them).
func knownDifferences(t *testing.T) map[string]string {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(parityDir, "known.txt"))
	if err != nil {
		t.Fatal(err)
	}
	out := map[string]string{}
	for _, line := range strings.Split(string(data), "\n") {
		if line = strings.TrimSpace(line); line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		name, reason, ok := strings.Cut(line, ": ")
		if !ok {
			t.Fatalf("known.txt: %q is not `name: reason`", line)
		}
		out[name] = reason
	}
	return out
}

// TestParityWithNode runs every probe of the corpus in the engine and compares its result with
// Node's recorded one: the same text, or a known difference listed with its reason (which must
// still differ: a fix removes it from the list).
func TestParityWithNode(t *testing.T) {
	probes := parityProbes(t)
	golden := readGolden(t)
	known := knownDifferences(t)
	got := engineResults(t, probes)
	for _, p := range probes {
		want, ok := golden[p.name]
		if !ok {
			t.Errorf("%s: no recorded Node result (go test ./jsrt -run TestParityUnderNode -update-parity)", p.name)
			continue
		}
		have := got[p.name]
		if reason, isKnown := known[p.name]; isKnown {
			if have == want {
				t.Errorf("%s: listed as a known difference (%s) but the engine now agrees with Node: remove it from known.txt", p.name, reason)
			}
			continue
		}
		if have != want {
			t.Errorf("%s:\n  engine %s\n  node   %s", p.name, have, want)
		}
	}
	for name := range known {
		if _, ok := golden[name]; !ok {
			t.Errorf("known.txt names %s, which is no probe", name)
		}
	}
	if len(probes) < 300 {
		t.Errorf("only %d probes", len(probes))
	}
}

// TestParityUnderNode checks node.golden against the Node on this machine (with -update-parity,
// rewrites it). It skips without Node unless SCAPE_REQUIRE_NODE=1.
func TestParityUnderNode(t *testing.T) {
	probes := parityProbes(t)
	fresh := nodeResults(t, probes)
	if *updateParity {
		names := make([]string, 0, len(fresh))
		for name := range fresh {
			names = append(names, name)
		}
		sort.Strings(names)
		var b strings.Builder
		for _, name := range names {
			line, _ := json.Marshal([2]string{name, fresh[name]})
			b.Write(line)
			b.WriteByte('\n')
		}
		if err := os.WriteFile(filepath.Join(parityDir, "node.golden"), []byte(b.String()), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	golden := readGolden(t)
	for _, p := range probes {
		if fresh[p.name] != golden[p.name] {
			t.Errorf("%s: Node now says %s, node.golden %s (rerun with -update-parity)", p.name, fresh[p.name], golden[p.name])
		}
	}
}
