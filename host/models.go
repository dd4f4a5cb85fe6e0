package host

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"net/http"
	"strings"
	"sync"

	"github.com/scapeworld/scape/glb"
	"github.com/scapeworld/scape/host/web"
	wm "github.com/scapeworld/scape/world"
)

// Models in the world page (docs/world.md, "Models"): the page asks GET /api/world/models for
// the presentation of every placed instance whose definition has one (the presentation and the
// settled timeline come from the engine's Derive, the model's bytes from the build's verdict),
// then fetches each GLB once by its content hash, GET /api/world/models/<sha256>.glb, cached as
// immutable: a megabyte of model never travels with a grid or SSE event. The renderer
// (ui/model.ts, three.js) is its own script, /static/model.js, loaded only when a model is
// placed.

// modelSource is a live Project that knows its build's accepted models (checkerProject).
type modelSource interface {
	Models() map[string]string
}

// modelBlobs holds decoded GLBs by the hex SHA-256 of their bytes. Content-addressed, so one
// process-wide index serves every Server; bounded, and refilled from the live build on a miss.
var modelBlobs = &blobIndex{max: 64 << 20, m: map[string][]byte{}}

type blobIndex struct {
	mu    sync.Mutex
	max   int
	size  int
	order []string // insertion order, for eviction
	m     map[string][]byte
}

func (b *blobIndex) get(sum string) ([]byte, bool) {
	b.mu.Lock()
	defer b.mu.Unlock()
	data, ok := b.m[sum]
	return data, ok
}

func (b *blobIndex) put(sum string, data []byte) {
	b.mu.Lock()
	defer b.mu.Unlock()
	if _, ok := b.m[sum]; ok {
		return
	}
	for b.size+len(data) > b.max && len(b.order) > 0 {
		old := b.order[0]
		b.order = b.order[1:]
		b.size -= len(b.m[old])
		delete(b.m, old)
	}
	b.m[sum] = data
	b.order = append(b.order, sum)
	b.size += len(data)
}

// modelHashes memoizes the SHA-256 of each encoded model text (a build's models are hashed once,
// not on every request).
var modelHashes sync.Map // encoded text's own SHA-256 → hex SHA-256 of the decoded bytes

// modelHash is the hex SHA-256 of an encoded model's bytes, indexing the bytes as it goes.
func modelHash(encoded string) (string, bool) {
	key := sha256.Sum256([]byte(encoded))
	if v, ok := modelHashes.Load(key); ok {
		sum := v.(string)
		if _, held := modelBlobs.get(sum); held {
			return sum, true
		}
	}
	data, err := glb.DecodeEncoded(encoded)
	if err != nil {
		return "", false
	}
	raw := sha256.Sum256(data)
	sum := hex.EncodeToString(raw[:])
	modelBlobs.put(sum, data)
	modelHashes.Store(key, sum)
	return sum, true
}

// liveModels is the active build's accepted models by type ("" when none is loaded).
func (s *Server) liveModels() map[string]string {
	_, proj := s.live.current()
	if src, ok := proj.(modelSource); ok {
		return src.Models()
	}
	return nil
}

func (s *Server) modelRoutes(m *http.ServeMux) {
	m.HandleFunc("GET /api/world/models", s.handleModels)
	m.HandleFunc("GET /api/world/models/{file}", s.handleModelFile)
	m.HandleFunc("GET /static/model.js", s.handleModelScript)
}

// worldModels is GET /api/world/models: what the page needs to draw the placed models.
type worldModels struct {
	// Types are the presentations of the placed definitions that have a model.
	Types map[string]modelType `json:"types"`
	// Instances are the placed instances with a model: their type and settled timeline.
	Instances map[string]modelInstance `json:"instances"`
}

type modelType struct {
	// Model is the GLB's hex SHA-256: GET /api/world/models/<model>.glb.
	Model        string          `json:"model"`
	Presentation json.RawMessage `json:"presentation"`
	Spin         float64         `json:"spin,omitempty"`
}

type modelInstance struct {
	Type    string          `json:"type"`
	Settled json.RawMessage `json:"settled,omitempty"`
}

func (s *Server) handleModels(w http.ResponseWriter, r *http.Request) {
	if _, ok := s.requireTab(w, r); !ok {
		return
	}
	out := worldModels{Types: map[string]modelType{}, Instances: map[string]modelInstance{}}
	models := s.liveModels()
	for _, in := range s.grid.Snapshot().Instances {
		d := in.Derived
		if d == nil || !present(d.Presentation) {
			continue
		}
		if _, seen := out.Types[in.Type]; !seen {
			enc := models[in.Type]
			if enc == "" {
				continue // no model bytes for this build (yet): the page draws the emoji
			}
			sum, ok := modelHash(enc)
			if !ok {
				continue // no model bytes for this build (yet): the page draws the emoji
			}
			out.Types[in.Type] = modelType{Model: sum, Presentation: d.Presentation, Spin: d.Spin}
		}
		mi := modelInstance{Type: in.Type}
		if present(d.Settled) {
			mi.Settled = d.Settled
		}
		out.Instances[in.ID] = mi
	}
	w.Header().Set("Cache-Control", "no-store")
	s.answer(w, out, nil)
}

// handleModelFile serves one GLB by the SHA-256 of its bytes: immutable, so a tab fetches a
// model once however many instances or revisions use it.
func (s *Server) handleModelFile(w http.ResponseWriter, r *http.Request) {
	if _, ok := s.requireTab(w, r); !ok {
		return
	}
	sum, ok := strings.CutSuffix(r.PathValue("file"), ".glb")
	if !ok || len(sum) != 64 || strings.Trim(sum, "0123456789abcdef") != "" {
		s.answer(w, nil, &wm.Error{Status: http.StatusNotFound, Message: "a model is addressed as <sha256 in lowercase hex>.glb"})
		return
	}
	data, held := modelBlobs.get(sum)
	if !held { // evicted or never indexed: the live build may still have it
		for _, enc := range s.liveModels() {
			if got, ok := modelHash(enc); ok && got == sum {
				data, held = modelBlobs.get(sum)
				break
			}
		}
	}
	if !held {
		s.answer(w, nil, &wm.Error{Status: http.StatusNotFound, Message: "no model with that hash in this world's build"})
		return
	}
	w.Header().Set("Content-Type", "model/gltf-binary")
	w.Header().Set("Cache-Control", "private, max-age=31536000, immutable")
	w.Header().Set("ETag", `"`+sum+`"`)
	w.Write(data)
}

// handleModelScript is the renderer (ui/model.ts with the vendored three.js), bundled on first
// request like world.js and loaded by the page only when a model is placed.
func (s *Server) handleModelScript(w http.ResponseWriter, r *http.Request) {
	js, err := web.Script("model.ts")
	if err != nil {
		s.unavailable(w, "model script", err)
		return
	}
	w.Header().Set("Content-Type", "text/javascript; charset=utf-8")
	w.Header().Set("Cache-Control", "no-cache")
	w.Write(js)
}
