package validate

import (
	"context"
	"time"

	"github.com/scapeworld/scape/bundle"
	"github.com/scapeworld/scape/jsrt"
)

// RenderSounds renders the sounds of a valid report that Check left to its caller
// (Options.CallerRenders), adding their diagnostics to rep exactly as Check would have, and the
// time to rep.Sounds and rep.Duration. js and opts are those the report was checked with.
//
// It lets the isolation worker (package isolate) hold rendering — Go code under the audio
// budget — to a time budget of its own, apart from the author code's.
func RenderSounds(ctx context.Context, js []byte, opts Options, rep *Report) {
	if rep == nil || !rep.OK() {
		return
	}
	script, err := jsrt.CachedScript(bundle.ScriptName, js, opts.SourceMap)
	if err != nil {
		return // Check already reported it; a report with definitions compiled
	}
	start := time.Now()
	checkSounds(ctx, opts, rep, &loaded{script: script})
	d := time.Since(start)
	rep.Sounds += d
	rep.Duration += d
}
