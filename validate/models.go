package validate

import (
	"bytes"
	"context"
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

// reportModels gives glb's whole verdict on every model: one error per problem of a refused
// model, with its glTF JSON path and value, and the file the model was imported from; and one
// warning per glb warning, refused or not (a model with only warnings is accepted: the SDK's
// hook accepts it too, see glb.NativeVerdict). The errors replace the SDK's one-line refusal
// (its first problem, at presentation.model) where there is one, and are added after the
// definition's problems where the SDK stopped at an earlier presentation field, so one export
// round can fix the model. Where glb accepts a model the SDK refused, the SDK's problem stands.
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
		if len(res.Warnings) > 0 || !res.OK() {
			def.ModelFile = modelFile(opts, model)
		}
		warnings := l.modelDiagnostics(def, diag.Warning, res.Warnings)
		if res.OK() {
			def.Model, def.accepted = model, res // checkModels records it if the project is valid
			rep.Diagnostics = append(rep.Diagnostics, warnings...)
			continue
		}
		found := append(l.modelDiagnostics(def, diag.Error, res.Problems), warnings...)
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
		if def.ModelFile == "" {
			def.ModelFile = modelFile(opts, def.Model)
		}
	}
}

// modelDiagnostics is one diagnostic per glb finding (ps: a refused model's problems, as
// errors with the code "model", or a model's warnings, as warnings with the code
// "model-warning"), at the definition, with the finding's glTF JSON path under
// presentation.model (`presentation.model.textures[0]`), its value, glb's message and a note
// naming the model's file (def.ModelFile) when it is known.
func (l *loaded) modelDiagnostics(def *Definition, severity diag.Severity, ps []glb.Problem) []diag.Diagnostic {
	file := def.ModelFile
	code := diag.CodeModel
	if severity == diag.Warning {
		code = diag.CodeModelWarning
	}
	out := make([]diag.Diagnostic, 0, len(ps))
	for _, p := range ps {
		d := diag.Diagnostic{Severity: severity, Code: code, Path: modelPath, Message: p.Message}
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
		out = append(out, l.placed(d, *def, ""))
	}
	return out
}

// modelFile names the project file a presentation.model string was embedded from, or "".
func modelFile(opts Options, encoded string) string {
	if opts.ModelFile == nil {
		return ""
	}
	if data, err := glb.DecodeEncoded(encoded); err == nil {
		return opts.ModelFile(data)
	}
	return ""
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
