package validate

import (
	"context"
	"fmt"
	"time"

	"github.com/scapeworld/scape/diag"
	"github.com/scapeworld/scape/jsrt"
)

// Exploring a project in parts (docs/build.md, "Exploration in parallel"). Each definition
// explores independently, so a caller with other processes at hand (package isolate's workers,
// each with its own heap and time limits) may explore some definitions there while this runtime
// explores the first part. The findings are merged in the definitions' order, so the report is
// the serial one: the same Explored, the same diagnostics in the same order, the same failure.

// ExplorePart is one part of a project's exploration: its definitions [First, First+Count).
type ExplorePart struct {
	First int `json:"first"`
	Count int `json:"count"`
}

// PartExplored is a part explored in another runtime (ExploreOnly), as that runtime found it.
type PartExplored struct {
	Part ExplorePart `json:"part"`
	// Types are all the definitions that runtime found, in order: a part is used only when they
	// are this runtime's (the same bundle made the same project).
	Types []string `json:"types"`
	// Drew says the bundle drew Math.random before exploration (at load or in the catalog check):
	// its project may differ between runtimes, so the part is explored again here.
	Drew bool `json:"drew,omitempty"`
	// Refused: that runtime's catalog check did not accept the project (explored again here).
	Refused  bool             `json:"refused,omitempty"`
	Explored []Explored       `json:"explored,omitempty"`
	Errors   diag.List        `json:"errors,omitempty"`
	Warnings diag.List        `json:"warnings,omitempty"`
	Failure  *diag.Diagnostic `json:"failure,omitempty"`
	Logs     []jsrt.LogLine   `json:"logs,omitempty"`
	// Abandoned: the part's runtime passed a hard bound; the caller replaces the whole verdict
	// with that breach, so this runtime stops exploring.
	Abandoned bool `json:"abandoned,omitempty"`
}

// Elsewhere explores parts of a project in other runtimes: it starts them and returns a wait for
// their results in the parts' order (a nil result: that part is explored here after all).
type Elsewhere func(ctx context.Context, parts []ExplorePart) (wait func() []*PartExplored)

// splitParts divides n definitions into at most k contiguous parts of nearly equal size.
func splitParts(n, k int) []ExplorePart {
	k = max(1, min(k, n))
	parts := make([]ExplorePart, 0, k)
	first := 0
	for i := range k {
		count := n / k
		if i < n%k {
			count++
		}
		parts = append(parts, ExplorePart{First: first, Count: count})
		first += count
	}
	return parts
}

// ExploreOnly loads js in a fresh runtime, runs the catalog check and explores only part index
// of the project split into of parts (as a check with ExploreParts of splits it), within the
// project's time bound (explorePart): another runtime's part of a project it explores
// (Elsewhere). It needs nothing from that runtime, so it may start as soon as the check does.
// The error is ctx's or the toolchain's; everything about the bundle is in the result.
func ExploreOnly(ctx context.Context, js []byte, opts Options, index, of int) (*PartExplored, error) {
	l, rep, err := load(ctx, js, opts)
	out := &PartExplored{}
	if err != nil {
		return nil, err
	}
	if l == nil {
		out.Refused = true
		return out, nil
	}
	l.check(ctx, opts, rep)
	for _, d := range rep.Definitions {
		out.Types = append(out.Types, d.Type)
	}
	out.Drew = l.drew()
	states, budget := opts.exploreLimits()
	parts := splitParts(len(rep.Definitions), of)
	if !rep.OK() || states == 0 || index < 0 || index >= len(parts) {
		out.Refused = true
		return out, ctx.Err()
	}
	out.Part = parts[index]
	l.explorePart(ctx, rep.Definitions, out.Part, states, budget, out)
	return out, ctx.Err()
}

// explorePart explores part here into out, its definitions sharing budget. Each part has the
// project's whole time bound: the parts run at once, so the project's exploration still ends
// within it, and each definition gets at least the time it would get serially (a share of the
// bound by definition count would stop parts early whenever the machine's cores are busy, and
// explore fewer states than one worker would in the same wall time).
func (l *loaded) explorePart(ctx context.Context, defs []Definition, part ExplorePart, states int, budget time.Duration, out *PartExplored) {
	limits := fmt.Sprintf(`{"states":%d,"budgetMs":%d,"first":%d,"count":%d}`, states, budget.Milliseconds(), part.First, part.Count)
	mark := len(l.rt.Logs)
	var res explored
	err := l.call(ctx, "explore", &res, l.exports, l.rt.VM.ToValue(limits))
	out.Logs = append(out.Logs, l.rt.Logs[mark:]...)
	if err != nil {
		f := l.failure(err, defs)
		out.Failure = &f
		return
	}
	out.Explored = res.Definitions
	for _, p := range res.Problems {
		d := l.problem(p, defs)
		if d.Severity == diag.Warning {
			out.Warnings = append(out.Warnings, d)
		} else {
			out.Errors = append(out.Errors, d)
		}
	}
}

// usable says whether a part explored elsewhere stands for this runtime's exploration of it.
func (l *loaded) usable(p *PartExplored, part ExplorePart, defs []Definition) bool {
	if p == nil || p.Part != part || p.Drew || p.Refused || len(p.Types) != len(defs) {
		return false
	}
	for i, d := range defs {
		if p.Types[i] != d.Type {
			return false
		}
	}
	return true
}

// exploreParts explores the project's definitions, some of them elsewhere when opts allow,
// and returns every part's findings in the definitions' order (nil: abandoned, see
// PartExplored.Abandoned).
func (l *loaded) exploreParts(ctx context.Context, opts Options, defs []Definition, states int, budget time.Duration) []*PartExplored {
	// One bound for the project, as serially: a part explored here after its worker failed gets
	// what is left of it, not the whole bound again.
	deadline := time.Now().Add(budget)
	parts := splitParts(len(defs), 1)
	var wait func() []*PartExplored
	if opts.Elsewhere != nil && opts.ExploreParts > 1 && len(defs) > 1 && !l.drew() {
		parts = splitParts(len(defs), opts.ExploreParts)
		wait = opts.Elsewhere(ctx, parts[1:])
	}
	own := &PartExplored{Part: parts[0]}
	l.explorePart(ctx, defs, parts[0], states, budget, own)
	results := []*PartExplored{own}
	var others []*PartExplored
	if wait != nil {
		others = wait()
	}
	for i, part := range parts[1:] {
		var p *PartExplored
		if i < len(others) {
			p = others[i]
		}
		if p != nil && p.Abandoned {
			return nil
		}
		if !l.usable(p, part, defs) {
			if ctx.Err() != nil {
				return nil
			}
			p = &PartExplored{Part: part}
			l.explorePart(ctx, defs, part, states, max(time.Until(deadline), time.Millisecond), p)
			p.Logs = nil // already in this runtime's logs
		} else {
			l.spliced = append(l.spliced, splice{at: len(l.rt.Logs), lines: p.Logs})
		}
		results = append(results, p)
		if p.Failure != nil {
			break // serially, the first failure ends exploration
		}
	}
	return results
}

// splice is console output of a part explored elsewhere, inserted where this runtime would have
// written it had it explored the part itself.
type splice struct {
	at    int
	lines []jsrt.LogLine
}

// logLimit is jsrt's bound on a runtime's kept console lines (runtime.go maxLogs; pinned by
// TestExploreInPartsKeepsTheSerialLogs): serially, lines past it were never kept.
const logLimit = 200

// logs are this runtime's console output with the parts explored elsewhere spliced in, bounded
// as one runtime's: the first logLimit lines in the serial order.
func (l *loaded) logs() []jsrt.LogLine {
	if len(l.spliced) == 0 {
		return l.rt.Logs
	}
	out := l.splicedLogs()
	return out[:min(len(out), logLimit)]
}

func (l *loaded) splicedLogs() []jsrt.LogLine {
	var out []jsrt.LogLine
	from := 0
	for _, s := range l.spliced {
		out = append(out, l.rt.Logs[from:s.at]...)
		out = append(out, s.lines...)
		from = s.at
	}
	return append(out, l.rt.Logs[from:]...)
}

// drew says whether the bundle has drawn Math.random in this runtime so far.
func (l *loaded) drew() bool { return l.draws > 0 }
