package devclient

import (
	"context"
	"errors"
	"path/filepath"
	"sync"
	"time"

	"github.com/scapeworld/scape/devclient/watch"
	"github.com/scapeworld/scape/diag"
	"github.com/scapeworld/scape/internal/timeline"
	"github.com/scapeworld/scape/protocol"
	"github.com/scapeworld/scape/typecheck"
)

// Build is one result of the project's incremental build.
type Build struct {
	JS []byte
	// SourceMap maps JS to the project's files for local diagnostics. It is never uploaded.
	SourceMap []byte
	// Inputs are the files the build read (absolute, or relative to the project): what to watch.
	Inputs      []string
	Diagnostics diag.List
	// ModelFile names the project file an embedded model came from (local messages only).
	ModelFile func(data []byte) string
}

// Builder rebuilds the project from what is on disk now. The bundle package's incremental
// context is the production Builder.
type Builder interface {
	Rebuild(ctx context.Context) Build
}

// LocalCheck validates a built bundle before anything is sent; errors among the result stop
// the upload. The validate package is the production check. With a host whose verdict is this
// toolchain's own (the embedded one) the loop needs none: the host's verdict is the check, and
// Explain places its diagnostics afterwards.
type LocalCheck func(ctx context.Context, b Build) diag.List

// Uploader sends builds; *Client with a Session is the production one.
type Uploader interface {
	Upload(ctx context.Context, s *Session, base int, js []byte) (*Revision, error)
}

// Loop is the dev loop: on each batch of saves, rebuild, check locally, upload, report.
// It is sequential on purpose: a build always reads the disk after the saves that triggered
// it, and every save after a build started triggers another build, so the last saved state
// is always the last one built and uploaded, and an older build is never sent after a newer.
// A newer save cancels the upload in flight (or waiting to be retried): it is reported as
// superseded and the newer build goes next, so a hung host never holds the newest state back.
type Loop struct {
	Dir     string
	Builder Builder
	Check   LocalCheck
	// Explain, when set, runs after the host rejected a build Check passed (Check left some of
	// validation to the host, or there is no Check): its errors, placed at the mistake in the
	// project's sources, are the ones reported, since the host's positions are in the bundle.
	// Nil: the host's, remapped. Without a Check it also places the warnings of an accepted
	// build, after the verdict is reported (nothing local stands between a save and its upload).
	Explain LocalCheck
	Upload  Uploader
	Session *Session
	Watcher *watch.Watcher
	Emit    func(Event)
	// Now is the clock for timestamps and latencies.
	Now func() time.Time
	// Backoff is the first retry delay (doubling to MaxBackoff).
	Backoff, MaxBackoff time.Duration
	// Types, when set, type-checks the project (package typecheck; the production one keeps the
	// project's TypeScript warm). It starts once a build has bundled, beside the check and the
	// upload, and is reported after the cycle's verdict (types.go): `scape gizmo build` refuses
	// type errors, dev sends the build and says so.
	Types func(ctx context.Context) typecheck.Status

	emitMu sync.Mutex
	types  typesState

	lastHash string // what the host has as its latest revision from us
	lastRev  int    // that revision's number
	base     int    // the last accepted revision
}

// Run builds once, then on every batch of changes until ctx ends (nil) or the session ends
// (*SessionEnded).
func (l *Loop) Run(ctx context.Context) error {
	if l.Now == nil {
		l.Now = time.Now
	}
	if l.Backoff == 0 {
		l.Backoff = 200 * time.Millisecond
	}
	if l.MaxBackoff == 0 {
		l.MaxBackoff = 5 * time.Second
	}
	if l.Session != nil && l.Session.Active.Number > 0 {
		l.base = l.Session.Active.Number
		l.lastHash = l.Session.Active.SHA256
		l.lastRev = l.base
	}
	defer l.types.wait()
	batch := watch.Batch{First: l.Now()}
	for {
		if err := l.cycle(ctx, batch); err != nil {
			return err
		}
		select {
		case <-ctx.Done():
			return nil
		case <-l.Watcher.Ready:
			b, ok := l.Watcher.Take()
			if !ok {
				continue
			}
			batch = b
		case <-l.Watcher.Errors:
			// Events may have been lost (queue overflow): rebuild from disk to be sure.
			batch = watch.Batch{First: l.Now()}
		}
	}
}

func (l *Loop) emit(e Event) {
	l.emitMu.Lock()
	defer l.emitMu.Unlock()
	e.Time = l.Now()
	if l.Emit != nil {
		l.Emit(e)
	}
}

func (l *Loop) rel(paths []string) []string {
	out := make([]string, 0, len(paths))
	for _, p := range paths {
		if r, err := filepath.Rel(l.Dir, p); err == nil {
			p = filepath.ToSlash(r)
		}
		out = append(out, p)
	}
	return out
}

// cycle answers one batch. It returns only a *SessionEnded or a cancelled context.
func (l *Loop) cycle(ctx context.Context, batch watch.Batch) error {
	timeline.Mark("dev: batch")
	l.emit(Event{Kind: EventBuildStarted, Files: l.rel(batch.Paths)})
	b := l.Builder.Rebuild(ctx)
	timeline.Mark("dev: rebuilt")
	failed := b.Diagnostics.HasErrors()
	l.Watcher.SetInputs(b.Inputs, failed)
	if failed {
		l.failed("build", b.Diagnostics.Errors(), "build failed: nothing was sent")
		return ctx.Err()
	}
	// The type check reads the same files the bundle did, and runs while the rest of the cycle
	// does; what it finds is reported once the cycle has its verdict (report, deferred: every
	// way out of the cycle after this line is a verdict, or no verdict at all).
	types := l.startTypes(ctx)
	defer types.report()
	warnings := b.Diagnostics.Warnings()
	if l.Check != nil {
		problems := l.Check(ctx, b)
		timeline.Mark("dev: checked locally")
		if problems.HasErrors() {
			l.failed("validate", problems.Errors(), "local validation failed: nothing was sent")
			return ctx.Err()
		}
		warnings = append(warnings, problems.Warnings()...)
	}
	hash := protocol.ContentHash(b.JS)
	if hash == l.lastHash {
		l.emit(Event{Kind: EventUnchanged, SHA256: hash, Size: len(b.JS), Revision: l.lastRev, Active: l.base})
		return nil
	}
	if len(warnings) > 0 {
		// Warnings never hold a build back (the contract allows the values); the author sees
		// them once per new build, as `scape gizmo build` prints them.
		l.emit(Event{Kind: EventWarnings, Warnings: warnings})
	}
	delay := l.Backoff
	superseded := func(what string) {
		l.emit(Event{Kind: EventSuperseded, Stage: "upload", SHA256: hash, Size: len(b.JS),
			Message: "a newer save arrived: " + what + ", the newer build is sent instead"})
	}
	for attempt := 1; ; attempt++ {
		rev, newer, err := l.upload(ctx, b.JS)
		if newer {
			superseded("this upload was cancelled")
			return nil
		}
		if err == nil {
			l.verdict(ctx, batch, b, hash, rev)
			return nil
		}
		var ended *SessionEnded
		if errors.As(err, &ended) {
			l.emit(Event{Kind: EventSessionExpired, Reason: ended.Reason, Message: ended.Message})
			return err
		}
		if ctx.Err() != nil {
			return ctx.Err()
		}
		if !IsRetryable(err) {
			l.emit(Event{Kind: EventUploadFailed, Message: err.Error()})
			return nil
		}
		l.emit(Event{Kind: EventRetrying, Attempt: attempt, DelayMS: delay.Milliseconds(), Message: err.Error()})
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(delay):
		case <-l.Watcher.Ready:
			// A newer save arrived while the host was unreachable: this build is stale. Let the
			// next cycle build and send the newer state instead.
			l.requeue()
			superseded("this upload is not retried")
			return nil
		}
		delay = min(delay*2, l.MaxBackoff)
	}
}

// upload sends one build and waits for the host's answer, unless a newer save is ready first:
// then the request is cancelled at once (its context ends, so the connection is dropped and a
// host that hangs costs nothing more) and newer is true. Waiting for a stuck host's answer would
// hold the newest state back for the client's whole timeout.
func (l *Loop) upload(ctx context.Context, js []byte) (rev *Revision, newer bool, err error) {
	uctx, cancel := context.WithCancel(ctx)
	defer cancel()
	type answer struct {
		rev *Revision
		err error
	}
	done := make(chan answer, 1)
	go func() {
		rev, err := l.Upload.Upload(uctx, l.Session, l.base, js)
		done <- answer{rev, err}
	}()
	select {
	case a := <-done:
		return a.rev, false, a.err
	case <-l.Watcher.Ready:
		cancel()
		a := <-done // prompt: the request's context is over
		l.requeue()
		if a.err == nil {
			// The answer won the race: keep the verdict; the newer save builds next anyway.
			return a.rev, false, nil
		}
		return nil, true, a.err
	}
}

// requeue puts back a Ready signal the loop took early, so the next wait sees the batch.
func (l *Loop) requeue() {
	select {
	case l.Watcher.Ready <- struct{}{}:
	default:
	}
}

// failed reports a build that cannot be sent, unless newer saves are already waiting: then it
// most likely read a file mid-write (a checkout, a save-all), and the next build decides.
func (l *Loop) failed(stage string, errs diag.List, msg string) {
	if l.newerWaiting(Event{Stage: stage, Message: "build failed while newer saves were waiting: building again"}) {
		return
	}
	l.emit(Event{Kind: EventBuildFailed, Stage: stage, Errors: errs, Message: msg})
}

// newerWaiting reports e as superseded, and says so, when newer saves are already waiting: a build
// that failed then most likely read a file mid-write, and the next build decides.
func (l *Loop) newerWaiting(e Event) bool {
	if !l.Watcher.Pending() {
		return false
	}
	e.Kind = EventSuperseded
	l.emit(e)
	return true
}

func (l *Loop) verdict(ctx context.Context, batch watch.Batch, b Build, hash string, rev *Revision) {
	latency := ms(l.Now().Sub(batch.First))
	timeline.Mark("dev: verdict")
	l.emit(Event{Kind: EventUploaded, Revision: rev.Number, Size: len(b.JS), SHA256: hash, Duplicate: rev.Duplicate})
	l.lastHash, l.lastRev = hash, rev.Number
	if rev.Status == "accepted" {
		l.base = rev.Number
		l.emit(Event{Kind: EventAccepted, Revision: rev.Number, Active: rev.ActiveRevision, Size: len(b.JS), SHA256: hash, LatencyMS: latency})
		if l.Check == nil {
			// No local check ran before the upload: the host's warnings are the build's, shown
			// once per new build as a local check's would have been, placed by Explain.
			if warnings := rev.Problems.Warnings(); len(warnings) > 0 {
				warnings = remap(warnings, b.SourceMap)
				if l.Explain != nil {
					if local := l.Explain(ctx, b).Warnings(); len(local) > 0 {
						warnings = local
					}
				}
				l.emit(Event{Kind: EventWarnings, Warnings: warnings})
			}
		}
		return
	}
	// With no local check before the upload, a build that read a file mid-write (a save-all, a
	// checkout, an editor's truncate-then-write) reaches the host: its rejection is what a local
	// check's failure would have been, and is treated as one (failed).
	if l.Check == nil && l.newerWaiting(Event{Stage: "validate", Revision: rev.Number, Active: rev.ActiveRevision,
		Message: "rejected while newer saves were waiting: building again"}) {
		return
	}
	errs := remap(rev.Problems, b.SourceMap)
	if l.Explain != nil {
		if local := l.Explain(ctx, b).Errors(); len(local) > 0 {
			// A local check sees no placed instances: the host's reasons about them are its
			// own and come first ("placed but no longer defined"), the local ones after.
			errs = append(placedReasons(errs), local...)
		}
	}
	l.emit(Event{Kind: EventRejected, Revision: rev.Number, Active: rev.ActiveRevision, Size: len(b.JS), SHA256: hash, LatencyMS: latency, Errors: errs})
}

// placedReasons are the errors of a verdict about placed instances (diag.CodeInstance), which
// only the host can judge.
func placedReasons(errs diag.List) diag.List {
	var out diag.List
	for _, d := range errs.Errors() {
		if d.Code == diag.CodeInstance {
			out = append(out, d)
		}
	}
	return out
}
