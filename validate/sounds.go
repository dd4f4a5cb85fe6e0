package validate

import (
	"context"
	"encoding/json"
	"runtime"
	"sort"
	"strings"
	"sync"

	"github.com/scapeworld/scape/audio"
	"github.com/scapeworld/scape/diag"
)

func (o Options) audioBudget() audio.Budget {
	if o.Audio != nil {
		return *o.Audio
	}
	return audio.DefaultBudget
}

// namedSound is one recipe with the name a build error gives it: `sounds.ring`,
// `soundBank.note3`, `previews.ring({"note":3}).sound`, `sequence(step 0).strikes[1].sound`.
type namedSound struct {
	name string
	raw  json.RawMessage
}

// DeclaredSound is one entry of a definition's static `sounds` (Map "sounds") or initial
// `soundBank` (Map "soundBank").
type DeclaredSound struct {
	Map, Name string
	Recipe    json.RawMessage
}

// DeclaredSounds lists the definition's static sounds, then its initial sound bank, each by
// name: the sounds `scape gizmo sound` renders and the first the build renders.
func (d *Definition) DeclaredSounds() []DeclaredSound {
	var out []DeclaredSound
	for _, m := range []struct {
		name string
		raw  json.RawMessage
	}{{"sounds", d.Sounds}, {"soundBank", d.SoundBank}} {
		var sounds map[string]json.RawMessage
		if len(m.raw) == 0 || json.Unmarshal(m.raw, &sounds) != nil {
			continue // the SDK's rules accepted it: an object of name → recipe
		}
		names := make([]string, 0, len(sounds))
		for name := range sounds {
			names = append(names, name)
		}
		sort.Strings(names)
		for _, name := range names {
			out = append(out, DeclaredSound{m.name, name, sounds[name]})
		}
	}
	return out
}

// soundsOf lists every sound a definition's effects resolved, in report order: static sounds
// and the sound bank by name, then previews and probed sequence strikes in the order found.
func soundsOf(def *Definition) []namedSound {
	var out []namedSound
	for _, s := range def.DeclaredSounds() {
		out = append(out, namedSound{s.Map + "." + s.Name, s.Recipe})
	}
	var probed []struct {
		Name  string          `json:"name"`
		Sound json.RawMessage `json:"sound"`
	}
	if len(def.Probed) > 0 && json.Unmarshal(def.Probed, &probed) == nil {
		for _, p := range probed {
			out = append(out, namedSound{p.Name, p.Sound})
		}
	}
	return out
}

// checkSounds renders every distinct recipe of a valid project once within the audio budget
// (on all cores: each render is independent) and reports each failing recipe once, under the
// first name that declared it, at its definition.
func checkSounds(ctx context.Context, opts Options, rep *Report, l *loaded) {
	budget := opts.audioBudget()
	type job struct {
		def   int
		names []string
		raw   json.RawMessage
		err   error
	}
	var jobs []*job
	for i := range rep.Definitions {
		seen := map[string]*job{}
		for _, s := range soundsOf(&rep.Definitions[i]) {
			key := string(s.raw)
			if j, ok := seen[key]; ok {
				j.names = append(j.names, s.name)
				continue
			}
			j := &job{def: i, names: []string{s.name}, raw: s.raw}
			seen[key] = j
			jobs = append(jobs, j)
		}
		rep.Definitions[i].Rendered = len(seen)
	}
	if len(jobs) == 0 {
		return
	}
	var wg sync.WaitGroup
	sem := make(chan struct{}, runtime.GOMAXPROCS(0))
	for _, j := range jobs {
		if ctx.Err() != nil {
			break // superseded: Check returns ctx's error and a partial report
		}
		wg.Add(1)
		sem <- struct{}{}
		go func() {
			defer wg.Done()
			defer func() { <-sem }()
			j.err = renderOnce(budget, j.raw)
		}()
	}
	wg.Wait()
	for _, j := range jobs {
		if j.err == nil {
			continue
		}
		d := diag.Diagnostic{Code: diag.CodeSound, Path: j.names[0], Message: j.err.Error()}
		if len(j.names) > 1 {
			d.Notes = []diag.Note{{Message: "the same recipe is also " + strings.Join(j.names[1:], ", ")}}
		}
		rep.Diagnostics = append(rep.Diagnostics, l.placed(d, rep.Definitions[j.def], ""))
	}
}

// renderOnce renders one recipe within the budget and keeps nothing but the verdict. Under the
// default budget the render goes through audio.Shared, so an unchanged sound is rendered once:
// a rebuild, the host and the `sound` command find it there (in this process) or in its disk
// cache (the isolation worker's renders). A caller's own budget (tests, --audio-budget) renders
// every time: a cached render would pass a recipe the tighter budget may refuse.
func renderOnce(budget audio.Budget, raw json.RawMessage) error {
	if budget == audio.DefaultBudget {
		_, _, err := audio.Shared.WAV(raw)
		return err
	}
	_, err := budget.Render(raw)
	return err
}
