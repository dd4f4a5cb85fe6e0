package host_test

import (
	"context"
	"encoding/json"
	"strings"
	"testing"
	"time"

	"github.com/scapeworld/scape/host/engine"
	"github.com/scapeworld/scape/host/hosttest"
	"github.com/scapeworld/scape/world"
)

// buzzerSource is a definition whose reaction carries every kind of share: a burst and a sound
// for the nearby players, a haptic for the presser only.
const buzzerSource = `import { defineObject, record, exactKeys } from '@scape/sdk';

export const buzzer = defineObject<{ n: number }>({
  type: 'test.buzzer', version: 1, emoji: '📳', label: 'Buzzer', hint: 'buzzes the presser',
  initial: () => ({ n: 0 }),
  valid: (s): s is { n: number } => record(s) && exactKeys(s, ['n']) && Number.isSafeInteger(s.n),
  actions: { press: { permission: 'participant', run: (s) => ({ n: s.n + 1 }) } },
  react: () => ({
    feedback: { durationMs: 600, haptic: 'heavy', burst: { color: '#ff8800', radiusCells: 1, particles: 0 } },
  }),
});
`

// shareWorld is a host with the real engine and the buzzer accepted, with the owner's tab.
func shareWorld(t *testing.T) (*fixture, *tab) {
	t.Helper()
	f := &fixture{t: t, clock: &clock{t: time.Now().UTC()}, val: &hosttest.JSONValidator{}, real: engine.NewChecker(), tokens: make(chan string, 16), dir: t.TempDir()}
	t.Cleanup(f.real.Close)
	f.start()
	o := f.owner()
	tok := f.pair(o)
	if r, _ := f.upload(tok, 0, string(templateBundle(t, nil, map[string]string{"buzzer": buzzerSource}))); r.Status != "accepted" {
		t.Fatalf("buzzer bundle: %+v", r)
	}
	return f, ownerTab(t, o)
}

// actedEvent is an 'acted' event as a tab's stream carries it.
type actedEvent struct {
	Instance string
	Actor    string
	Reaction *struct {
		Feedback    map[string]json.RawMessage
		RemoveArea  json.RawMessage
		Undelivered bool
	}
}

// TestActedEventCarriesEachViewersShare: a participant presses the buzzer; its own tab's 'acted'
// event carries the whole reaction, haptic included; the owner's tab nearby gets the burst but
// no haptic; a tab on the other floor gets the event (the instance changed) with only word that
// feedback did not reach it, no content at
// all. The grid's feedback follows the same rule.
func TestActedEventCarriesEachViewersShare(t *testing.T) {
	f, owner := shareWorld(t)
	presser := invited(t, owner, "participant")
	away := invited(t, owner, "participant")
	if st, msg := away.call("POST", "/api/world/floor", map[string]any{"floor": world.Basement}, nil); st != 200 {
		t.Fatalf("floor: %d %s", st, msg)
	}
	buzzer := owner.place("test.buzzer", 12, 5) // within 8 cells of the spawn, where both joined
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	tabs := []*tab{presser, owner, away}
	streams := make([]<-chan [2]string, len(tabs))
	for i, tb := range tabs {
		streams[i] = sse(t, ctx, f.http.URL, tb.token)
		waitEvent(t, streams[i], "world", nil)
	}
	var answer struct{ Reaction json.RawMessage }
	if st, msg := presser.call("POST", "/api/world/instances/"+buzzer+"/act", map[string]any{"name": "press", "payload": map[string]any{}}, &answer); st != 200 {
		t.Fatalf("press: %d %s", st, msg)
	}
	if !strings.Contains(string(answer.Reaction), `"haptic":"heavy"`) {
		t.Fatalf("the presser's answer lacks its haptic: %s", answer.Reaction)
	}
	got := make([]actedEvent, len(tabs))
	for i := range tabs {
		waitEvent(t, streams[i], "acted", &got[i])
		if got[i].Instance != buzzer || got[i].Actor != presser.actor {
			t.Fatalf("tab %d: acted event %+v, want %s by %s", i, got[i], buzzer, presser.actor)
		}
	}
	mine, near, far := got[0].Reaction, got[1].Reaction, got[2].Reaction
	if mine == nil || string(mine.Feedback["haptic"]) != `"heavy"` || mine.Feedback["burst"] == nil {
		t.Fatalf("the presser's event: %+v, want its haptic and burst", mine)
	}
	if near == nil || near.Feedback["burst"] == nil {
		t.Fatalf("the nearby owner's event: %+v, want the burst", near)
	}
	if h, ok := near.Feedback["haptic"]; ok {
		t.Fatalf("the nearby owner's event carries the presser's haptic %s", h)
	}
	if far != nil && (far.Feedback != nil || !far.Undelivered) {
		t.Fatalf("the tab on the other floor got more than word of undelivered feedback: %+v", far)
	}
	// The grid's pending feedback: the same shares. Every grid a stream sends after its 'acted'
	// event was made after the action; a tab joining makes each stream send one.
	invited(t, owner, "participant")
	for i := range tabs {
		var g struct {
			Feedback []struct {
				Instance string
				Effects  map[string]json.RawMessage
			}
		}
		waitEvent(t, streams[i], "grid", &g)
		var fx map[string]json.RawMessage
		for _, p := range g.Feedback {
			if p.Instance == buzzer {
				fx = p.Effects
			}
		}
		_, haptic := fx["haptic"]
		switch {
		case i == 0 && !haptic, i == 1 && (fx == nil || haptic), i == 2 && fx != nil:
			t.Fatalf("tab %d's grid feedback: %v", i, fx)
		}
	}
}
