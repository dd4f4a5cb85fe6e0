package dev

import (
	"bytes"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/scapeworld/scape/devclient"
	"github.com/scapeworld/scape/diag"
)

// syncBuffer is an output the command writes from several goroutines while the test reads it.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}
func (s *syncBuffer) String() string { s.mu.Lock(); defer s.mu.Unlock(); return s.b.String() }

func TestSpinnerCountsDownAndClears(t *testing.T) {
	var buf syncBuffer
	now := time.Date(2026, 1, 1, 12, 0, 0, 0, time.UTC)
	stop := spinner(&buf, now.Add(4*time.Minute+59*time.Second), func() time.Time { return now })
	deadline := time.Now().Add(5 * time.Second)
	for !strings.Contains(buf.String(), "Waiting for approval… 4:59 left") {
		if time.Now().After(deadline) {
			t.Fatalf("no countdown: %q", buf.String())
		}
		time.Sleep(10 * time.Millisecond)
	}
	stop()
	if out := buf.String(); !strings.HasSuffix(out, "\r\x1b[K") {
		t.Fatalf("the spinner line was not cleared: %q", out)
	}
}

// TestSupersededUploadIsOneQuietLine: a cancelled upload is one line on stderr (not an error on
// stdout); a superseded failed build prints nothing.
func TestSupersededUploadIsOneQuietLine(t *testing.T) {
	var out, errOut bytes.Buffer
	r := &reporter{out: &out, err: &errOut}
	r.Emit(devclient.Event{Kind: devclient.EventSuperseded, Stage: "build", Message: "build failed while newer saves were waiting"})
	if out.Len()+errOut.Len() != 0 {
		t.Fatalf("superseded build printed %q %q", out.String(), errOut.String())
	}
	r.Emit(devclient.Event{Kind: devclient.EventSuperseded, Stage: "upload", Message: "a newer save arrived: this upload was cancelled, the newer build is sent instead"})
	if out.Len() != 0 || errOut.String() != "  a newer save arrived: this upload was cancelled, the newer build is sent instead\n" {
		t.Fatalf("superseded upload: stdout %q, stderr %q", out.String(), errOut.String())
	}
}

// TestWarningsArePrintedNotFatal: the dev loop shows warnings as build does, saying the build is
// sent anyway.
func TestWarningsArePrintedNotFatal(t *testing.T) {
	var out, errOut bytes.Buffer
	r := &reporter{out: &out, err: &errOut}
	w := diag.Diagnostic{Severity: diag.Warning, Code: diag.CodeLikelyMistake, File: "src/definition.ts", Line: 3, Column: 21,
		Definition: &diag.Definition{Type: "example.flare"}, Path: "lighting.light.motion.flare", Message: "has low above high, so the flare never fires", Got: "[1,0.9,0.1,0.5,0]"}
	r.Emit(devclient.Event{Kind: devclient.EventWarnings, Warnings: diag.List{w}})
	text := out.String()
	if !strings.HasPrefix(text, "! 1 warning (allowed values that are likely mistakes; sent anyway):\n") ||
		!strings.Contains(text, "src/definition.ts:3:21: warning: example.flare: lighting.light.motion.flare: has low above high") {
		t.Fatalf("stdout %q", text)
	}
}

// TestUnchangedBuildSaysWhereThingsStand: a fix that returns to the active build, or a restart on
// an unchanged project, ends with a line that names the active revision (it used to print
// nothing, leaving the terminal on the last red ✗); the same build as a rejected revision says so.
func TestUnchangedBuildSaysWhereThingsStand(t *testing.T) {
	for _, c := range []struct {
		e    devclient.Event
		want string
	}{
		{devclient.Event{Kind: devclient.EventUnchanged, Revision: 3, Active: 3, Size: 2048}, "r3 active  2.0 KiB  (the active revision: nothing to send)\n"},
		{devclient.Event{Kind: devclient.EventUnchanged, Revision: 4, Active: 3, Size: 2048}, "r4 still rejected  2.0 KiB  (the same build as this rejected revision; r3 stays active)\n"},
		{devclient.Event{Kind: devclient.EventUnchanged, Revision: 1, Size: 2048}, "r1 still rejected  2.0 KiB  (the same build as this rejected revision; no revision is active yet)\n"},
	} {
		var out, errOut bytes.Buffer
		(&reporter{out: &out, err: &errOut}).Emit(c.e)
		if out.String() != c.want || errOut.Len() != 0 {
			t.Errorf("%+v: stdout %q stderr %q, want %q", c.e, out.String(), errOut.String(), c.want)
		}
	}
}

// TestReporterCleansAuthorAndHostText: a project's problems and a host's texts (a world name, a
// refusal) reach the terminal with their control characters escaped, in colour and in JSON
// lines; the reporter's own colours stay.
func TestReporterCleansAuthorAndHostText(t *testing.T) {
	const hostile = "\x1b]0;pwned\x07\x1b]52;c;aGk=\x07\u009b31m\r"
	const shown = `\u001b]0;pwned\u0007\u001b]52;c;aGk=\u0007\u009b31m\u000d`
	problem := diag.Diagnostic{Code: diag.CodeRule, Definition: &diag.Definition{Type: "t.a", Label: "Lamp " + hostile}, Path: "label", Message: "must be " + hostile}
	events := []devclient.Event{
		{Kind: devclient.EventPaired, World: "World " + hostile, Expires: "soon " + hostile},
		{Kind: devclient.EventBuildFailed, Stage: "validate", Errors: diag.List{problem}},
		{Kind: devclient.EventRejected, Revision: 2, Active: 1, Errors: diag.List{problem}},
		{Kind: devclient.EventUploadFailed, Message: "refused " + hostile},
		{Kind: devclient.EventRetrying, Message: "busy " + hostile},
		{Kind: devclient.EventSessionExpired, Message: "gone " + hostile},
	}
	for _, color := range []bool{false, true} {
		var out, errOut bytes.Buffer
		r := &reporter{out: &out, err: &errOut, color: color}
		for _, e := range events {
			r.Emit(e)
		}
		text := out.String() + errOut.String()
		if n := strings.Count(text, shown); n != 7 {
			t.Errorf("color %v: the hostile text is shown escaped %d times, want 7:\n%s", color, n, text)
		}
		for _, own := range []string{"\x1b[31m", "\x1b[32m", "\x1b[33m", "\x1b[1m", "\x1b[2m", "\x1b[0m"} {
			text = strings.ReplaceAll(text, own, "")
		}
		if strings.ContainsAny(text, "\x1b\x07\r\u009b") {
			t.Errorf("color %v: control characters beyond the reporter's colours:\n%q", color, text)
		}
	}
	var out bytes.Buffer
	r := &reporter{out: &out, json: true}
	for _, e := range events {
		r.Emit(e)
	}
	if strings.ContainsAny(out.String(), "\x1b\x07\r\u009b") || !strings.Contains(out.String(), `"message":"refused \u001b]0;pwned\u0007`) {
		t.Errorf("--json lines: %q", out.String())
	}
}
