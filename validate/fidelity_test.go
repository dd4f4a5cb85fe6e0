package validate_test

import (
	"bytes"
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"runtime"
	"testing"
	"time"

	"github.com/scapeworld/scape/bundle"
	hostcmd "github.com/scapeworld/scape/cli/host"
	"github.com/scapeworld/scape/diag"
	"github.com/scapeworld/scape/host"
	"github.com/scapeworld/scape/internal/fidelity"
	"github.com/scapeworld/scape/protocol"
	"github.com/scapeworld/scape/validate"
)

var fidelityJSON = flag.String("fidelity.json", "", "TestFidelity writes each case's diagnostics (build, validate, host) to this JSON file")

// fidelityResult is one case's outcome, for -fidelity.json.
type fidelityResult struct {
	Case     string    `json:"case"`
	Build    diag.List `json:"build"`    // bundle diagnostics (errors and warnings)
	Validate diag.List `json:"validate"` // validate.Check diagnostics, with TypeScript positions
	Host     string    `json:"host"`     // "accepted" or "rejected"
	Problems diag.List `json:"hostProblems"`
}

// TestFidelity is the contract's fidelity corpus (testdata/fidelity, internal/fidelity): each
// case is a project written from the published documentation alone, using values the docs
// leave open and keeping every bound they state. Each must bundle, validate with no error
// (warnings are logged) and be accepted by the reference host's upload path, exactly as
// `scape gizmo build` and `scape gizmo dev` decide. There is no skip and no allow-list: a case
// refused today fails, naming the rule (see cli/dev's TestFidelityDevLoop for the dev loop).
func TestFidelity(t *testing.T) {
	cases := fidelity.Cases(t)
	hosts := newHostPool(t, runtime.GOMAXPROCS(0))
	results := make([]fidelityResult, len(cases))
	t.Run("case", func(t *testing.T) {
		for i, c := range cases {
			t.Run(c.Name, func(t *testing.T) {
				t.Parallel()
				results[i] = checkFidelityCase(t, c, hosts)
			})
		}
	})
	if *fidelityJSON != "" {
		data, err := json.MarshalIndent(results, "", "  ")
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(*fidelityJSON, data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

func checkFidelityCase(t *testing.T, c fidelity.Case, hosts *hostPool) fidelityResult {
	out := fidelityResult{Case: c.Name, Build: diag.List{}, Validate: diag.List{}, Problems: diag.List{}}
	if c.Header() == "" {
		t.Errorf("%s has no header comment saying what it is and which open values it uses", c.File)
	}
	dir := c.Project(t)
	res, err := bundle.Build(bundle.Options{Dir: dir})
	if err != nil {
		t.Fatal(err)
	}
	out.Build = append(out.Build, res.Diagnostics...)
	report(t, "bundle", res.Diagnostics)
	if res.JS == nil {
		return out
	}
	ctx := context.Background()
	rep, err := validate.Check(ctx, res.JS, validate.Options{SourceMap: res.SourceMap, ModelFile: validate.AssetFiles(res.Project.Dir, res.Assets)})
	if err != nil {
		t.Fatal(err)
	}
	out.Validate = append(out.Validate, rep.Diagnostics...)
	report(t, "validate", rep.Diagnostics)
	if rep.OK() && len(rep.Definitions) == 0 {
		t.Errorf("the project defines nothing")
	}

	// The host's verdict: the bundle uploaded as a revision through the protocol, validated by
	// the production Checker (the validator of `scape gizmo host` and the dev loop's embedded host).
	h := hosts.get()
	defer hosts.put(h)
	rev := h.upload(t, res.JS)
	out.Host, out.Problems = rev.Status, append(out.Problems, rev.Problems...)
	if rev.Status != "accepted" {
		t.Errorf("the host rejected revision %d: %d problem(s), first: %s", rev.Number, len(rev.Problems.Errors()), first(rev.Problems))
	}
	return out
}

// report fails the test for each error and logs each warning.
func report(t *testing.T, stage string, list diag.List) {
	t.Helper()
	for _, d := range list {
		line := d.String()
		if d.Got == "" && len(d.Value) > 0 {
			line += " [value " + string(d.Value) + "]"
		}
		if d.Severity == diag.Warning {
			t.Logf("%s warning: %s", stage, line)
		} else {
			t.Errorf("%s error: %s", stage, line)
		}
	}
}

func first(list diag.List) string {
	if errs := list.Errors(); len(errs) > 0 {
		return errs[0].String()
	}
	return "(none)"
}

// hostPool holds paired reference hosts, one world each, so parallel cases do not queue on one
// world's revision lock.
type hostPool struct{ ch chan *pairedHost }

// pairedHost is one host and its session. A case holds it alone (hostPool), so base needs no lock.
type pairedHost struct {
	url, token string
	base       int
}

func newHostPool(t *testing.T, n int) *hostPool {
	t.Helper()
	p := &hostPool{ch: make(chan *pairedHost, n)}
	for i := 0; i < n; i++ {
		p.ch <- startHost(t)
	}
	return p
}

func (p *hostPool) get() *pairedHost  { return <-p.ch }
func (p *hostPool) put(h *pairedHost) { p.ch <- h }

// startHost runs a reference host with the production validator and pairs a project with it
// through the protocol: request a code, approve it as the owner, take the session token.
func startHost(t *testing.T) *pairedHost {
	t.Helper()
	checker := hostcmd.NewValidator()
	t.Cleanup(checker.Close)
	srv, err := host.New(host.Options{DataDir: t.TempDir(), Engine: checker})
	if err != nil {
		t.Fatal(err)
	}
	hs := httptest.NewServer(srv)
	srv.SetBaseURL(hs.URL)
	t.Cleanup(func() { hs.Close(); srv.Close() })
	h := &pairedHost{url: hs.URL}
	var pairing protocol.PairingResponse
	h.call(t, "/api/dev/pairings", protocol.PairingRequest{Project: "fidelity", Client: "scape"}, &pairing)
	if err := srv.Approve(pairing.UserCode); err != nil {
		t.Fatal(err)
	}
	var tok protocol.TokenResponse
	h.call(t, "/api/dev/token", protocol.TokenRequest{DeviceCode: pairing.DeviceCode}, &tok)
	if tok.AccessToken == "" {
		t.Fatalf("pairing gave no token: %+v", tok)
	}
	h.token = tok.AccessToken
	return h
}

// upload sends one bundle as a revision and returns the host's verdict.
func (h *pairedHost) upload(t *testing.T, js []byte) protocol.RevisionResponse {
	t.Helper()
	var rev protocol.RevisionResponse
	h.call(t, "/api/dev/revisions", protocol.UploadRequest{BaseRevision: h.base, ContentSHA256: protocol.ContentHash(js), Bundle: string(js)}, &rev)
	if rev.Status == "accepted" {
		h.base = rev.Number
	}
	return rev
}

func (h *pairedHost) call(t *testing.T, path string, body, out any) {
	t.Helper()
	b, err := json.Marshal(body)
	if err != nil {
		t.Fatal(err)
	}
	req, err := http.NewRequest("POST", h.url+path, bytes.NewReader(b))
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("Content-Type", "application/json")
	if h.token != "" {
		req.Header.Set("Authorization", "Bearer "+h.token)
	}
	client := &http.Client{Timeout: 60 * time.Second}
	resp, err := client.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	raw, err := io.ReadAll(resp.Body)
	if err != nil {
		t.Fatal(err)
	}
	if resp.StatusCode >= 300 {
		t.Fatalf("POST %s: %d: %s", path, resp.StatusCode, raw)
	}
	if err := json.Unmarshal(raw, out); err != nil {
		t.Fatal(fmt.Errorf("POST %s: %w: %s", path, err, raw))
	}
}
