package sound

import (
	"context"
	"errors"
	"fmt"

	"github.com/scapeworld/scape/bundle"
	"github.com/scapeworld/scape/cli/cmdutil"
	"github.com/scapeworld/scape/diag"
	"github.com/scapeworld/scape/project"
)

// projectSounds bundles and validates the project (package project: the pipeline of `scape
// gizmo build`, author code in a worker with hard limits, without writing a bundle or rendering
// the sounds twice) and returns every definition's static sounds and initial sound bank, in
// definition order then by name. An invalid project comes back as its diagnostics (a diag.List,
// printed as the build prints them); a missing project as a usage error.
func projectSounds(ctx context.Context, dir string) ([]Sound, error) {
	pc, err := project.New(project.Options{Dir: dir, NoRender: true})
	if err != nil {
		var np *bundle.NotProjectError
		if errors.As(err, &np) {
			return nil, cmdutil.Usage(err)
		}
		return nil, err
	}
	defer pc.Close()
	b, err := pc.Rebuild(ctx)
	if err != nil {
		return nil, fmt.Errorf("validating: %w", err)
	}
	if !b.OK() {
		return nil, b.Diagnostics.Errors()
	}
	var sounds []Sound
	defs := b.Definitions()
	for i := range defs {
		def := &defs[i]
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
