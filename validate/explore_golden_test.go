package validate_test

import (
	"bytes"
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"sync"
	"testing"
	"time"

	"github.com/scapeworld/scape/bundle"
	"github.com/scapeworld/scape/internal/fidelity"
	"github.com/scapeworld/scape/internal/nodetest"
	"github.com/scapeworld/scape/jsrt"
	"github.com/scapeworld/scape/kit"
	"github.com/scapeworld/scape/scaffold"
	"github.com/scapeworld/scape/templates"
	"github.com/scapeworld/scape/validate"
)

var updateFindings = flag.Bool("update-findings", false, "rewrite testdata/explore/findings.golden.json")

// exploredProject is everything state exploration decided about one project: each definition's
// coverage and every diagnostic with a trail, in report order.
type exploredProject struct {
	Explored []validate.Explored `json:"explored"`
	Findings []exploredFinding   `json:"findings"`
}

type exploredFinding struct {
	Severity string   `json:"severity"`
	Code     string   `json:"code"`
	Rule     string   `json:"rule"`
	Path     string   `json:"path"`
	Message  string   `json:"message"`
	Trail    []string `json:"trail"`
}

// TestExploreFindingsUnchanged: exploration's whole outcome (states and actions explored, why it
// stopped, every finding with its message and trail) over the explore corpus, the templates and
// the fidelity corpus, at 24 states a definition, is the recorded one. Exploration is made
// cheaper without changing what it finds; a change that means to change it rewrites the record
// with -update-findings and shows the difference in review.
func TestExploreFindingsUnchanged(t *testing.T) {
	dirs := map[string]string{}
	for _, c := range fidelity.CasesIn(t, filepath.Join(nodetest.Root(t), "testdata", "explore")) {
		dirs["explore/"+c.Name] = c.Project(t)
	}
	for _, c := range fidelity.Cases(t) {
		dirs["fidelity/"+c.Name] = c.Project(t)
	}
	for _, name := range templates.Names() {
		dir := filepath.Join(t.TempDir(), name)
		if _, err := scaffold.Create(scaffold.Options{Dir: dir, Template: name, SDK: kit.SDK()}); err != nil {
			t.Fatal(err)
		}
		dirs["template/"+name] = dir
	}
	got := map[string]exploredProject{}
	var mu sync.Mutex
	t.Run("projects", func(t *testing.T) {
		for name, dir := range dirs {
			t.Run(name, func(t *testing.T) {
				t.Parallel()
				res, err := bundle.Build(bundle.Options{Dir: dir})
				if err != nil || !res.OK() {
					t.Fatalf("bundle: %v %v", err, res.Diagnostics)
				}
				rep, err := validate.Check(context.Background(), res.JS, validate.Options{Limits: jsrt.Limits{Timeout: 2 * time.Minute, Budget: 4 * time.Minute}, SourceMap: res.SourceMap, Explore: 24, ExploreTime: time.Minute})
				if err != nil {
					t.Fatal(err)
				}
				p := exploredProject{Explored: rep.Explored, Findings: []exploredFinding{}}
				for _, d := range rep.Diagnostics {
					if len(d.Trail) > 0 {
						p.Findings = append(p.Findings, exploredFinding{Severity: fmt.Sprint(d.Severity), Code: string(d.Code), Rule: d.Rule, Path: d.Path, Message: d.Message, Trail: d.Trail})
					}
				}
				for _, e := range rep.Explored {
					if e.Stopped == "time" {
						t.Errorf("%s stopped at the time bound: the record needs the state bound to decide", e.Type)
					}
				}
				mu.Lock()
				got[name] = p
				mu.Unlock()
			})
		}
	})
	if t.Failed() {
		return
	}
	data, err := json.MarshalIndent(got, "", "  ")
	if err != nil {
		t.Fatal(err)
	}
	data = append(data, '\n')
	golden := filepath.Join(nodetest.Root(t), "testdata", "explore", "findings.golden.json")
	if *updateFindings {
		if err := os.WriteFile(golden, data, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(golden)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(want, data) {
		var recorded map[string]exploredProject
		if err := json.Unmarshal(want, &recorded); err != nil {
			t.Fatal(err)
		}
		for name, p := range got {
			a, _ := json.Marshal(recorded[name])
			b, _ := json.Marshal(p)
			if !bytes.Equal(a, b) {
				t.Errorf("%s:\nrecorded %s\ngot      %s", name, a, b)
			}
		}
		if len(recorded) != len(got) {
			t.Errorf("%d projects recorded, %d explored", len(recorded), len(got))
		}
	}
}
