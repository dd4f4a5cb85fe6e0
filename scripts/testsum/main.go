// Command testsum reads `go test -json` on standard input and prints what plain `go test` does
// (a line per package, the output of what failed) and then what plain `go test` hides: every
// skipped test with its reason (a Node or Chromium test on a machine without them says why),
// and a last line counting them, `tests: N passed, N failed, N skipped`. It exits 1 when a test
// or a build failed. The README's test command and `make test` pipe through it:
//
//	go test -json -timeout 25m ./... | go run ./scripts/testsum
package main

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"sort"
	"strings"
)

// event is one line of `go test -json` (cmd/test2json).
type event struct {
	Action     string
	Package    string
	ImportPath string
	Test       string
	Elapsed    float64
	Output     string
}

type summary struct {
	out                     io.Writer
	passed, failed, skipped int
	buildFailed             bool
	output                  map[string][]string // package + "\x00" + test → output lines
	skips                   []string
	failedIn                map[string]int // failed tests per package
}

func main() {
	s := newSummary(os.Stdout)
	if err := s.read(os.Stdin); err != nil {
		fmt.Fprintln(os.Stderr, "testsum:", err)
		os.Exit(2)
	}
	s.finish()
	if !s.ok() {
		os.Exit(1)
	}
}

func newSummary(out io.Writer) *summary {
	return &summary{out: out, output: map[string][]string{}, failedIn: map[string]int{}}
}

// ok says whether everything passed: no failed test, no failed build or TestMain.
func (s *summary) ok() bool { return s.failed == 0 && !s.buildFailed }

func (s *summary) read(r io.Reader) error {
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 1<<20), 16<<20)
	for sc.Scan() {
		line := sc.Bytes()
		var e event
		if len(line) == 0 || line[0] != '{' || json.Unmarshal(line, &e) != nil {
			// Not an event (go vet's or the linker's text): shown as it came.
			fmt.Fprintln(s.out, string(line))
			continue
		}
		s.event(e)
	}
	return sc.Err()
}

func (s *summary) event(e event) {
	key := e.Package + "\x00" + e.Test
	switch e.Action {
	case "build-output":
		fmt.Fprint(s.out, e.Output)
	case "build-fail":
		s.buildFailed = true
	case "output":
		if len(s.output[key]) < 2000 {
			s.output[key] = append(s.output[key], e.Output)
		}
	case "pass", "fail", "skip":
		if e.Test == "" {
			s.packageDone(e)
			return
		}
		switch e.Action {
		case "pass":
			s.passed++
		case "fail":
			s.failed++
			s.failedIn[e.Package]++
			for _, l := range s.output[key] {
				fmt.Fprint(s.out, l)
			}
		case "skip":
			s.skipped++
			s.skips = append(s.skips, fmt.Sprintf("%s %s: %s", e.Package, e.Test, skipReason(s.output[key])))
		}
		delete(s.output, key)
	}
}

// packageDone prints the package's line as plain `go test` does, with its own output (a
// panic, a TestMain's message) when it failed.
func (s *summary) packageDone(e event) {
	key := e.Package + "\x00"
	switch e.Action {
	case "pass":
		fmt.Fprintf(s.out, "ok  \t%s\t%.3fs\n", e.Package, e.Elapsed)
	case "skip":
		fmt.Fprintf(s.out, "?   \t%s\t[no test files]\n", e.Package)
	case "fail":
		for _, l := range s.output[key] {
			if !strings.HasPrefix(l, "FAIL") && !strings.HasPrefix(l, "ok ") {
				fmt.Fprint(s.out, l)
			}
		}
		fmt.Fprintf(s.out, "FAIL\t%s\t%.3fs\n", e.Package, e.Elapsed)
		if s.failedIn[e.Package] == 0 {
			// No test failed: the package did not build, or its TestMain failed.
			s.buildFailed = true
		}
	}
	for k := range s.output {
		if strings.HasPrefix(k, key) {
			delete(s.output, k)
		}
	}
}

// skipReason is what a skipped test logged: its t.Skip message without the file:line prefix.
func skipReason(lines []string) string {
	var out []string
	for _, l := range lines {
		t := strings.TrimSpace(l)
		if t == "" || strings.HasPrefix(t, "=== ") || strings.HasPrefix(t, "--- ") {
			continue
		}
		if i := strings.Index(t, ".go:"); i >= 0 {
			if j := strings.Index(t[i:], ": "); j >= 0 {
				t = t[i+j+2:]
			}
		}
		out = append(out, t)
	}
	if len(out) == 0 {
		return "(no reason given)"
	}
	return strings.Join(out, " ")
}

func (s *summary) finish() {
	if len(s.skips) > 0 {
		sort.Strings(s.skips)
		fmt.Fprintf(s.out, "skipped tests (%d):\n", len(s.skips))
		for _, l := range s.skips {
			fmt.Fprintf(s.out, "  %s\n", l)
		}
	}
	fmt.Fprintf(s.out, "tests: %d passed, %d failed, %d skipped\n", s.passed, s.failed, s.skipped)
}
