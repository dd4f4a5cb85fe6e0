package host_test

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/scapeworld/scape/host/engine"
	"github.com/scapeworld/scape/host/hosttest"
)

// The placed model's presentation reaches the page without its bytes (derive leaves them out),
// with the settled timeline of its state; the GLB itself is served once by the SHA-256 of its
// bytes, immutable, and only to a tab.
func TestModelsServedByHash(t *testing.T) {
	f := &fixture{t: t, clock: &clock{t: time.Now().UTC()}, val: &hosttest.JSONValidator{}, real: engine.NewChecker(), tokens: make(chan string, 16), dir: t.TempDir()}
	t.Cleanup(f.real.Close)
	f.start()
	o := f.owner()
	if r, _ := f.upload(f.pair(o), 0, string(modelGizmoBundle(t))); r.Status != "accepted" {
		t.Fatalf("model bundle: %+v", r)
	}
	api := ownerTab(t, o)
	var none struct{ Types map[string]json.RawMessage }
	if st, msg := api.call("GET", "/api/world/models", nil, &none); st != 200 || len(none.Types) != 0 {
		t.Fatalf("no model placed: %d %s %v", st, msg, none.Types)
	}
	id := api.place("test.model-cube", 2, 2)
	var got struct {
		Types map[string]struct {
			Model        string
			Presentation map[string]json.RawMessage
		}
		Instances map[string]struct {
			Type    string
			Settled struct{ Key string }
		}
	}
	if st, msg := api.call("GET", "/api/world/models", nil, &got); st != 200 {
		t.Fatalf("models: %d %s", st, msg)
	}
	glb, err := os.ReadFile(filepath.Join("..", "testdata", "world", "model-gizmo", "models", "cube.glb"))
	if err != nil {
		t.Fatal(err)
	}
	sum := sha256.Sum256(glb)
	ty := got.Types["test.model-cube"]
	if ty.Model != hex.EncodeToString(sum[:]) || ty.Presentation["model"] != nil || string(ty.Presentation["fitSize"]) != "0.8" {
		t.Fatalf("presentation: model %q (want the GLB's SHA-256), fields %v", ty.Model, ty.Presentation)
	}
	if in := got.Instances[id]; in.Type != "test.model-cube" || in.Settled.Key != "turn-0" {
		t.Fatalf("instance %s: %+v", id, got.Instances)
	}
	get := func(path, token string) (*http.Response, []byte) {
		req, _ := http.NewRequest("GET", api.base+path, nil)
		if token != "" {
			req.Header.Set("Authorization", "Bearer "+token)
		}
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		body, _ := io.ReadAll(resp.Body)
		return resp, body
	}
	resp, body := get("/api/world/models/"+ty.Model+".glb", api.token)
	if resp.StatusCode != 200 || !bytes.Equal(body, glb) || resp.Header.Get("Cache-Control") != "private, max-age=31536000, immutable" || resp.Header.Get("Content-Type") != "model/gltf-binary" {
		t.Fatalf("GLB: %d, %d bytes (want %d), headers %v", resp.StatusCode, len(body), len(glb), resp.Header)
	}
	if resp, _ := get("/api/world/models/"+ty.Model+".glb", ""); resp.StatusCode != 401 {
		t.Fatalf("a GLB without a tab: %d", resp.StatusCode)
	}
	for _, bad := range []string{"0000000000000000000000000000000000000000000000000000000000000000.glb", ty.Model, "../models.glb"} {
		if resp, _ := get("/api/world/models/"+bad, api.token); resp.StatusCode != 404 {
			t.Fatalf("%s: %d, want 404", bad, resp.StatusCode)
		}
	}
}
