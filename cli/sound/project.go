package sound

import (
	"context"
	"errors"
	"fmt"

	"github.com/scapeworld/scape/bundle"
	"github.com/scapeworld/scape/cli/cmdutil"
	"github.com/scapeworld/scape/diag"
	"github.com/scapeworld/scape/validate"
)

// projectSounds bundles and validates the project (the same pipeline as `scape gizmo build`,
// without writing a bundle) and returns every definition's static sounds and initial sound
// bank, in definition order then by name. An invalid project comes back as its diagnostics (a
// diag.List, printed as the build prints them); a missing project as a usage error.
func projectSounds(dir string) ([]Sound, error) {
	res, err := bundle.Build(bundle.Options{Dir: dir})
	if err != nil {
		var np *bundle.NotProjectError
		if errors.As(err, &np) {
			return nil, cmdutil.Usage(err)
		}
		return nil, err
	}
	if !res.OK() {
		return nil, res.Diagnostics.Errors()
	}
	rep, err := validate.Check(context.Background(), res.JS, validate.Options{SourceMap: res.SourceMap, CallerRenders: true})
	if err != nil {
		return nil, fmt.Errorf("validating: %w", err)
	}
	if !rep.OK() {
		return nil, rep.Diagnostics.Errors()
	}
	var sounds []Sound
	for i := range rep.Definitions {
		def := &rep.Definitions[i]
		for _, s := range def.DeclaredSounds() {
			sounds = append(sounds, Sound{Definition: def.Type, Name: s.Name, Recipe: s.Recipe})
		}
	}
	return sounds, nil
}

// reportDiagnostics prints an invalid project's diagnostics as `scape gizmo build` would.
func reportDiagnostics(opts *Options, list diag.List) error {
	if err := diag.WriteText(opts.IO.ErrOut, list, diag.TextOptions{Color: !opts.IO.NoColor, Frame: true}); err != nil {
		return err
	}
	return cmdutil.Silent(cmdutil.ExitInvalid)
}
