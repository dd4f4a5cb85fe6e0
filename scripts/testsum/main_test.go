package main

import (
	"strings"
	"testing"
)

// A go test -json stream: one pass, one skip with its reason, one failure with its output, and
// a package whose TestMain failed without any test.
const stream = `{"Action":"run","Package":"a","Test":"TestOK"}
{"Action":"pass","Package":"a","Test":"TestOK","Elapsed":0}
{"Action":"run","Package":"a","Test":"TestNode"}
{"Action":"output","Package":"a","Test":"TestNode","Output":"=== RUN   TestNode\n"}
{"Action":"output","Package":"a","Test":"TestNode","Output":"    x_test.go:12: skipping: node is not on PATH\n"}
{"Action":"output","Package":"a","Test":"TestNode","Output":"--- SKIP: TestNode (0.00s)\n"}
{"Action":"skip","Package":"a","Test":"TestNode","Elapsed":0}
{"Action":"pass","Package":"a","Elapsed":0.5}
{"Action":"output","Package":"b","Test":"TestBad","Output":"    b_test.go:3: boom\n"}
{"Action":"fail","Package":"b","Test":"TestBad","Elapsed":0}
{"Action":"fail","Package":"b","Elapsed":0.1}
not json: shown as it is
`

func TestSummaryCountsSkipsAndFailures(t *testing.T) {
	var out strings.Builder
	s := newSummary(&out)
	if err := s.read(strings.NewReader(stream)); err != nil {
		t.Fatal(err)
	}
	s.finish()
	text := out.String()
	lines := strings.Split(strings.TrimSpace(text), "\n")
	if last := lines[len(lines)-1]; last != "tests: 1 passed, 1 failed, 1 skipped" {
		t.Errorf("last line %q\n%s", last, text)
	}
	for _, want := range []string{"a TestNode: skipping: node is not on PATH", "b_test.go:3: boom", "ok  \ta\t", "FAIL\tb\t", "not json: shown as it is"} {
		if !strings.Contains(text, want) {
			t.Errorf("no %q in\n%s", want, text)
		}
	}
	if s.ok() {
		t.Error("a failed test must fail the run")
	}
}

func TestSummaryTestMainFailure(t *testing.T) {
	s := newSummary(&strings.Builder{})
	s.read(strings.NewReader(`{"Action":"output","Package":"c","Output":"TestMain: no SDK\n"}
{"Action":"fail","Package":"c","Elapsed":0}
`))
	if s.ok() {
		t.Error("a package that failed without a failed test (build, TestMain) must fail the run")
	}
	clean := newSummary(&strings.Builder{})
	clean.read(strings.NewReader(`{"Action":"pass","Package":"a","Test":"T"}
{"Action":"pass","Package":"a"}
`))
	if !clean.ok() || clean.passed != 1 {
		t.Errorf("a passing run: ok=%v passed=%d", clean.ok(), clean.passed)
	}
}
