package host

import (
	"context"
	"strings"
	"sync"
	"time"

	"github.com/scapeworld/scape/diag"
	"github.com/scapeworld/scape/host/store"
	"github.com/scapeworld/scape/protocol"
)

// Verdicts follow the world (docs/world.md, "How the host drives it"). A build can be rejected
// only because of what is placed: an instance whose type is no longer defined, whose version
// changed, whose state no longer validates (diag.CodeInstance). Such a revision keeps its
// bundle in the store (the one rejected bundle it keeps, so a restarted host still has it).
// Whenever the placed instances change (a placement, an action, a seed, a removal), the latest
// revision, if it was rejected for such reasons alone, is judged again against the new
// instances; accepted, it is recorded as a new revision with the same bundle and activated like
// any upload, so "remove, then save" needs no save. Still rejected, no new revision is recorded
// (its reasons are the ones the author has). Author code runs in the background, never under a
// lock; one re-judgement at a time, and a change during one asks for another after it. With
// nothing kept (the usual case) a change costs one check of an int under a mutex.

// rejudgeTimeout bounds one re-judgement (validation has its own bound inside).
const rejudgeTimeout = 2 * time.Minute

// rejudger runs at most one re-judgement at a time; again asks for one more after it.
type rejudger struct {
	mu             sync.Mutex
	running, again bool
	stopped        bool
	cancels        context.CancelFunc // the running re-judgement's
	wg             sync.WaitGroup
	// number is the latest revision when it was rejected for placed instances alone (its
	// bundle is in the store), else 0: nothing to judge again.
	number int
}

// rememberRejected notes a revision just recorded: one rejected for placed instances alone is
// judged again when they change; any other revision means there is nothing to judge again.
func (s *Server) rememberRejected(rev protocol.Revision) {
	r := s.rejudgerOf()
	r.mu.Lock()
	defer r.mu.Unlock()
	r.number = 0
	if keepsBundle(rev) {
		r.number = rev.Number
	}
}

// keepsBundle says whether a verdict's bundle is kept to be judged again: rejected, and only
// for placed instances.
func keepsBundle(rev protocol.Revision) bool {
	return rev.Status == "rejected" && instanceOnly(rev.Problems)
}

// rememberLatest notes the stored latest revision at start: a host restarted after such a
// rejection judges it again on the next change, as before the restart.
func (s *Server) rememberLatest(ctx context.Context) error {
	last, err := s.store.LatestRevision(ctx, worldID)
	if store.IsNotFound(err) {
		return nil
	}
	if err != nil {
		return err
	}
	s.rememberRejected(last)
	return nil
}

func (s *Server) rejudgerOf() *rejudger { return &s.rejudge }

// placedChanged is told every change of the placed instances (operations.go): a build refused
// for what was placed may pass now. Cheap when there is no such build.
func (s *Server) placedChanged() { s.rejudgeSoon() }

// rejudgeSoon starts a re-judgement in the background, or asks the running one for another;
// with no rejection kept it returns at once and starts nothing.
func (s *Server) rejudgeSoon() {
	r := s.rejudgerOf()
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.stopped || r.number == 0 {
		return
	}
	if r.running {
		r.again = true
		return
	}
	r.running = true
	r.wg.Add(1)
	go func() {
		defer r.wg.Done()
		for {
			ctx, cancel := context.WithTimeout(context.Background(), rejudgeTimeout)
			r.mu.Lock()
			r.cancels = cancel
			if r.stopped {
				cancel()
			}
			r.mu.Unlock()
			if _, err := s.Rejudge(ctx); err != nil && ctx.Err() == nil {
				s.opts.Logf("judging the latest rejected revision again: %v", err)
			}
			cancel()
			r.mu.Lock()
			r.cancels = nil
			if !r.again || r.stopped {
				r.running = false
				r.mu.Unlock()
				return
			}
			r.again = false
			r.mu.Unlock()
		}
	}()
}

// rejudging says whether a re-judgement is running (tests).
func (r *rejudger) rejudging() bool {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.running
}

// WaitRejudged waits for the background re-judgements (tests).
func (s *Server) WaitRejudged() { s.rejudgerOf().wg.Wait() }

// stopRejudging cancels a running re-judgement, starts no more and waits: a closing host does
// not wait for a validation nobody will see.
func (s *Server) stopRejudging() {
	r := s.rejudgerOf()
	r.mu.Lock()
	r.stopped = true
	if r.cancels != nil {
		r.cancels()
	}
	r.mu.Unlock()
	r.wg.Wait()
}

// instanceOnly says whether every error of a verdict is about placed instances.
func instanceOnly(problems diag.List) bool {
	errs := problems.Errors()
	if len(errs) == 0 {
		return false
	}
	for _, p := range errs {
		if p.Code != diag.CodeInstance {
			return false
		}
	}
	return true
}

// Rejudge judges the latest revision again against the placed instances now, if it was
// rejected for them alone, and records it as a new revision when it passes: the new revision,
// or a zero one when there was nothing to do (or it is still rejected).
func (s *Server) Rejudge(ctx context.Context) (protocol.RevisionResponse, error) {
	resp, _, _, err := s.judgeAgain(ctx)
	return resp, err
}

// judgeAgain is Rejudge, also saying the verdict when it is still rejected (still), or why
// nothing was judged (why: no such rejection, no project connected, no bundle kept).
func (s *Server) judgeAgain(ctx context.Context) (resp protocol.RevisionResponse, still *Revision, why string, err error) {
	last, err := s.store.LatestRevision(ctx, worldID)
	if store.IsNotFound(err) || (err == nil && !keepsBundle(last)) {
		return protocol.RevisionResponse{}, nil, "the latest revision was not rejected for the placed Gizmos alone", nil
	}
	if err != nil {
		return protocol.RevisionResponse{}, nil, "", err
	}
	sess, err := s.store.CurrentDevSession(ctx, worldID, s.opts.Now())
	if err != nil {
		return protocol.RevisionResponse{}, nil, "no project is connected: run scape gizmo dev, whose next save is judged", nil
	}
	js, err := s.store.Bundle(ctx, worldID, last.Number)
	if err != nil || len(js) == 0 {
		// A database from before rejected bundles were kept, or a newer revision came meanwhile.
		return protocol.RevisionResponse{}, nil, "this host no longer has that build: save it again to have it judged", nil
	}
	snap, err := s.judgedWorld(ctx)
	if err != nil {
		return protocol.RevisionResponse{}, nil, "", err
	}
	req := protocol.UploadRequest{BaseRevision: last.BaseRevision, ContentSHA256: last.SHA256, Bundle: string(js)}
	sess.Project = last.Project
	rev, proj, err := s.judge(ctx, sess, req, strings.ToLower(last.SHA256), snap.placed)
	if err != nil {
		return protocol.RevisionResponse{}, nil, "", err
	}
	if rev.Status != "accepted" {
		return protocol.RevisionResponse{}, &rev, "", nil
	}
	s.revisionsMu.Lock()
	if now, err := s.store.LatestRevision(ctx, worldID); err != nil || now.Number != last.Number {
		s.revisionsMu.Unlock()
		proj.Close() // an upload came meanwhile: its verdict stands
		return protocol.RevisionResponse{}, nil, "", err
	}
	resp, status, done, err := s.recordLocked(ctx, sess, rev, proj, req, strings.ToLower(last.SHA256), snap, true)
	s.revisionsMu.Unlock()
	if err != nil || !done || status != 201 {
		return protocol.RevisionResponse{}, nil, "", err // the world changed again: its own change asks again
	}
	s.opts.Logf("revision %d (the bundle of rejected revision %d, judged again against the placed Gizmos now) accepted", resp.Revision.Number, last.Number)
	s.recorded(ctx, resp.Revision)
	return resp, nil, "", nil
}
