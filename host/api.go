package host

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/scapeworld/scape/diag"
	"github.com/scapeworld/scape/host/engine"
	"github.com/scapeworld/scape/host/store"
	"github.com/scapeworld/scape/internal/human"
	"github.com/scapeworld/scape/internal/timeline"
	"github.com/scapeworld/scape/protocol"
	wm "github.com/scapeworld/scape/world"
)

func writeJSON(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("Cache-Control", "no-store")
	w.WriteHeader(status)
	enc := json.NewEncoder(w)
	enc.SetEscapeHTML(false)
	enc.Encode(v)
}

// writeError answers an error in the host's one envelope (protocol.ErrorResponse), for the dev
// protocol and the world API alike.
func writeError(w http.ResponseWriter, status int, code, desc string) {
	writeJSON(w, status, protocol.Problem(code, desc))
}

// codeOf is the envelope's code for a world API refusal's status.
func codeOf(status int) string {
	switch status {
	case http.StatusBadRequest:
		return "invalid_request"
	case http.StatusUnauthorized:
		return "invalid_token"
	case http.StatusForbidden:
		return "access_denied"
	case http.StatusNotFound:
		return "not_found"
	case http.StatusConflict:
		return "conflict"
	case http.StatusRequestEntityTooLarge:
		return "request_too_large"
	case http.StatusUnprocessableEntity:
		return "unprocessable"
	case http.StatusTooManyRequests:
		return "too_many_requests"
	case http.StatusServiceUnavailable:
		return "unavailable"
	}
	return "server_error"
}

// decodeJSON is the host's one body reader: one JSON value from a request body of at most limit
// bytes. A longer body fails with *http.MaxBytesError (see refuseTooLarge), not with a
// truncated-JSON error. Unknown fields are ignored, for both APIs: a client newer than this host
// may send what it does not know yet.
func decodeJSON(w http.ResponseWriter, r *http.Request, limit int64, v any) error {
	body := http.MaxBytesReader(w, r.Body, limit)
	dec := json.NewDecoder(body)
	if err := dec.Decode(v); err != nil {
		return err
	}
	// Read to the end (within the limit): only a request read to its end lets the server notice
	// the client going away, which cancels the request's context — and the validation under it.
	_, err := io.Copy(io.Discard, body)
	return err
}

// bodyLimitMessage is the sentence of every body-size refusal: it names the limit.
func bodyLimitMessage(limit int64) string {
	name := human.Int(int(limit)) + " bytes"
	switch {
	case limit >= 1<<20 && limit%(1<<20) == 0:
		name = fmt.Sprintf("%d MiB", limit>>20)
	case limit >= 1<<10 && limit%(1<<10) == 0:
		name = fmt.Sprintf("%d KiB", limit>>10)
	}
	return fmt.Sprintf("the request body is over the host's %s limit (%s bytes)", name, human.Int(int(limit)))
}

// refuseTooLarge answers 413 request_too_large, naming the limit, when err comes from a body
// that passed it; it reports whether it answered. The rest of the body is never read: the
// connection closes after the answer.
func refuseTooLarge(w http.ResponseWriter, err error) bool {
	var mbe *http.MaxBytesError
	if !errors.As(err, &mbe) {
		return false
	}
	writeError(w, http.StatusRequestEntityTooLarge, "request_too_large", bodyLimitMessage(mbe.Limit))
	return true
}

// ---- pairing

func (s *Server) handlePair(w http.ResponseWriter, r *http.Request) {
	// The per-source bound comes first: a refused request costs the host no more than this.
	source := requestSource(r, s.opts.TrustedProxies)
	if ok, retry, first := s.pairRate.allow(source, s.opts.Now()); !ok {
		wait := seconds(retry)
		if first {
			s.opts.Logf("pairing requests from %s refused: more than %d in a row (one more every %s)", source, PairingBurst, PairingRefill)
		}
		w.Header().Set("Retry-After", strconv.Itoa(wait))
		writeError(w, http.StatusTooManyRequests, "too_many_requests",
			fmt.Sprintf("too many pairing requests from your address: at most %d at once and one more every %d s; try again in %d s", PairingBurst, int(PairingRefill/time.Second), wait))
		return
	}
	var req protocol.PairingRequest
	if err := decodeJSON(w, r, MaxSmallBody, &req); err != nil {
		if refuseTooLarge(w, err) {
			return
		}
		writeError(w, http.StatusBadRequest, "invalid_request", "body must be {\"project\": \"name\"}: "+err.Error())
		return
	}
	req.Project = strings.TrimSpace(req.Project)
	if req.Project == "" || len(req.Project) > 214 {
		writeError(w, http.StatusBadRequest, "invalid_request", "project must be a name of 1-214 characters")
		return
	}
	now := s.opts.Now()
	p := &pairing{project: req.Project, created: now, expires: now.Add(s.opts.CodeTTL), interval: s.opts.PollInterval, worldID: worldID}
	device := s.pairs.add(p, now)
	if device == "" {
		w.Header().Set("Retry-After", "60")
		if now := s.opts.Now(); now.Sub(time.Unix(0, s.fullLogged.Load())) > time.Minute {
			s.fullLogged.Store(now.UnixNano())
			s.opts.Logf("pairing refused: %d codes are waiting for approval", MaxPendingPairings)
		}
		writeError(w, http.StatusTooManyRequests, "too_many_requests", fmt.Sprintf("too many pairings (%d) are waiting for approval on this host; try again in a minute", MaxPendingPairings))
		return
	}
	code := FormatUserCode(p.userCode)
	s.opts.Logf("pairing requested by project %q: code %s", req.Project, code)
	writeJSON(w, http.StatusOK, protocol.PairingResponse{
		DeviceCode:              device,
		UserCode:                code,
		VerificationURI:         s.opts.BaseURL + "/connect",
		VerificationURIComplete: s.opts.BaseURL + "/connect?code=" + code,
		ExpiresIn:               int(s.opts.CodeTTL / time.Second),
		Interval:                seconds(p.interval),
	})
}

func seconds(d time.Duration) int {
	n := int((d + time.Second - 1) / time.Second)
	if n < 1 {
		n = 1
	}
	return n
}

// slowDownStep is RFC 8628's increase of the interval after each too-early poll.
const slowDownStep = 5 * time.Second

func (s *Server) handleToken(w http.ResponseWriter, r *http.Request) {
	var req protocol.TokenRequest
	if err := decodeJSON(w, r, MaxSmallBody, &req); err != nil || req.DeviceCode == "" {
		if refuseTooLarge(w, err) {
			return
		}
		writeError(w, http.StatusBadRequest, "invalid_request", "body must be {\"device_code\": \"…\"}")
		return
	}
	now := s.opts.Now()
	s.pairs.mu.Lock()
	p := s.pairs.byDevice[hashSecret(req.DeviceCode)]
	if p == nil || p.state == pairingIssued {
		s.pairs.mu.Unlock()
		writeError(w, http.StatusBadRequest, "invalid_grant", "unknown or already used device code")
		return
	}
	if !now.Before(p.expires) && p.state != pairingApproved {
		s.pairs.mu.Unlock()
		writeError(w, http.StatusBadRequest, "expired_token", "the pairing code expired before it was approved")
		return
	}
	// Too early: a poll sooner than three quarters of the interval (some slack for network
	// jitter) slows the client down by five seconds, for this and every later poll.
	if !p.lastPoll.IsZero() && now.Sub(p.lastPoll) < p.interval*3/4 {
		p.interval += slowDownStep
		p.lastPoll = now
		iv := seconds(p.interval)
		s.pairs.mu.Unlock()
		writeJSON(w, http.StatusBadRequest, protocol.ErrorResponse{Code: "slow_down", Description: fmt.Sprintf("poll at most every %d s", iv), Interval: iv})
		return
	}
	p.lastPoll = now
	switch p.state {
	case pairingPending:
		s.pairs.mu.Unlock()
		writeError(w, http.StatusBadRequest, "authorization_pending", "waiting for the world's owner to approve the code")
		return
	case pairingDenied:
		p.state = pairingIssued
		s.pairs.mu.Unlock()
		writeError(w, http.StatusBadRequest, "access_denied", "the world's owner refused the connection")
		return
	}
	p.state = pairingIssued
	project := p.project
	s.pairs.mu.Unlock()

	token := newSecret("sgs_")
	sess := DevSession{ID: newSecret("ses_")[:20], WorldID: worldID, Project: project, CreatedAt: now, ExpiresAt: now.Add(s.opts.SessionTTL)}
	if err := s.store.ReplaceDevSession(r.Context(), sess, hashSecret(token), now); err != nil {
		s.internalError(w, "store session", err)
		return
	}
	s.opts.Logf("project %q connected (session %s, expires %s)", project, sess.ID, sess.ExpiresAt.Format(time.RFC3339))
	resp := protocol.TokenResponse{AccessToken: token, TokenType: "Bearer", ExpiresIn: int(s.opts.SessionTTL / time.Second),
		World: s.worldInfo(), Session: sess}
	if rev, ok, err := s.ActiveRevision(r.Context()); err == nil && ok {
		resp.ActiveRevision = &rev
	}
	writeJSON(w, http.StatusOK, resp)
}

func (s *Server) worldInfo() protocol.World {
	return protocol.World{ID: s.world.ID, Name: s.world.Name, URL: s.opts.BaseURL + "/"}
}

func (s *Server) internalError(w http.ResponseWriter, what string, err error) {
	s.opts.Logf("internal error: %s: %v", what, err)
	writeError(w, http.StatusInternalServerError, "server_error", what+" failed; try again")
}

// ---- sessions

func (s *Server) handleSession(w http.ResponseWriter, r *http.Request) {
	sess, ok := s.authenticate(w, r)
	if !ok {
		return
	}
	resp := protocol.SessionResponse{Session: sess, World: s.worldInfo()}
	if rev, ok, err := s.ActiveRevision(r.Context()); err == nil && ok {
		resp.ActiveRevision = &rev
	}
	writeJSON(w, http.StatusOK, resp)
}

func (s *Server) handleRevoke(w http.ResponseWriter, r *http.Request) {
	sess, ok := s.authenticate(w, r)
	if !ok {
		return
	}
	if err := s.store.RevokeDevSession(r.Context(), sess.ID, "stopped", s.opts.Now()); err != nil {
		s.internalError(w, "revoke session", err)
		return
	}
	s.opts.Logf("project %q disconnected (session %s ended by the client)", sess.Project, sess.ID)
	w.WriteHeader(http.StatusNoContent)
}

// ---- revisions

func (s *Server) handleUpload(w http.ResponseWriter, r *http.Request) {
	sess, ok := s.authenticate(w, r)
	if !ok {
		return
	}
	// At most maxUploadsInFlight bodies are read and held at once; the others wait here, unread.
	s.uploadsWaiting.Add(1)
	select {
	case s.uploads <- struct{}{}:
		s.uploadsWaiting.Add(-1)
		defer func() { <-s.uploads }()
	case <-r.Context().Done():
		s.uploadsWaiting.Add(-1)
		return
	}
	var req protocol.UploadRequest
	if err := decodeJSON(w, r, MaxUploadBody, &req); err != nil {
		if refuseTooLarge(w, err) {
			return
		}
		writeError(w, http.StatusBadRequest, "invalid_request", "body must be {\"base_revision\", \"content_sha256\", \"bundle\"}: "+err.Error())
		return
	}
	if !strings.EqualFold(protocol.ContentHash([]byte(req.Bundle)), req.ContentSHA256) {
		writeError(w, http.StatusBadRequest, "hash_mismatch", "content_sha256 does not match the bundle: the upload was damaged; send it again")
		return
	}
	if req.BaseRevision < 0 {
		writeError(w, http.StatusBadRequest, "invalid_request", "base_revision must be 0 or a revision number")
		return
	}
	timeline.Mark("host: upload read")
	resp, status, err := s.submit(r.Context(), sess, req)
	defer timeline.Mark("host: answered")
	if err != nil && r.Context().Err() != nil {
		// The client gave up (a newer save cancelled this upload): its validation stopped
		// with it, nothing was recorded, and nobody is left to answer.
		s.opts.Logf("upload of project %q abandoned by the client before its verdict; nothing recorded", sess.Project)
		return
	}
	if err != nil {
		s.internalError(w, "validate revision", err)
		return
	}
	writeJSON(w, status, resp)
}

// submit validates and records one upload. Author code never runs under a lock: validation runs
// against a snapshot of the placed instances, and the world model records the verdict only if
// the instances are still the ones it validated against (world.Model.Record; otherwise it
// validates again, against the new ones), so the instances a revision was checked against are
// the ones that exist when it activates.
func (s *Server) submit(ctx context.Context, sess DevSession, req protocol.UploadRequest) (protocol.RevisionResponse, int, error) {
	hash := strings.ToLower(req.ContentSHA256)
	s.revisionsMu.Lock()
	dup, ok, err := s.duplicateLocked(ctx, hash)
	s.revisionsMu.Unlock()
	if err != nil || ok {
		return dup, http.StatusOK, err
	}
	snap, err := s.judgedWorld(ctx)
	if err != nil {
		return protocol.RevisionResponse{}, 0, err
	}
	for attempt := 1; ; attempt++ {
		rev, proj, err := s.judge(ctx, sess, req, hash, snap.placed)
		if err != nil {
			return protocol.RevisionResponse{}, 0, err
		}
		s.revisionsMu.Lock()
		resp, status, done, err := s.recordLocked(ctx, sess, rev, proj, req, hash, snap, false)
		s.revisionsMu.Unlock()
		if !done && err == nil {
			// The world changed while the bundle was validated: judge it again.
			snap, err = s.judgedWorld(ctx)
			if err == nil && attempt >= maxJudgements {
				err = fmt.Errorf("the placed instances changed during each of %d validations", attempt)
			}
		}
		timeline.Mark("host: recorded")
		if done && err == nil && status == http.StatusCreated {
			s.recorded(ctx, resp.Revision)
		}
		if done || err != nil {
			return resp, status, err
		}
	}
}

// maxJudgements bounds how often one upload is validated again because the owner changed the
// placed instances meanwhile.
const maxJudgements = 4

// duplicateLocked finds an upload that is the latest revision already: a retried upload whose
// answer was lost. An older identical bundle is a new revision: reverting an edit must activate
// it again. The caller holds revisionsMu.
func (s *Server) duplicateLocked(ctx context.Context, hash string) (protocol.RevisionResponse, bool, error) {
	w, err := s.store.World(ctx, worldID)
	if err != nil {
		return protocol.RevisionResponse{}, false, err
	}
	last, err := s.store.LatestRevision(ctx, worldID)
	if err == nil && last.SHA256 == hash {
		return protocol.RevisionResponse{Revision: last, ActiveRevision: w.ActiveRevision, Duplicate: true}, true, nil
	}
	if err != nil && !store.IsNotFound(err) {
		return protocol.RevisionResponse{}, false, err
	}
	return protocol.RevisionResponse{}, false, nil
}

// judge validates an upload against placed instances, without the world lock: the verdict and,
// for an accepted build, its live project (the caller activates or closes it).
func (s *Server) judge(ctx context.Context, sess DevSession, req protocol.UploadRequest, hash string, placed []wm.Instance) (Revision, engine.Project, error) {
	rev := Revision{Status: "accepted", SHA256: hash, Size: len(req.Bundle), BaseRevision: req.BaseRevision,
		Project: sess.Project, CreatedAt: s.opts.Now(), Problems: diag.List{}, Definitions: []Definition{}}
	if d := protocol.SizeProblem(len(req.Bundle), protocol.MaxBundleBytes); d != nil {
		rev.Status = "rejected"
		rev.Problems = diag.List{*d}
		return rev, nil, nil
	}
	vctx, cancel := context.WithTimeout(ctx, s.opts.ValidateTimeout)
	timeline.Mark("host: judge")
	verdict, proj, err := s.opts.Engine.Load(vctx, []byte(req.Bundle), placed)
	cancel()
	timeline.Mark("host: judged")
	if err != nil {
		return rev, nil, err
	}
	if verdict.Definitions != nil {
		rev.Definitions = verdict.Definitions
	}
	if verdict.Problems != nil {
		rev.Problems = verdict.Problems
	}
	if rev.Problems.HasErrors() {
		rev.Status = "rejected"
		if proj != nil {
			proj.Close()
			proj = nil
		}
	}
	return rev, proj, nil
}

// recordLocked stores a judged revision (and activates it when accepted) if the placed instances
// are still those it was judged against (the world model compares and records, under its lock);
// done is false when they are not. again records the latest revision's own bundle judged anew
// (rejudge.go), which the duplicate check would otherwise answer. The caller holds revisionsMu.
func (s *Server) recordLocked(ctx context.Context, sess DevSession, rev Revision, proj engine.Project, req protocol.UploadRequest, hash string, judged worldSnapshot, again bool) (resp protocol.RevisionResponse, status int, done bool, err error) {
	activated := false
	defer func() {
		if proj != nil && !activated {
			proj.Close() // not recorded as the active build: nothing uses it
		}
	}()
	// An identical upload may have been recorded while this one was judged.
	if dup, ok, err := s.duplicateLocked(ctx, hash); err != nil || (ok && !again) {
		return dup, http.StatusOK, true, err
	}
	accepted := rev.Status == "accepted"
	var walkErr error
	same := func(placed []wm.Instance) bool {
		if walkErr = s.withWalkability(ctx, placed); walkErr != nil {
			return false
		}
		return sameInstances(judged.placed, placed)
	}
	var active int
	record := func() (int, error) {
		w, err := s.store.World(ctx, worldID)
		if err != nil {
			return 0, err
		}
		active = w.ActiveRevision
		// Storing is not cancelled with the request: once validated, the verdict is recorded
		// even if the client went away, so its retry finds it by hash.
		if rev, err = s.store.AddRevision(context.WithoutCancel(ctx), worldID, sess.ID, rev, []byte(req.Bundle), keepsBundle(rev)); err != nil {
			return 0, err
		}
		if accepted {
			active = rev.Number
			s.live.set(rev.Number, proj) // the project this verdict came from serves the world page
			activated = true
		}
		return rev.Number, nil
	}
	done, err = s.grid.Record(accepted, same, record)
	if walkErr != nil {
		return resp, 0, true, walkErr
	}
	if !done || err != nil {
		return resp, 0, done, err
	}
	if accepted {
		// The world derives its instances under the new build after this returns (submit):
		// deriving runs author code.
		s.opts.Logf("revision %d of %q accepted (%d bytes)", rev.Number, rev.Project, rev.Size)
	} else {
		s.opts.Logf("revision %d of %q rejected: %s", rev.Number, rev.Project, rev.Problems.Errors()[0])
	}
	// Under revisionsMu, so two uploads recorded one after the other leave the latest's note.
	s.rememberRejected(rev) // rejudge.go: judged again when the placed instances change
	return protocol.RevisionResponse{Revision: rev, ActiveRevision: active}, http.StatusCreated, true, nil
}

// recorded tells the world of a revision just recorded: an accepted one's build is loaded for
// the grid, and every tab hears of it.
func (s *Server) recorded(ctx context.Context, rev protocol.Revision) {
	if rev.Status == "accepted" {
		s.reloadGrid(ctx, rev.Number)
		timeline.Mark("host: grid reloaded")
	}
	s.changed(change{Kind: "revision", Revision: rev.Number, Status: rev.Status})
}

// worldSnapshot is what an upload is judged against: the placed instances, each with its type's
// walkability in the active build, and that active revision. A verdict is recorded only if the
// placed instances, walkability included, are still the same (a new active revision that leaves
// them as they were does not change the verdict, so concurrent uploads do not judge again).
type worldSnapshot struct {
	placed []wm.Instance
	active int
}

// judgedWorld reads the world an upload is judged against: the model's placed instances.
func (s *Server) judgedWorld(ctx context.Context) (worldSnapshot, error) {
	w, err := s.store.World(ctx, worldID)
	if err != nil {
		return worldSnapshot{}, err
	}
	placed := s.grid.Instances()
	if err := s.withWalkability(ctx, placed); err != nil {
		return worldSnapshot{}, err
	}
	return worldSnapshot{placed: placed, active: w.ActiveRevision}, nil
}

// sameInstances says whether two listings of the placed instances are the same instances in the
// same states, with the same walkability.
func sameInstances(a, b []wm.Instance) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i].ID != b[i].ID || a[i].Type != b[i].Type || a[i].Version != b[i].Version || !bytes.Equal(a[i].State, b[i].State) {
			return false
		}
		if (a[i].Walkable == nil) != (b[i].Walkable == nil) || (a[i].Walkable != nil && *a[i].Walkable != *b[i].Walkable) {
			return false
		}
	}
	return true
}

// withWalkability sets each placed instance's Walkable to its type's in the active build, so the
// validator can refuse a build that changes it while they are placed ("Changing fixed
// walkability also requires removing placed instances"). The rule itself is the SDK's.
func (s *Server) withWalkability(ctx context.Context, placed []wm.Instance) error {
	if len(placed) == 0 {
		return nil
	}
	active, err := s.store.ActiveRevision(ctx, worldID)
	if store.IsNotFound(err) {
		return nil
	}
	if err != nil {
		return err
	}
	for i := range placed {
		for _, d := range active.Definitions {
			if d.Type == placed[i].Type && d.Walkable != nil {
				walkable := *d.Walkable
				placed[i].Walkable = &walkable
			}
		}
	}
	return nil
}

func (s *Server) handleRevision(w http.ResponseWriter, r *http.Request) {
	if _, ok := s.authenticate(w, r); !ok {
		return
	}
	n, err := strconv.Atoi(r.PathValue("n"))
	if err != nil || n < 1 {
		writeError(w, http.StatusNotFound, "not_found", "no such revision")
		return
	}
	rev, err := s.store.Revision(r.Context(), worldID, n)
	if store.IsNotFound(err) {
		writeError(w, http.StatusNotFound, "not_found", "no such revision")
		return
	}
	if err != nil {
		s.internalError(w, "read revision", err)
		return
	}
	wd, err := s.store.World(r.Context(), worldID)
	if err != nil {
		s.internalError(w, "read world", err)
		return
	}
	writeJSON(w, http.StatusOK, protocol.RevisionResponse{Revision: rev, ActiveRevision: wd.ActiveRevision})
}

var errNoActive = errors.New("no accepted build yet")
