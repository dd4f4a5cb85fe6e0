package dev_test

import (
	"flag"
	"path/filepath"
	"strings"
	"testing"

	"github.com/scapeworld/scape/internal/fidelity"
)

var fidelityDevAll = flag.Bool("fidelity.all", false, "TestFidelityDevLoop saves every case of testdata/fidelity, not only the representative ones")

// devLoopCases are the fidelity cases TestFidelityDevLoop saves one after another: an embedded
// model and a recorded WAV, sixteen definitions, a sound bank with previews, a sequence
// ambience, world text with its editor, linked travel, an audio timeline. validate's
// TestFidelity checks every case through the host's upload path; this checks that the dev
// loop (watch, rebuild, local check, upload) decides the same on a representative set.
var devLoopCases = []string{"dice-roller", "door-knocker", "garden", "jukebox", "wind-chime", "market-sign", "teleporter-pair", "metronome"}

// TestFidelityDevLoop runs `scape gizmo dev --json` in this process with its embedded host, and
// saves fidelity cases into the project's entry one after another, as an author editing the
// file would. Each save must end "accepted" (a build or local-validation failure, or a host
// rejection, fails with the errors the dev loop printed). See validate's TestFidelity.
func TestFidelityDevLoop(t *testing.T) {
	byName := map[string]fidelity.Case{}
	all := fidelity.Cases(t)
	for _, c := range all {
		byName[c.Name] = c
	}
	var cases []fidelity.Case
	if *fidelityDevAll {
		cases = all
	} else {
		for _, name := range devLoopCases {
			c, ok := byName[name]
			if !ok {
				t.Fatalf("no fidelity case %q", name)
			}
			cases = append(cases, c)
		}
	}
	dir := filepath.Join(t.TempDir(), "fidelity")
	const entry = "src/project.ts"
	if err := cases[0].WriteTo(dir, entry); err != nil {
		t.Fatal(err)
	}
	p := runInProcess(t, dir)
	for i, c := range cases {
		if i > 0 {
			if err := c.WriteTo(dir, entry); err != nil {
				t.Fatal(err)
			}
		}
		ev := p.next(t, "accepted", "rejected", "build_failed")
		if ev.Event != "accepted" {
			var lines []string
			for _, e := range ev.Errors {
				lines = append(lines, e.Path+": "+e.Message+" (got "+e.Got+")")
			}
			t.Errorf("%s: dev loop %s: %s", c.Name, ev.Event, strings.Join(lines, "; "))
		}
	}
}
