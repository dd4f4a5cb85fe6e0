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

	"github.com/dop251/goja"

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

// checkedModel is glb's verdict on one definition's presentation.model.
type checkedModel struct {
	res  *glb.Result // nil: the definition has no model string
	data []byte      // the decoded bytes (nil when the text was refused before decoding)
}

// standInModel is a valid one-triangle GLB (glbtest.Triangles(1, 1), see TestStandInModel):
// what the SDK's catalog check is shown instead of a model glb has already accepted.
const standInModel = "Z2xURgIAAABcAgAAGAIAAEpTT057ImFjY2Vzc29ycyI6W3siYnVmZmVyVmlldyI6MCwiY29tcG9uZW50VHlwZSI6NTEyNiwiY291bnQiOjMsIm1heCI6WzEsMSwwXSwibWluIjpbMCwwLDBdLCJ0eXBlIjoiVkVDMyJ9LHsiYnVmZmVyVmlldyI6MSwiY29tcG9uZW50VHlwZSI6NTEyMSwiY291bnQiOjMsInR5cGUiOiJTQ0FMQVIifV0sImFzc2V0Ijp7ImdlbmVyYXRvciI6InNjYXBlIGdsYnRlc3QiLCJ2ZXJzaW9uIjoiMi4wIn0sImJ1ZmZlclZpZXdzIjpbeyJidWZmZXIiOjAsImJ5dGVMZW5ndGgiOjM2LCJieXRlT2Zmc2V0IjowLCJ0YXJnZXQiOjM0OTYyfSx7ImJ1ZmZlciI6MCwiYnl0ZUxlbmd0aCI6MywiYnl0ZU9mZnNldCI6MzYsInRhcmdldCI6MzQ5NjN9XSwiYnVmZmVycyI6W3siYnl0ZUxlbmd0aCI6NDB9XSwibWVzaGVzIjpbeyJwcmltaXRpdmVzIjpbeyJhdHRyaWJ1dGVzIjp7IlBPU0lUSU9OIjowfSwiaW5kaWNlcyI6MX1dfV0sIm5vZGVzIjpbeyJtZXNoIjowLCJ0cmFuc2xhdGlvbiI6WzAsMCwwXX1dLCJzY2VuZSI6MCwic2NlbmVzIjpbeyJub2RlcyI6WzBdfV19ICgAAABCSU4AAAAAAAAAAAAAAAAAAACAPwAAAAAAAAAAAAAAAAAAgD8AAAAAAAECAA=="

// modelArgs checks every definition's model with glb (through the cache: once per content) and
// returns the toolchain arguments that let the SDK's catalog check skip them (the checked
// indexes as JSON, and the stand-in). The SDK's validateGizmoModel applies the same rules
// (glb's agreement tests), but under goja it takes about a second for a model near the
// triangle budget, on every rebuild, and says only its first problem; glb takes about a
// millisecond, once per content, and reportModels gives every problem with the model's file.
func (l *loaded) modelArgs(ctx context.Context, opts Options) []goja.Value {
	if l.models == nil {
		start := time.Now()
		defer func() { l.modelTime += time.Since(start) }()
		var models []string
		if err := l.call(ctx, "models", &models, l.exports); err != nil {
			return nil // the catalog check runs the SDK's own model check
		}
		l.models = make([]checkedModel, len(models))
		for i, m := range models {
			if m != "" {
				l.models[i].res, l.models[i].data = checkEncoded(opts.models(), m)
			}
		}
	}
	var checked []int
	for i, m := range l.models {
		if m.res != nil {
			checked = append(checked, i)
		}
	}
	if len(checked) == 0 {
		return nil
	}
	data, _ := json.Marshal(checked)
	return []goja.Value{l.rt.VM.ToValue(string(data)), l.rt.VM.ToValue(standInModel)}
}

// reportModels adds glb's verdict on every refused model after the catalog check: one error
// per problem, with its glTF JSON path, value and the file the model was imported from. Where
// the SDK checked the model itself (a frozen presentation) and reported its first problem at
// presentation.model, that line is replaced by glb's. Where glb accepts a model the SDK refused,
// the SDK's problem stands.
func (l *loaded) reportModels(opts Options, rep *Report) {
	for i := range rep.Definitions {
		def := &rep.Definitions[i]
		if def.Index >= len(l.models) || l.models[def.Index].res == nil || l.models[def.Index].res.OK() {
			continue
		}
		m := l.models[def.Index]
		found := l.modelDiagnostics(opts, def, m.res, m.data)
		replaced := false
		for j, d := range rep.Diagnostics {
			if d.Path == modelPath && d.Code == diag.CodeRule && d.Definition != nil && d.Definition.Type == def.Type {
				rep.Diagnostics = append(rep.Diagnostics[:j], append(found, rep.Diagnostics[j+1:]...)...)
				replaced = true
				break
			}
		}
		if !replaced {
			rep.Diagnostics = append(rep.Diagnostics, found...)
		}
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

// checkModels records glb's facts and the file of every accepted model of a valid project (a
// model the toolchain could not read before the check is checked here).
func checkModels(opts Options, rep *Report, l *loaded) {
	for i := range rep.Definitions {
		def := &rep.Definitions[i]
		if def.Model == "" {
			continue
		}
		var m checkedModel
		if def.Index < len(l.models) && l.models[def.Index].res != nil {
			m = l.models[def.Index]
		} else {
			m.res, m.data = checkEncoded(opts.models(), def.Model)
		}
		if m.res.OK() {
			facts := m.res.Facts
			def.ModelFacts = &facts
			if opts.ModelFile != nil && m.data != nil {
				def.ModelFile = opts.ModelFile(m.data)
			}
			continue
		}
		rep.Diagnostics = append(rep.Diagnostics, l.modelDiagnostics(opts, def, m.res, m.data)...)
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
