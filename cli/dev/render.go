package dev

import (
	"encoding/json"
	"fmt"
	"io"
	"strings"
	"sync"
	"time"

	"github.com/scapeworld/scape/devclient"
	"github.com/scapeworld/scape/diag"
	"github.com/scapeworld/scape/internal/human"
	"github.com/scapeworld/scape/internal/termtext"
)

// reporter renders dev-loop events: JSON lines on stdout with --json, else one human line per
// cycle on stdout and details on stderr.
type reporter struct {
	mu    sync.Mutex
	json  bool
	out   io.Writer // events (JSON) or cycle lines (human)
	err   io.Writer // human details, warnings, retries
	color bool
}

func (r *reporter) Emit(e devclient.Event) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.json {
		b, err := json.Marshal(e)
		if err == nil {
			// The same JSON with DEL and C1 escaped too (termtext): a terminal can show it.
			io.WriteString(r.out, termtext.Clean(string(b))+"\n")
		}
		return
	}
	r.human(e)
}

func (r *reporter) paint(code, s string) string {
	if !r.color {
		return s
	}
	return "\x1b[" + code + "m" + s + "\x1b[0m"
}

func latency(e devclient.Event) string {
	if e.LatencyMS == nil {
		return ""
	}
	return fmt.Sprintf("  %d ms", *e.LatencyMS)
}

func (r *reporter) diagnostics(list diag.List) {
	for _, d := range list {
		text := diag.Text(d, diag.TextOptions{Color: r.color, Frame: true})
		for _, line := range strings.Split(strings.TrimRight(text, "\n"), "\n") {
			fmt.Fprintf(r.out, "    %s\n", line)
		}
	}
}

// human prints e for people. Its texts come from the project (file names, messages quoting
// author values) or from the host (a world's name, a link, a refusal): each is cleaned for the
// terminal (termtext) before the renderer adds its colour; diagnostics clean themselves.
func (r *reporter) human(e devclient.Event) {
	e.Code, e.Link, e.World, e.Expires, e.Message = termtext.Clean(e.Code), termtext.Clean(e.Link), termtext.Clean(e.World), termtext.Clean(e.Expires), termtext.Clean(e.Message)
	switch e.Kind {
	case devclient.EventPairing:
		fmt.Fprintf(r.err, "! First copy your one-time code: %s\n", r.paint("1", e.Code))
		fmt.Fprintf(r.err, "  Then open %s, sign in, compare the code and choose Connect this project.\n", e.Link)
	case devclient.EventPaired:
		until := e.Expires
		if t, err := time.Parse(time.RFC3339, e.Expires); err == nil {
			until = t.Local().Format("15:04")
		}
		fmt.Fprintf(r.err, "%s Connected to %s (session until %s)\n", r.paint("32", "✓"), e.World, until)
	case devclient.EventWorld:
		fmt.Fprintf(r.out, "World: %s\n", e.Link)
	case devclient.EventBuildFailed:
		what := "build failed"
		if e.Stage == "validate" {
			what = "invalid"
		}
		fmt.Fprintf(r.out, "%s %s, nothing sent:\n", r.paint("31", "✗"), what)
		r.diagnostics(e.Errors)
	case devclient.EventWarnings:
		noun := "warnings"
		if len(e.Warnings) == 1 {
			noun = "warning"
		}
		fmt.Fprintf(r.out, "%s %d %s (allowed values that are likely mistakes; sent anyway):\n", r.paint("33", "!"), len(e.Warnings), noun)
		r.diagnostics(e.Warnings)
	case devclient.EventTypes:
		switch {
		case len(e.Errors) > 0:
			fmt.Fprintf(r.out, "%s %s:\n", r.paint("31", "✗"), e.Message)
			r.diagnostics(e.Errors)
		case strings.HasPrefix(e.Message, "types not checked"):
			fmt.Fprintf(r.err, "  %s\n", e.Message)
		default:
			fmt.Fprintf(r.out, "%s %s\n", r.paint("32", "✓"), e.Message)
		}
	case devclient.EventUnchanged:
		// Every cycle ends with a line that says where things stand: after a fix that returns
		// to the active build, or a restart on an unchanged project, this is that line.
		switch {
		case e.Revision > 0 && e.Revision == e.Active:
			fmt.Fprintf(r.out, "r%d %s  %s  (the active revision: nothing to send)\n", e.Revision, r.paint("32", "active"), human.Bytes(e.Size))
		case e.Revision > 0 && e.Active > 0:
			fmt.Fprintf(r.out, "r%d %s  %s  (the same build as this rejected revision; r%d stays active)\n", e.Revision, r.paint("31", "still rejected"), human.Bytes(e.Size), e.Active)
		case e.Revision > 0:
			fmt.Fprintf(r.out, "r%d %s  %s  (the same build as this rejected revision; no revision is active yet)\n", e.Revision, r.paint("31", "still rejected"), human.Bytes(e.Size))
		default:
			fmt.Fprintf(r.out, "unchanged  %s  (nothing to send)\n", human.Bytes(e.Size))
		}
	case devclient.EventAccepted:
		fmt.Fprintf(r.out, "r%d %s  %s%s\n", e.Revision, r.paint("32", "accepted"), human.Bytes(e.Size), latency(e))
	case devclient.EventRejected:
		fmt.Fprintf(r.out, "r%d %s  %s%s  (r%d stays active)\n", e.Revision, r.paint("31", "rejected"), human.Bytes(e.Size), latency(e), e.Active)
		r.diagnostics(e.Errors)
	case devclient.EventSuperseded:
		if e.Stage == "upload" { // a failed build that was superseded is not worth a line
			fmt.Fprintf(r.err, "  %s\n", e.Message)
		}
	case devclient.EventRetrying:
		fmt.Fprintf(r.err, "  upload failed (%s); retrying in %s\n", e.Message, time.Duration(e.DelayMS)*time.Millisecond)
	case devclient.EventUploadFailed:
		fmt.Fprintf(r.out, "%s upload refused by the host: %s\n", r.paint("31", "✗"), e.Message)
	case devclient.EventSessionExpired:
		fmt.Fprintf(r.err, "Session ended: %s\n", e.Message)
	case devclient.EventStopped:
		fmt.Fprintf(r.err, "%s\n", e.Message)
	}
}

// spinner shows "⠋ Waiting for approval… 4:59 left" on a terminal's stderr until stopped.
func spinner(w io.Writer, expires time.Time, now func() time.Time) (stop func()) {
	done := make(chan struct{})
	finished := make(chan struct{})
	go func() {
		defer close(finished)
		frames := []rune("⠋⠙⠹⠸⠼⠴⠦⠧⠇⠏")
		t := time.NewTicker(100 * time.Millisecond)
		defer t.Stop()
		for i := 0; ; i++ {
			left := max(expires.Sub(now()), 0).Round(time.Second)
			fmt.Fprintf(w, "\r%c Waiting for approval… %d:%02d left ", frames[i%len(frames)], int(left.Minutes()), int(left.Seconds())%60)
			select {
			case <-done:
				fmt.Fprint(w, "\r\x1b[K")
				return
			case <-t.C:
			}
		}
	}()
	return func() { close(done); <-finished }
}
