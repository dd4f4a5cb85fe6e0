// Package validate executes a bundle in goja with the trusted SDK and reports whether its project
// is valid, exactly as the SDK's ObjectRegistry would decide: the rules live only in kit/sdk
// (catalogProblems), and this package maps each problem to a diag.Diagnostic with the definition
// and its TypeScript file and line. Author code runs only through jsrt's guarded path.
//
// Validation also holds the checks the SDK cannot do cheaply in goja (docs/build.md, "Sounds
// and models"): every presentation.model is checked by glb once per content (Options.Models),
// and every declared sound of a valid project — static sounds, the initial sound bank, the
// initial views' previews and sequence() at a few probed steps — is rendered once within the
// audio budget (Options.Audio). Their problems are diagnostics with the codes "model" and
// "sound", naming the definition, the sound or the model's glTF path, and the model's file; glb's
// warnings (e.g. a model over the agent-avatar budget) are warnings with the code "model-warning",
// which leave the project valid.
package validate

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math/rand/v2"
	"regexp"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/scapeworld/scape/internal/timeline"

	"github.com/dop251/goja"

	"github.com/scapeworld/scape/audio"
	"github.com/scapeworld/scape/bundle"
	"github.com/scapeworld/scape/diag"
	"github.com/scapeworld/scape/glb"
	"github.com/scapeworld/scape/jsrt"
	"github.com/scapeworld/scape/kit"
	"github.com/scapeworld/scape/locate"
	"github.com/scapeworld/scape/world"
)

// sdkInstance is a placed instance as the SDK's registry reads it (ObjectInstance, plus the
// fixed walkability a host keeps to check the next build's): the one world.Instance, without the
// host's place and placer, which author code never sees.
type sdkInstance struct {
	ID       string          `json:"id"`
	Type     string          `json:"type"`
	Version  int             `json:"version"`
	State    json.RawMessage `json:"state"`
	LinkID   string          `json:"linkId,omitempty"`
	Walkable *bool           `json:"walkable,omitempty"`
}

func toSDK(in world.Instance) sdkInstance {
	return sdkInstance{ID: in.ID, Type: in.Type, Version: in.Version, State: in.State, LinkID: in.LinkID, Walkable: in.Walkable}
}

// sdkJSON is the instance as the SDK's registry reads it, JSON.
func sdkJSON(in world.Instance) string {
	data, _ := json.Marshal(toSDK(in))
	return string(data)
}

// Options for Check and Open. The zero value validates with the embedded SDK and default bounds.
type Options struct {
	SDK *kit.Compiled // nil: the embedded SDK
	// Limits are jsrt's bounds. Timeout bounds loading the bundle, and separately the whole
	// catalog check (jsrt default 2 s). Budget bounds all author calls of one Check or Open
	// together (0: DefaultBudget), so a project whose callbacks each stay under Timeout cannot
	// hold a build or an upload for long: past it the report has a timeout error naming the
	// callback that was running. A Project's live calls after Open (Act, View, …) have Timeout
	// each and no budget.
	jsrt.Limits
	// SourceMap is the bundle's source map (bundle.Result.SourceMap): positions in diagnostics
	// then name TypeScript files and lines.
	SourceMap []byte
	// Instances that must still validate under the new definitions (the dev host's placed state).
	Instances []world.Instance
	// Console receives the bundle's console output; nil keeps it in Report.Logs.
	Console func(level, text string)
	// Audio is the render budget of one declared sound (nil: audio.DefaultBudget). Every sound
	// a valid project declares is rendered once within it (see sounds.go).
	Audio *audio.Budget
	// CallerRenders skips that render: the caller renders every sound itself. Only package
	// isolate sets it: its worker renders under a time budget of its own (RenderSounds), and
	// leaves them to `scape gizmo sound` (project.Options.NoRender), which renders each once.
	CallerRenders bool
	// Models remembers model verdicts by content (nil: one cache shared by the process), so the
	// dev loop checks an unchanged model once, not on every rebuild.
	Models *glb.Cache
	// ModelFile names the project file a model's bytes were embedded from ("" when unknown); see
	// AssetFiles. Used only to name a model's file: in its diagnostics and in Definition.ModelFile.
	ModelFile func(data []byte) string
	// Explore bounds state exploration (docs/build.md, "State exploration"): once the catalog
	// check accepts the project, the states each definition's own controls reach from initial()
	// are checked as initial() is, up to Explore new states per definition. 0 means
	// DefaultExplore; any negative value (NoExplore) turns exploration off.
	Explore int
	// ExploreTime bounds exploration of the whole project (0: DefaultExploreTime, or
	// DeepExploreTime when Explore asks for more than the default; at most ¾ of Timeout).
	ExploreTime time.Duration
	// ExploreParts is how many parts a project's exploration may be split into, this runtime's
	// included, when Elsewhere explores the others (explore_parts.go); 0 or 1 explores here.
	ExploreParts int
	// Elsewhere explores parts of the project in other runtimes (package isolate's workers).
	Elsewhere Elsewhere
}

// Exploration's defaults. The state bound decides how far a build looks, so a build finds the
// same problems on a quiet and on a loaded machine. 8 new states cover the whole state graphs of
// the lamp (5) and the fan (7) and every case of testdata/explore (each 1–4 actions deep), and
// keep every template's whole build under 100 ms with the build server warm: a voting booth's
// state costs about 5 ms in goja (its editor's five text fields each give four payloads), so at
// the previous 24 its build took 150–170 ms. The counter's, the chime's and the voting booth's
// graphs are cut (`--explore=N` goes deeper). The time bound is a safety net against costly
// callbacks, under the guard's 2 s per call. See docs/build.md, "State exploration".
const (
	DefaultExplore     = 8
	DefaultExploreTime = 500 * time.Millisecond
	// DeepExploreTime is the time bound when Explore asks for more than the default.
	DeepExploreTime = 1500 * time.Millisecond
	// NoExplore turns exploration off (`scape gizmo build --explore=0`).
	NoExplore = -1
)

// exploreLimits are the states per definition and the time for the project (0 states: off).
// The time stays under the guard's per-call timeout: exploration is one guarded call.
func (o Options) exploreLimits() (int, time.Duration) {
	states, budget := o.Explore, o.ExploreTime
	switch {
	case states < 0:
		return 0, 0
	case states == 0:
		states = DefaultExplore
	}
	if budget <= 0 {
		budget = DefaultExploreTime
		if states > DefaultExplore {
			budget = DeepExploreTime
		}
	}
	timeout := o.Timeout
	if timeout <= 0 {
		timeout = jsrt.DefaultTimeout
	}
	return states, min(budget, timeout*3/4)
}

// DefaultBudget is Options.Budget's default: all author code of one validation together. A real
// project's callbacks take milliseconds; 5 s leaves room for a loaded machine and for the
// 16-definition limit, and is what `scape gizmo build` or an upload waits at most for author code.
const DefaultBudget = 5 * time.Second

func (o Options) runtime() jsrt.Options {
	budget := o.Budget
	if budget <= 0 {
		budget = DefaultBudget
	}
	lim := o.Limits
	lim.Budget = budget
	return jsrt.Options{SDK: o.SDK, Limits: lim, Console: o.Console, Models: o.models()}
}

// Definition is one definition of a checked project.
type Definition struct {
	Index   int    `json:"-"`
	Type    string `json:"type"`
	Version int    `json:"version"`
	Emoji   string `json:"emoji"`
	Label   string `json:"label"`
	// File, Line and Column say where defineObject was called (0 when unknown).
	File   string `json:"file,omitempty"`
	Line   int    `json:"line,omitempty"`
	Column int    `json:"column,omitempty"`
	// Export is the export it was found under ("default" for a project's objects).
	Export string `json:"-"`
	// Walkable is the definition's fixed `walkable` (absent is false). A host keeps it with the
	// build to pass as Instance.Walkable when it checks the next one.
	Walkable bool `json:"-"`
	// Hint is the definition's hint (at most 240 characters), for a host's page; not in reports.
	Hint string `json:"-"`
	// Sounds is the static `sounds` recipe map as JSON; SoundBank is soundBank(initial()) as JSON.
	// Both are set only for a valid project (they are resolved by running author code).
	Sounds    json.RawMessage `json:"-"`
	SoundBank json.RawMessage `json:"-"`
	// Previews are the previews the initial state's view auditions, as a JSON array of
	// {name, payload, preview}.
	Previews json.RawMessage `json:"-"`
	// Probed are sounds found by running author code: the previews' sounds and the strikes of
	// sequence() at the probed steps, as a JSON array of {name, sound}.
	Probed json.RawMessage `json:"-"`
	// Model is presentation.model (a base64 GLB) when the definition has one and glb accepts it.
	Model    string      `json:"-"`
	accepted *glb.Result // glb's verdict on Model
	// ModelFacts are the model check's facts about an accepted model.
	ModelFacts *glb.Facts `json:"model,omitempty"`
	// ModelFile is the project file the model was embedded from, when known.
	ModelFile string `json:"modelFile,omitempty"`
	// Rendered counts the distinct sounds rendered at build time (0 when none).
	Rendered int `json:"soundsRendered,omitempty"`
}

// Report is the result of a check.
type Report struct {
	Definitions []Definition
	Diagnostics diag.List
	Logs        []jsrt.LogLine
	Duration    time.Duration
	// Sounds is the part of Duration spent rendering sounds, Models checking models (glb).
	Sounds, Models time.Duration
	// Explored is what state exploration covered, per definition (empty when it did not run:
	// turned off, or the catalog check already failed). Explore is its part of Duration.
	Explored []Explored
	Explore  time.Duration
}

// Explored is one definition's state exploration.
type Explored struct {
	Type string `json:"type"`
	// States is the number of new states reached and checked (initial() not counted); Actions
	// the actions run to find them (each payload, viewer and randomness variant once).
	States  int `json:"states"`
	Actions int `json:"actions"`
	// Stopped says why exploration ended before every reachable state was seen: "states" (the
	// Explore bound) or "time" (the ExploreTime bound); "" when it saw them all.
	Stopped string `json:"stopped,omitempty"`
}

// OK says whether the project is valid (warnings allowed).
func (r *Report) OK() bool { return !r.Diagnostics.HasErrors() }

// Check runs the bundle and checks its project. The error is reserved for toolchain failures
// (the SDK does not load) and for ctx ending (the report is then partial); everything about the
// bundle is in the report.
func Check(ctx context.Context, js []byte, opts Options) (*Report, error) {
	start := time.Now()
	l, rep, err := load(ctx, js, opts)
	if err != nil || l == nil {
		if rep != nil {
			rep.Duration = time.Since(start)
		}
		return rep, err
	}
	l.judge(ctx, opts, rep)
	rep.Duration = time.Since(start)
	if err := ctx.Err(); err != nil {
		// Cancelled by the caller (a newer build superseded this one): the report is partial.
		return rep, err
	}
	return rep, nil
}

// loaded is a bundle run in a fresh runtime.
type loaded struct {
	rt      *jsrt.Runtime
	script  *jsrt.Script
	exports goja.Value
	// literals are the definitions' defineObject literals, parsed on first use (locate).
	literals map[int]*locate.Literal
	// draws counts Math.random's draws (a project that drew before exploring may differ from
	// runtime to runtime: it is explored in this one only); spliced is console output of parts
	// explored elsewhere (explore_parts.go).
	draws   int
	spliced []splice
}

// load compiles (cached per bundle hash) and runs the bundle. A bundle that fails to run
// returns a nil loaded and a report with the diagnostic.
func load(ctx context.Context, js []byte, opts Options) (*loaded, *Report, error) {
	rep := &Report{}
	script, err := jsrt.CachedScript(bundle.ScriptName, js, opts.SourceMap)
	if err != nil {
		rep.Diagnostics = append(rep.Diagnostics, diag.Diagnostic{Code: diag.CodeSyntax, File: bundle.ScriptName, Message: "the bundle does not parse in the validation engine: " + err.Error()})
		return nil, rep, nil
	}
	rt, err := jsrt.New(opts.runtime())
	timeline.Mark("validate: runtime ready")
	if err != nil {
		return nil, nil, err
	}
	l := &loaded{rt: rt, script: script}
	// goja's own source (math/rand), counted: Math.random draws as it always did.
	rt.VM.SetRandSource(func() float64 { l.draws++; return rand.Float64() })
	if err := rt.RunScript(ctx, "the bundle's top-level code", script); err != nil {
		rep.Diagnostics = append(rep.Diagnostics, l.failure(err, nil))
		rep.Logs = rt.Logs
		return nil, rep, ctxErr(ctx, err)
	}
	// Read under the guard (a bundle may define its global as a getter); Go only hands the
	// value back to the toolchain, never reads it.
	exports, err := rt.Global(ctx, bundle.GlobalName)
	if err != nil {
		rep.Diagnostics = append(rep.Diagnostics, l.failure(err, nil))
		rep.Logs = rt.Logs
		return nil, rep, ctxErr(ctx, err)
	}
	l.exports = exports
	return l, rep, nil
}

func ctxErr(ctx context.Context, err error) error {
	if errors.Is(err, context.Canceled) || errors.Is(err, context.DeadlineExceeded) {
		if ctx.Err() != nil {
			return ctx.Err()
		}
	}
	return nil
}

type problemFacts struct {
	Index     int      `json:"index"`
	Path      string   `json:"path"`
	Message   string   `json:"message"`
	ValueJSON string   `json:"valueJSON"`
	Got       string   `json:"got"`
	Callback  string   `json:"callback"`
	Rule      string   `json:"rule"`
	Severity  string   `json:"severity"`
	Trail     []string `json:"trail"`
	// ThrownAt is a thrown callback's stack: its top author frame is where it threw.
	ThrownAt string `json:"thrownAt"`
}

type definitionFacts struct {
	Index      int    `json:"index"`
	Type       string `json:"type"`
	Version    int    `json:"version"`
	Emoji      string `json:"emoji"`
	Label      string `json:"label"`
	DefinedAt  string `json:"definedAt"`
	ExportName string `json:"exportName"`
	Walkable   bool   `json:"walkable"`
	Hint       string `json:"hint"`
}

// described is the toolchain's describe: the definitions, or why the exports hold none.
type described struct {
	Definitions []definitionFacts `json:"definitions"`
	LoadError   string            `json:"loadError"`
}

// checked is the toolchain's check: the rule problems (its loadError is describe's, already
// reported).
type checked struct {
	Problems []problemFacts `json:"problems"`
}

// call runs a toolchain method under the guard; its result is one JSON string the SDK made
// inside the call, decoded into out (Go never reads a JavaScript value author code could reach).
func (l *loaded) call(ctx context.Context, method string, out any, args ...goja.Value) error {
	return l.rt.CallJSON(ctx, method, out, args...)
}

// judge is the whole verdict on a loaded bundle, the same for a build (Check) and a host (Open):
// the catalog check, state exploration, the declared effects.
func (l *loaded) judge(ctx context.Context, opts Options, rep *Report) {
	timeline.Mark("validate: loaded")
	l.check(ctx, opts, rep)
	timeline.Mark("validate: checked")
	l.explore(ctx, opts, rep)
	timeline.Mark("validate: explored")
	l.verify(ctx, opts, rep)
	timeline.Mark("validate: effects verified")
	rep.Logs = l.logs()
}

func (l *loaded) check(ctx context.Context, opts Options, rep *Report) {
	// First the definitions alone (no author callbacks run), so even a runaway check can name
	// the definition with its emoji and label.
	var desc described
	if err := l.call(ctx, "describe", &desc, l.exports); err != nil {
		rep.Diagnostics = append(rep.Diagnostics, l.failure(err, nil))
		return
	}
	if desc.LoadError != "" {
		rep.Diagnostics = append(rep.Diagnostics, diag.Diagnostic{Code: diag.CodeLoad, Message: desc.LoadError})
		return
	}
	for _, f := range desc.Definitions {
		d := Definition{Index: f.Index, Type: f.Type, Version: f.Version, Emoji: f.Emoji, Label: f.Label, Export: f.ExportName, Walkable: f.Walkable, Hint: f.Hint}
		if p := l.definedAt(f.DefinedAt); p.Line > 0 {
			d.File, d.Line, d.Column = p.File, p.Line, calleeColumn(l.script.LineText(p.File, p.Line), p.Column)
		}
		rep.Definitions = append(rep.Definitions, d)
	}
	instances := ""
	if len(opts.Instances) > 0 {
		wire := make([]sdkInstance, len(opts.Instances))
		for i, in := range opts.Instances {
			wire[i] = toSDK(in)
		}
		data, err := json.Marshal(wire)
		if err != nil {
			rep.Diagnostics = append(rep.Diagnostics, diag.Diagnostic{Code: diag.CodeInstance, Message: "instances do not encode: " + err.Error()})
			return
		}
		instances = string(data)
	}
	args := []goja.Value{l.exports, l.rt.VM.ToValue(instances)}
	var res checked
	if err := l.call(ctx, "check", &res, args...); err != nil {
		rep.Diagnostics = append(rep.Diagnostics, l.failure(err, rep.Definitions))
		return
	}
	for _, p := range res.Problems {
		rep.Diagnostics = append(rep.Diagnostics, l.problem(p, rep.Definitions))
	}
}

// explored is the toolchain's explore: per definition what was covered, and the problems of
// reachable states (each with its trail), errors before warnings.
type explored struct {
	Definitions []Explored     `json:"definitions"`
	Problems    []problemFacts `json:"problems"`
}

// explore runs state exploration for a project the catalog check accepted (docs/build.md,
// "State exploration"). A warning the initial state already raised is not repeated.
func (l *loaded) explore(ctx context.Context, opts Options, rep *Report) {
	states, budget := opts.exploreLimits()
	if states == 0 || !rep.OK() || ctx.Err() != nil {
		return
	}
	start := time.Now()
	defer func() { rep.Explore = time.Since(start) }()
	parts := l.exploreParts(ctx, opts, rep.Definitions, states, budget)
	if parts == nil {
		// A part's runtime passed a hard bound: the caller gives that verdict instead.
		rep.Diagnostics = append(rep.Diagnostics, diag.Diagnostic{Code: diag.CodeThrown, Message: "exploration was abandoned"})
		return
	}
	var errs, warns diag.List
	covered := []Explored{}
	for _, p := range parts {
		if p.Failure != nil {
			rep.Diagnostics = append(rep.Diagnostics, *p.Failure)
			return
		}
		covered = append(covered, p.Explored...)
		errs = append(errs, p.Errors...)
		warns = append(warns, p.Warnings...)
	}
	rep.Explored = covered
	seen := map[string]bool{}
	key := func(d diag.Diagnostic) string {
		def := ""
		if d.Definition != nil {
			def = d.Definition.Type
		}
		return def + "\x00" + d.Rule + "\x00" + d.Path + "\x00" + d.Message
	}
	for _, d := range rep.Diagnostics {
		if d.Severity == diag.Warning {
			seen[key(d)] = true
		}
	}
	for _, d := range append(errs, warns...) {
		if d.Severity == diag.Warning && seen[key(d)] {
			continue
		}
		seen[key(d)] = true
		rep.Diagnostics = append(rep.Diagnostics, d)
	}
}

func (l *loaded) problem(p problemFacts, defs []Definition) diag.Diagnostic {
	d := diag.Diagnostic{Code: diag.CodeRule, Path: p.Path, Message: p.Message, Got: p.Got, Rule: p.Rule, Trail: p.Trail}
	switch {
	case p.Severity == "warning":
		d.Severity, d.Code = diag.Warning, diag.CodeLikelyMistake
	case p.Callback != "" && strings.HasPrefix(p.Message, "threw "):
		d.Code = diag.CodeThrown
	case strings.HasPrefix(p.Path, "instances["):
		d.Code = diag.CodeInstance
	}
	if p.ValueJSON != "" && json.Valid([]byte(p.ValueJSON)) {
		d.Value = json.RawMessage(p.ValueJSON)
	}
	index := p.Index
	if index < 0 {
		// A project-wide problem about one entry (objects[1].type: must be unique…) is shown at
		// that definition.
		if m := objectsIndex.FindStringSubmatch(p.Path); m != nil {
			index, _ = strconv.Atoi(m[1])
		}
	}
	if index >= 0 && index < len(defs) {
		d = l.placed(d, defs[index], p.ValueJSON)
	}
	if d.Code == diag.CodeThrown && p.ThrownAt != "" {
		d = l.atThrow(d, p.ThrownAt)
	}
	return d
}

// atThrow moves a thrown callback's problem from the callback to the line that threw: the
// innermost frame of its stack in author source (a helper the callback called included), the
// place it was before kept as a note naming the callback. A stack with no author frame (the
// SDK refused what the callback passed it) leaves d where it is.
func (l *loaded) atThrow(d diag.Diagnostic, stack string) diag.Diagnostic {
	if l == nil {
		return d
	}
	for _, f := range l.script.Frames(stack) {
		if jsrt.ToolchainScript(f.File) || f.File == bundle.ScriptName && d.File != "" || strings.HasPrefix(f.File, "<") {
			continue
		}
		if f.File == d.File && f.Line == d.Line && f.Column == d.Column {
			return d
		}
		before := d.Position()
		d = d.At(diag.FromUTF16Column(f.File, f.Line, f.Column, l.script.LineText(f.File, f.Line)))
		if before.Line > 0 {
			callback := strings.TrimSuffix(strings.SplitN(d.Path, "(", 2)[0], "()")
			if callback == "" {
				callback = "the callback"
			}
			d.Notes = append([]diag.Note{diag.NoteAt(before, callback+" is written here")}, d.Notes...)
		}
		return d
	}
	return d
}

// placed names def in d and places d where its Path was written in def's source (atMistake),
// else at def's defineObject call. valueJSON is the offending value as JSON, or "".
func (l *loaded) placed(d diag.Diagnostic, def Definition, valueJSON string) diag.Diagnostic {
	return l.atMistake(l.atDefinition(d, def), def, d.Path, valueJSON)
}

// atMistake moves d from def's defineObject call to the expression in the author's TypeScript
// that holds the mistake — the member `radiusCells: 30`, the array element, the literal a
// callback returned, else the callback — when locate can tell for certain, and keeps the call
// site as a note. A path it cannot follow leaves d at the call site.
func (l *loaded) atMistake(d diag.Diagnostic, def Definition, path, valueJSON string) diag.Diagnostic {
	if l == nil || def.Line <= 0 || path == "" {
		return d
	}
	lit, ok := l.literals[def.Index]
	if !ok {
		lit = locate.At(def.File, l.script.Source(def.File), def.Line, def.Column)
		if l.literals == nil {
			l.literals = map[int]*locate.Literal{}
		}
		l.literals[def.Index] = lit
	}
	// A project-wide problem about one entry names it from the project: objects[1].type.
	path = objectsIndex.ReplaceAllString(path, "")
	path = strings.TrimPrefix(path, ".")
	at, found := lit.Find(path, valueJSON)
	if !found || at.Line == def.Line && at.Column == def.Column {
		return d
	}
	site := diag.NoteAt(d.Position(), fmt.Sprintf("%s is defined here", def.Type))
	d = d.At(at)
	d.Notes = append(d.Notes, site)
	return d
}

// atDefinition names def in d and places d at def's defineObject call when it was found, with
// the line for a code frame. l may be nil (no script: the definition is named, not placed).
func (l *loaded) atDefinition(d diag.Diagnostic, def Definition) diag.Diagnostic {
	d.Definition = def.ref()
	if def.Line > 0 && l != nil {
		d = d.At(diag.FromUTF16Column(def.File, def.Line, def.Column, l.script.LineText(def.File, def.Line)))
	}
	return d
}

// ref is how a diagnostic names the definition.
func (def Definition) ref() *diag.Definition {
	return &diag.Definition{Type: def.Type, Version: def.Version, Emoji: def.Emoji, Label: def.Label}
}

// failure turns a jsrt error from author code into a diagnostic.
func (l *loaded) failure(err error, defs []Definition) diag.Diagnostic {
	d := diag.Diagnostic{Code: diag.CodeThrown, Message: err.Error()}
	var typ string
	var at jsrt.Position
	var timeout *jsrt.TimeoutError
	var stack *jsrt.StackError
	var mem *jsrt.MemoryError
	var thrown *jsrt.ThrownError
	switch {
	case errors.As(err, &timeout):
		d.Code, typ, at = diag.CodeTimeout, timeout.Type, timeout.At
	case errors.As(err, &stack):
		d.Code, typ, at = diag.CodeStack, stack.Type, stack.At
	case errors.As(err, &mem):
		d.Code, typ, at = diag.CodeMemory, mem.Type, mem.At
	case errors.As(err, &thrown):
		typ, at = thrown.Type, thrown.At
	}
	if typ != "" {
		d.Definition = &diag.Definition{Type: typ}
		for _, def := range defs {
			if def.Type == typ {
				d.Definition = def.ref()
			}
		}
	}
	if at.Line > 0 {
		d = d.At(diag.FromUTF16Column(at.File, at.Line, at.Column, l.script.LineText(at.File, at.Line)))
	}
	return d
}

var objectsIndex = regexp.MustCompile(`^objects\[(\d+)\]`)

// calleeColumn moves a call's position from its "(" back to the callee's name, so a definition
// is shown at `defineObject<State>({` rather than at the parenthesis. col is 1-based, in
// UTF-16 code units; anything unexpected leaves it as it is.
func calleeColumn(line string, col int) int {
	r := []rune(line)
	i := utf8.RuneCountInString(line[:diag.ByteOffset(line, col-1)])
	if i > 0 && i < len(r) && r[i] == '{' && r[i-1] == '(' {
		i-- // goja may place the call at its object argument: defineObject({
	}
	if i <= 0 || i >= len(r) || r[i] != '(' {
		return col
	}
	j := i - 1
	if r[j] == '>' { // type arguments: defineObject<State>(
		depth := 0
		for ; j >= 0; j-- {
			if r[j] == '>' {
				depth++
			} else if r[j] == '<' {
				depth--
				if depth == 0 {
					break
				}
			}
		}
		j--
	}
	end := j
	for j >= 0 && (r[j] == '_' || r[j] == '$' || r[j] >= 'a' && r[j] <= 'z' || r[j] >= 'A' && r[j] <= 'Z' || r[j] >= '0' && r[j] <= '9') {
		j--
	}
	if j == end {
		return col
	}
	return diag.UTF16Len(string(r[:j+1])) + 1
}

// definedAt finds the first frame of a defineObject stack that is in author code.
func (l *loaded) definedAt(stack string) jsrt.Position {
	for _, f := range l.script.Frames(stack) {
		if !jsrt.ToolchainScript(f.File) {
			return f.Position
		}
	}
	return jsrt.Position{}
}

type effectFacts struct {
	Type      string         `json:"type"`
	Sounds    string         `json:"sounds"`
	SoundBank string         `json:"soundBank"`
	Previews  string         `json:"previews"`
	Probed    string         `json:"probed"`
	Problems  []problemFacts `json:"problems"`
}

// verify runs what follows the SDK's catalog rules: glb's verdict on every refused model (every
// problem and the file it came from; the SDK's model check itself defers to glb, see
// installModelHook);
// for a valid project, the effects are resolved (previews and probed sequence steps checked by
// the SDK's rules), every sound is rendered within the audio budget and each accepted model's
// facts are recorded.
func (l *loaded) verify(ctx context.Context, opts Options, rep *Report) {
	l.reportModels(ctx, opts, rep)
	if !rep.OK() {
		return
	}
	l.effects(ctx, rep)
	if !rep.OK() || ctx.Err() != nil {
		return
	}
	start := time.Now()
	checkModels(opts, rep)
	rep.Models += time.Since(start)
	if opts.CallerRenders {
		return
	}
	start = time.Now()
	checkSounds(ctx, opts, rep, l)
	rep.Sounds = time.Since(start)
}

// effects resolves the sound recipes of a valid project for the audio check.
func (l *loaded) effects(ctx context.Context, rep *Report) {
	var list []effectFacts
	if err := l.call(ctx, "effects", &list, l.exports); err != nil {
		rep.Diagnostics = append(rep.Diagnostics, l.failure(err, rep.Definitions))
		return
	}
	for i := range rep.Definitions {
		if i >= len(list) || list[i].Type != rep.Definitions[i].Type {
			continue
		}
		for _, p := range list[i].Problems {
			rep.Diagnostics = append(rep.Diagnostics, l.problem(p, rep.Definitions))
		}
		if list[i].Probed != "" {
			rep.Definitions[i].Probed = json.RawMessage(list[i].Probed)
		}
		if list[i].Sounds != "" {
			rep.Definitions[i].Sounds = json.RawMessage(list[i].Sounds)
		}
		if list[i].SoundBank != "" {
			rep.Definitions[i].SoundBank = json.RawMessage(list[i].SoundBank)
		}
		if list[i].Previews != "" {
			rep.Definitions[i].Previews = json.RawMessage(list[i].Previews)
		}
	}
}

// String is a short summary for logs: "3 definitions, 1 error".
func (r *Report) String() string {
	return fmt.Sprintf("%d definitions, %d errors", len(r.Definitions), len(r.Diagnostics.Errors()))
}
