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
	"time"

	"github.com/scapeworld/scape/diag"
	"github.com/scapeworld/scape/glb"
	"github.com/scapeworld/scape/jsrt"
)

func (o Options) models() *glb.Cache {
	if o.Models != nil {
		return o.Models
	}
	return jsrt.DefaultModels
}

// modelPath is where the SDK puts a refused model (presentationProblem's path).
const modelPath = "presentation.model"

var dataURLPrefixes = []string{"data:model/gltf-binary;base64,", "data:application/octet-stream;base64,"}

// decodeModel returns a presentation.model string's bytes as glb.CheckEncoded reads them, or
// nil when the text is not base64 (only to name the model's file).
func decodeModel(encoded string) []byte {
	body := encoded
	for _, p := range dataURLPrefixes {
		body = strings.TrimPrefix(body, p)
	}
	if len(body) > glb.MaxEncodedBytes || strings.ContainsAny(body, "\r\n") {
		return nil
	}
	data, err := base64.StdEncoding.DecodeString(body)
	if err != nil {
		data, err = base64.RawStdEncoding.DecodeString(body)
	}
	if err != nil {
		return nil
	}
	return data
}

// reportModels gives glb's whole verdict on every refused model: one error per problem, with
// its glTF JSON path and value, and the file the model was imported from. It replaces the SDK's
// one-line refusal (its first problem, at presentation.model) where there is one, and is added
// after the definition's problems where the SDK stopped at an earlier presentation field, so
// one export round can fix the model. Where glb accepts a model the SDK refused, the SDK's
// problem stands.
func (l *loaded) reportModels(ctx context.Context, opts Options, rep *Report) {
	start := time.Now()
	defer func() { rep.Models += time.Since(start) }()
	var models []string
	if err := l.call(ctx, "models", &models, l.exports); err != nil {
		return // the SDK's own problems still say what is wrong
	}
	for index, model := range models {
		if model == "" || index >= len(rep.Definitions) {
			continue
		}
		res := opts.models().CheckEncoded(model)
		def := &rep.Definitions[index]
		if res.OK() {
			def.Model, def.accepted = model, res // checkModels records it if the project is valid
			continue
		}
		found := l.modelDiagnostics(opts, def, res, decodeModel(model))
		replaced := false
		for i, d := range rep.Diagnostics {
			if d.Path == modelPath && d.Code == diag.CodeRule && d.Definition != nil && d.Definition.Type == def.Type {
				rep.Diagnostics = append(rep.Diagnostics[:i], append(found, rep.Diagnostics[i+1:]...)...)
				replaced = true
				break
			}
		}
		if !replaced {
			rep.Diagnostics = append(rep.Diagnostics, found...)
		}
	}
}

// checkModels records glb's facts and the file of every model of a valid project, from the
// verdicts reportModels got (every model went through glb there, refused ones made the project
// invalid).
func checkModels(opts Options, rep *Report) {
	for i := range rep.Definitions {
		def := &rep.Definitions[i]
		if def.accepted == nil {
			continue
		}
		facts := def.accepted.Facts
		def.ModelFacts = &facts
		if opts.ModelFile != nil {
			if data := decodeModel(def.Model); data != nil {
				def.ModelFile = opts.ModelFile(data)
			}
		}
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
		d := diag.Diagnostic{Code: diag.CodeModel, Path: modelPath, Message: p.Message}
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
		out = append(out, l.atDefinition(d, *def))
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
