package host

import (
	"context"
	"fmt"
	"sync"

	"github.com/scapeworld/scape/host/engine"
)

// liveSlot holds the active revision's Project: the one the accepted upload's validation built
// (Engine.Load), so the world page never validates the build again. Set when a revision is
// activated; replaced, and the old one closed, by the next.
type liveSlot struct {
	mu   sync.Mutex
	rev  int
	proj engine.Project
}

// set makes p the project of revision rev (nil: none) and closes the one it replaces.
func (l *liveSlot) set(rev int, p engine.Project) {
	l.mu.Lock()
	old := l.proj
	l.rev, l.proj = rev, p
	l.mu.Unlock()
	if old != nil {
		old.Close() // set is never given the project it holds (and projects may not compare)
	}
}

// current is the project held and its revision (nil: none loaded).
func (l *liveSlot) current() (int, engine.Project) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.rev, l.proj
}

// get is revision rev's project, or engine.ErrNotReady while it is being loaded (a host just started).
func (l *liveSlot) get(rev int) (engine.Project, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.proj == nil || l.rev != rev {
		return nil, fmt.Errorf("%w: the build of revision %d is still being loaded", engine.ErrNotReady, rev)
	}
	return l.proj, nil
}

// resume loads the build of revision rev, accepted before this host started, in the background:
// the one Load it gets in this process. Views are placeholders until it is done; then every tab
// is told.
func (s *Server) resume(rev int) {
	go func() {
		ctx, cancel := context.WithTimeout(context.Background(), s.opts.ValidateTimeout)
		defer cancel()
		js, err := s.store.Bundle(ctx, worldID, rev)
		if err != nil {
			s.opts.Logf("loading revision %d: %v", rev, err)
			return
		}
		snap, err := s.judgedWorld(ctx)
		if err != nil {
			s.opts.Logf("loading revision %d: %v", rev, err)
			return
		}
		verdict, proj, err := s.opts.Engine.Load(ctx, js, snap.placed)
		if err != nil || proj == nil {
			msg := fmt.Sprint(err)
			if err == nil && len(verdict.Problems) > 0 {
				msg = verdict.Problems[0].String()
			}
			s.opts.Logf("revision %d no longer loads (%s): its Gizmos are placeholders until a new revision", rev, msg)
			return
		}
		s.revisionsMu.Lock()
		loaded := false
		if s.activeIs(ctx, rev) {
			s.live.set(rev, proj)
			proj, loaded = nil, true
		}
		s.revisionsMu.Unlock()
		if loaded {
			s.reloadGrid(ctx, rev) // the instances derived as blocking until now
		}
		if proj != nil {
			proj.Close() // a newer revision was activated meanwhile
		}
		s.changed(change{Kind: "loaded"})
	}()
}

// activeIs says whether rev is the active revision in the store. The caller holds revisionsMu.
func (s *Server) activeIs(ctx context.Context, rev int) bool {
	w, err := s.store.World(ctx, worldID)
	return err == nil && w.ActiveRevision == rev
}

// project is the active build's project for running author code, with its revision.
func (s *Server) project(ctx context.Context) (Revision, engine.Project, error) {
	rev, ok, err := s.ActiveRevision(ctx)
	if err != nil {
		return Revision{}, nil, err
	}
	if !ok {
		return Revision{}, nil, errNoActive
	}
	p, err := s.live.get(rev.Number)
	return rev, p, err
}
