package validate

import (
	"bytes"
	"context"
	"encoding/base64"
	"encoding/json"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"

	"github.com/scapeworld/scape/diag"
	"github.com/scapeworld/scape/glb"
)

// modelCache is the process's model verdicts when Options.Models is nil: the dev host and the
// dev loop validate many rebuilds of the same project in one process, and a model that did not
// change is checked once.
var modelCache = glb.NewCache(64)

func (o Options) models() *glb.Cache {
	if o.Models != nil {
		return o.Models
	}
	return modelCache
}

// modelPath is where the SDK puts a refused model (presentationProblem's path).
const modelPath = "presentation.model"

var dataURLPrefixes = []string{"data:model/gltf-binary;base64,", "data:application/octet-stream;base64,"}

// checkEncoded is glb.CheckEncoded through the cache: the text is decoded here (what
// CheckEncoded accepts, nothing more) so the cache sees the model's bytes. Texts CheckEncoded
// refuses before decoding (too long, line breaks, not base64) go to it directly: those
// refusals cost nothing. data is nil then.
func checkEncoded(cache *glb.Cache, encoded string) (res *glb.Result, data []byte) {
	body := encoded
	for _, p := range dataURLPrefixes {
		body = strings.TrimPrefix(body, p)
	}
	if len(body) > glb.MaxEncodedBytes || strings.ContainsAny(body, "\r\n") {
		return glb.CheckEncoded(encoded), nil
	}
	data, err := base64.StdEncoding.DecodeString(body)
	if err != nil {
		data, err = base64.RawStdEncoding.DecodeString(body)
	}
	if err != nil {
		return glb.CheckEncoded(encoded), nil
	}
	return cache.Check("the model", data), data
}

// explainModels replaces the SDK's one-line refusal of a model (its first problem only) with
// glb's full verdict: every problem with its glTF JSON path and value, and the file the model
// was imported from. Where glb accepts a model the SDK refused, the SDK's problem stands.
func (l *loaded) explainModels(ctx context.Context, opts Options, rep *Report) {
	var models []string
	for i, d := range rep.Diagnostics {
		if d.Path != modelPath || d.Code != diag.CodeRule || d.Definition == nil {
			continue
		}
		def := definitionOf(rep.Definitions, d.Definition.Type)
		if def == nil {
			continue
		}
		if models == nil {
			if err := l.call(ctx, "models", &models, l.exports); err != nil {
				return // the SDK's own problem still says what is wrong
			}
		}
		if def.Index >= len(models) || models[def.Index] == "" {
			continue
		}
		res, data := checkEncoded(opts.models(), models[def.Index])
		if res.OK() {
			continue
		}
		replaced := l.modelDiagnostics(opts, def, res, data)
		rep.Diagnostics = append(rep.Diagnostics[:i], append(replaced, rep.Diagnostics[i+1:]...)...)
		return // the SDK reports one problem per definition and project; at most one is a model
	}
}

func definitionOf(defs []Definition, typ string) *Definition {
	for i := range defs {
		if defs[i].Type == typ {
			return &defs[i]
		}
	}
	return nil
}

// checkModels runs glb over every model of a valid project. The SDK's validateGizmoModel has
// already accepted them and the two agree on every test file (glb's agreement tests); this is
// the host's own verdict, and it records the facts and the file for the report.
func checkModels(opts Options, rep *Report, l *loaded) {
	for i := range rep.Definitions {
		def := &rep.Definitions[i]
		if def.Model == "" {
			continue
		}
		res, data := checkEncoded(opts.models(), def.Model)
		if res.OK() {
			facts := res.Facts
			def.ModelFacts = &facts
			if opts.ModelFile != nil && data != nil {
				def.ModelFile = opts.ModelFile(data)
			}
			continue
		}
		rep.Diagnostics = append(rep.Diagnostics, l.modelDiagnostics(opts, def, res, data)...)
	}
}

// modelDiagnostics is one diagnostic per problem of a refused model, at the definition, with the
// problem's glTF JSON path under presentation.model (`presentation.model.textures[0]`), its
// value, glb's message and a note naming the model's file when it is known.
func (l *loaded) modelDiagnostics(opts Options, def *Definition, res *glb.Result, data []byte) []diag.Diagnostic {
	var file string
	if opts.ModelFile != nil && data != nil {
		file = opts.ModelFile(data)
	}
	def.ModelFile = file
	out := make([]diag.Diagnostic, 0, len(res.Problems))
	for _, p := range res.Problems {
		d := diag.Diagnostic{
			Code:       diag.CodeModel,
			Definition: &diag.Definition{Type: def.Type, Version: def.Version, Emoji: def.Emoji, Label: def.Label},
			Path:       modelPath,
			Message:    p.Message,
		}
		if p.Path != "" {
			if strings.HasPrefix(p.Path, "[") {
				d.Path += p.Path
			} else {
				d.Path += "." + p.Path
			}
		}
		if p.Value != nil {
			if v, err := json.Marshal(p.Value); err == nil {
				d.Value = v
			}
		}
		if file != "" {
			d.Notes = []diag.Note{{File: file, Message: "the model imported from " + file + " (glTF check step " + itoa(p.Step) + ", " + string(p.Code) + ")"}}
		} else {
			d.Notes = []diag.Note{{Message: "glTF check step " + itoa(p.Step) + ", " + string(p.Code) + "; run `scape gizmo model FILE.glb` on the exported file"}}
		}
		if def.Line > 0 {
			d = d.At(diag.FromCharColumn(def.File, def.Line, def.Column, l.script.LineText(def.File, def.Line)))
		}
		out = append(out, d)
	}
	return out
}

func itoa(n int) string { return strconv.Itoa(n) }

// AssetFiles returns an Options.ModelFile for a project: it names which of the bundle's embedded
// inputs (bundle.Result.Assets, relative to dir) holds exactly these bytes. Files are read only
// when a model needs naming, and each at most once.
func AssetFiles(dir string, assets []string) func(data []byte) string {
	var mu sync.Mutex
	read := map[string][]byte{}
	return func(data []byte) string {
		mu.Lock()
		defer mu.Unlock()
		for _, rel := range assets {
			if !strings.HasSuffix(strings.ToLower(rel), ".glb") {
				continue
			}
			content, ok := read[rel]
			if !ok {
				path := filepath.Join(dir, filepath.FromSlash(rel))
				if info, err := os.Stat(path); err != nil || info.Size() != int64(len(data)) {
					continue
				}
				content, _ = os.ReadFile(path)
				read[rel] = content
			}
			if content != nil && bytes.Equal(content, data) {
				return rel
			}
		}
		return ""
	}
}
