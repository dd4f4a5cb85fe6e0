package host

import (
	"context"
	"strings"
	"sync"
	"time"

	"github.com/scapeworld/scape/diag"
	"github.com/scapeworld/scape/protocol"
)

// Verdicts follow the world (docs/world.md, "How the host drives it"). A build can be rejected
// only because of what is placed: an instance whose type is no longer defined, whose version
// changed, whose state no longer validates (diag.CodeInstance). When the placed instances
// change (a removal), the latest revision, if it was rejected for such reasons alone, is judged
// again against the new instances; accepted, it is recorded as a new revision with the same
// bundle and activated like any upload, so "remove, then save" needs no save. Still rejected, no
// new revision is recorded (its reasons are the ones the author has). Author code runs in the
// background, never under a lock; one re-judgement at a time, and a removal during one asks
// for another after it.

// rejudgeTimeout bounds one re-judgement (validation has its own bound inside).
const rejudgeTimeout = 2 * time.Minute

// rejudger runs at most one re-judgement at a time; again asks for one more after it.
type rejudger struct {
	mu             sync.Mutex
	running, again bool
	stopped        bool
	cancels        context.CancelFunc // the running re-judgement's
	wg             sync.WaitGroup
	// number and bundle are the latest revision's bundle when it was rejected for placed
	// instances alone: the store keeps no rejected build's code, so the host holds this one
	// (at most one bundle, 1 MiB) until a newer revision; a restarted host waits for a save.
	number int
	bundle string
}

// rememberRejected keeps the bundle of a revision just recorded, if it may pass once the placed
// instances change; any other revision forgets the one kept.
func (s *Server) rememberRejected(rev protocol.Revision, bundle string) {
	r := s.rejudgerOf()
	r.mu.Lock()
	defer r.mu.Unlock()
	r.number, r.bundle = 0, ""
	if rev.Status == "rejected" && instanceOnly(rev.Problems) {
		r.number, r.bundle = rev.Number, bundle
	}
}

// kept is the bundle kept for revision n, if it is the one kept.
func (r *rejudger) kept(n int) (string, bool) {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.bundle, r.number == n && n != 0
}

func (s *Server) rejudgerOf() *rejudger { return &s.rejudge }

// rejudgeSoon starts a re-judgement in the background, or asks the running one for another.
func (s *Server) rejudgeSoon() {
	r := s.rejudgerOf()
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.stopped {
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
	last, err := s.store.LatestRevision(ctx, worldID)
	if err != nil || last.Status != "rejected" || !instanceOnly(last.Problems) {
		return protocol.RevisionResponse{}, nil
	}
	sess, err := s.store.CurrentDevSession(ctx, worldID, s.opts.Now())
	if err != nil {
		return protocol.RevisionResponse{}, nil // no project connected: its next upload is judged
	}
	js, ok := s.rejudgerOf().kept(last.Number)
	if !ok {
		return protocol.RevisionResponse{}, nil
	}
	snap, err := s.judgedWorld(ctx)
	if err != nil {
		return protocol.RevisionResponse{}, err
	}
	req := protocol.UploadRequest{BaseRevision: last.BaseRevision, ContentSHA256: last.SHA256, Bundle: js}
	sess.Project = last.Project
	rev, proj, err := s.judge(ctx, sess, req, strings.ToLower(last.SHA256), snap.placed)
	if err != nil || rev.Status != "accepted" {
		return protocol.RevisionResponse{}, err
	}
	s.revisionsMu.Lock()
	if now, err := s.store.LatestRevision(ctx, worldID); err != nil || now.Number != last.Number {
		s.revisionsMu.Unlock()
		proj.Close() // an upload came meanwhile: its verdict stands
		return protocol.RevisionResponse{}, err
	}
	resp, status, done, err := s.recordLocked(ctx, sess, rev, proj, req, strings.ToLower(last.SHA256), snap, true)
	s.revisionsMu.Unlock()
	if err != nil || !done || status != 201 {
		return protocol.RevisionResponse{}, err // the world changed again: its own change asks again
	}
	s.rememberRejected(resp.Revision, "")
	s.opts.Logf("revision %d (the bundle of rejected revision %d, judged again after the placed Gizmos changed) accepted", resp.Revision.Number, last.Number)
	s.reloadGrid(ctx, resp.Revision.Number)
	s.changed(change{Kind: "revision", Revision: resp.Revision.Number, Status: resp.Revision.Status})
	return resp, nil
}
