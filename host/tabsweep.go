package host

import (
	"context"
	"net/http"
	"time"

	"github.com/scapeworld/scape/internal/human"
	wm "github.com/scapeworld/scape/world"
)

// An avatar stands while its tab is present (sessions.present: a live event stream, or a request
// within leaveGrace); the sweep, run from the world's ticker about once a second of the host's
// clock, makes the others leave and forgets the sessions that are over. A tab that comes back in
// time keeps its avatar; one that comes back later joins again (its stream or its next move).

// sweepEvery is how often (on the host's clock) Tick sweeps the tabs.
const sweepEvery = time.Second

// openSessions starts the tab table over the world's stored actor counter.
func (s *Server) openSessions() error {
	ids, err := openActorIDs(context.Background(), s.store, worldID)
	if err != nil {
		return err
	}
	s.sessions = newSessions(ids, s.opts.Now)
	s.sessions.onEnd = s.tabsEnded
	s.sessions.logf = s.opts.Logf
	s.sessions.invites.logf = s.opts.Logf
	// The invites and people of the last run (invites.go, persons.go): a browser's person secret
	// opens the same actor, a guest's with the same invite.
	if err := s.sessions.invites.restoreInvites(context.Background(), s.store, worldID); err != nil {
		return err
	}
	return s.sessions.restorePeople(context.Background(), s.store, worldID)
}

// tabsEnded closes the event streams of tabs the table ended, makes their avatars leave and
// forgets their remembered settings.
func (s *Server) tabsEnded(actors []string) {
	if len(actors) == 0 {
		return
	}
	for _, a := range actors {
		s.events.end(a)
		s.grid.Leave(a)
		s.remembered.Forget(a)
	}
	s.events.publishGrid()
}

// sweepTabsDue sweeps when sweepEvery has passed since the last sweep (Tick calls it).
func (s *Server) sweepTabsDue(now time.Time) {
	ss := s.sessions
	ss.presence.Lock()
	due := now.Sub(ss.lastSweep) >= sweepEvery || now.Before(ss.lastSweep)
	if due {
		ss.lastSweep = now
	}
	ss.presence.Unlock()
	if due {
		s.sweepTabs()
	}
}

// sweepTabs forgets the sessions that are over and makes the avatars of absent tabs leave.
func (s *Server) sweepTabs() {
	s.sessions.expire()
	defer s.sessions.saveSoon()
	ss := s.sessions
	ss.presence.Lock()
	left := 0
	for _, actor := range s.grid.AvatarActors() {
		if !ss.present(actor) {
			s.grid.Leave(actor)
			left++
		}
	}
	ss.presence.Unlock()
	if left > 0 {
		s.events.publishGrid()
	}
}

// enter gives a present tab its avatar (a stream opened, a tab opened or moving again), and
// tells the tabs when it is new.
func (s *Server) enter(a Actor) error {
	ss := s.sessions
	ss.presence.Lock()
	defer ss.presence.Unlock()
	if !ss.present(a.ID) {
		return &wm.Error{Status: http.StatusUnauthorized, Message: "this tab's session ended: reload the page to join again"}
	}
	if s.grid.HasAvatar(a.ID) {
		return nil
	}
	if _, err := s.grid.Join(a.ID); err != nil {
		return err
	}
	s.events.publishGrid()
	return nil
}

// endTabsOf ends every admin tab of the owner's sign-in (signing out).
func (s *Server) endTabsOf(o owner) {
	if n := len(s.sessions.endOwner(o.tokenHash)); n > 0 {
		s.opts.Logf("owner signed out: %s ended", human.Count(n, "tab"))
	}
}
