package world

import (
	"context"
	"encoding/json"
	"fmt"
	"math"
	"sort"
	"time"
)

// NearbyRadius is how far feedback reaches, in cells (Euclidean between cell centres, same floor):
// "a short-lived effect for nearby participants". The docs give no number; 8 is the largest
// audio range (rangeCells [1, 8]) the examples use.
const NearbyRadius = 8

// FeedbackKind says what caused feedback.
type FeedbackKind string

const (
	StepFeedback     FeedbackKind = "step"
	ReactionFeedback FeedbackKind = "reaction"
)

// Feedback is pending cosmetic output anchored to an instance: who receives it and until when.
type Feedback struct {
	ID         string          `json:"id"`
	Kind       FeedbackKind    `json:"kind"`
	Instance   string          `json:"instance"`
	Floor      Floor           `json:"floor"`
	Cell       Cell            `json:"cell"`
	Initiator  string          `json:"initiator"`
	Recipients []string        `json:"recipients"`
	Until      int64           `json:"until"`
	Revision   int             `json:"revision"`
	Effects    json.RawMessage `json:"effects"`
	until      time.Time
}

func (f *Feedback) drop(actor string) {
	for i, r := range f.Recipients {
		if r == actor {
			f.Recipients = append(f.Recipients[:i:i], f.Recipients[i+1:]...)
			return
		}
	}
}

// Delivery is feedback as sent to its recipients, now: the host pushes For(actor) (Feedback's)
// to each.
type Delivery struct {
	Feedback
	// Haptic is the effects' haptic, delivered to the initiator only: "Only the initiating player
	// receives this optional device feedback."
	Haptic string `json:"haptic,omitempty"`
}

// For is the effects as actor receives them: without haptic unless actor is the initiator
// ("Only the initiating player receives this optional device feedback"); nil when actor is not a
// recipient. It is the one rule for who gets what of feedback: the host's grid and its 'acted'
// events both go through it.
func (f *Feedback) For(actor string) json.RawMessage {
	in := false
	for _, r := range f.Recipients {
		in = in || r == actor
	}
	if !in {
		return nil
	}
	if actor == f.Initiator {
		return f.Effects
	}
	var fields map[string]json.RawMessage
	if json.Unmarshal(f.Effects, &fields) != nil || fields["haptic"] == nil {
		return f.Effects
	}
	delete(fields, "haptic")
	out, _ := json.Marshal(fields)
	return out
}

// nearby are the actors whose avatars are on floor f within NearbyRadius of c, sorted.
func (m *Model) nearby(f Floor, c Cell) []string {
	var out []string
	for id, a := range m.avatars {
		if a.floor == f && math.Hypot(float64(a.cell.X-c.X), float64(a.cell.Y-c.Y)) <= NearbyRadius {
			out = append(out, id)
		}
	}
	sort.Strings(out)
	return out
}

// deliver records feedback of kind for instance p lasting the effects' durationMs and returns
// its delivery. Newer feedback of the same kind on the same instance replaces older ("The host
// restores normal lighting and cancels stale output"), with a FeedbackCancelled event.
func (m *Model) deliver(kind FeedbackKind, p *placed, initiator string, effects json.RawMessage, now time.Time, alwaysInitiator bool) (*Delivery, []Event, error) {
	var shape struct {
		DurationMs float64 `json:"durationMs"`
		Haptic     string  `json:"haptic"`
	}
	if err := json.Unmarshal(effects, &shape); err != nil || shape.DurationMs < 1 || shape.DurationMs > 2000 {
		return nil, nil, errorf(400, "%s feedback for %s: durationMs must be 1–2,000 ms (got %s)", kind, p.ID, effects)
	}
	events := m.cancelFeedback(func(f *Feedback) bool { return f.Instance == p.ID && f.Kind == kind }, "replaced")
	recipients := m.nearby(p.Floor, p.Cell)
	if alwaysInitiator && m.avatars[initiator] != nil {
		found := false
		for _, r := range recipients {
			found = found || r == initiator
		}
		if !found {
			recipients = append(recipients, initiator)
			sort.Strings(recipients)
		}
	}
	m.feedSeq++
	until := now.Add(time.Duration(shape.DurationMs * float64(time.Millisecond)))
	f := &Feedback{ID: fmt.Sprintf("fb-%04d", m.feedSeq), Kind: kind, Instance: p.ID, Floor: p.Floor, Cell: p.Cell, Initiator: initiator,
		Recipients: recipients, Until: millis(until), until: until, Revision: m.revision, Effects: effects}
	m.feedback[f.ID] = f
	d := &Delivery{Feedback: *f, Haptic: shape.Haptic}
	d.Recipients = append([]string(nil), f.Recipients...)
	return d, events, nil
}

// AddStepFeedback records the effects the host's engine returned for a Stepped event (the SDK's
// GizmoStepEffects JSON; null means none, and returns a nil Delivery). Recipients are the nearby
// avatars. Effects for an instance that has gone, or from before the current revision, are
// dropped as stale.
func (m *Model) AddStepFeedback(ev Event, revision int, effects json.RawMessage, now time.Time) (*Delivery, []Event, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	if !present(effects) {
		return nil, nil, nil
	}
	p, ok := m.instances[ev.Instance]
	if !ok || revision != m.revision || ev.Kind != Stepped {
		return nil, nil, nil
	}
	return m.deliver(StepFeedback, p, ev.Actor, effects, now, false)
}

// Reaction mirrors the SDK's GizmoReaction: the feedback JSON as the engine returned it and an
// optional area-removal request.
type Reaction struct {
	Feedback   json.RawMessage `json:"feedback,omitempty"`
	RemoveArea *struct {
		RadiusCells int `json:"radiusCells"`
	} `json:"removeArea,omitempty"`
}

// Applied is the outcome of an accepted action.
type Applied struct {
	Instance Instance `json:"instance"`
	// Removed are the instances the reaction's area removal took; Kept are candidates the actor
	// was not permitted to remove.
	Removed []string `json:"removed,omitempty"`
	Kept    []string `json:"kept,omitempty"`
	// Delivery is the reaction's feedback, nil when it has none.
	Delivery *Delivery `json:"delivery,omitempty"`
	Events   []Event   `json:"events,omitempty"`
	// Transition is what the change of state plays and animates, nil when its outputs could not
	// be derived (the instance then blocks, with its problem).
	Transition *Transition `json:"transition,omitempty"`
}

// Apply commits an accepted action: the instance's new state (from the host's engine, whose SDK
// registry checked the action's permission from the viewer's Access) and its reaction (the SDK's GizmoReaction JSON, or null). Area
// removal: "The host anchors the square at the source on its current floor. The actor must be
// allowed to remove the source, and every candidate is checked separately … State and permitted
// removals commit atomically." The square is every cell within radiusCells of the source in x
// and y, source included. A request beyond the definition's areaRemoval maximum, or without one,
// refuses the whole action (400). A change of an active world link by a non-administrator is
// refused (403). Feedback then goes to the nearby avatars (and the initiator, who always gets
// it), is never replayed to later joiners, and is cancelled by a new revision. A result whose
// Basis is no longer current is refused (409) before anything is checked or written.
func (m *Model) Apply(ctx context.Context, v Viewer, a Acted, now time.Time) (Applied, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	id, state, reaction := a.ID, a.State, a.Reaction
	p, ok := m.instances[id]
	if !ok {
		return Applied{}, errorf(404, "no instance %q", id)
	}
	if err := m.stale(a.Basis, p); err != nil {
		return Applied{}, err
	}
	var r Reaction
	if present(reaction) {
		if err := json.Unmarshal(reaction, &r); err != nil {
			return Applied{}, errorf(400, "%s: the reaction is not a GizmoReaction: %v", id, err)
		}
	}
	next := p.Instance
	next.State = state
	d, derr := m.derive(ctx, next, Environment{Linked: m.linkComplete(p), Previous: p.State})
	var transition *Transition
	if derr == nil {
		transition, d.Transition = d.Transition, nil // the change's, not the instance's
	}
	before := json.RawMessage(nil)
	if p.derived != nil {
		before = p.derived.Navigate
	}
	after := json.RawMessage(nil)
	if derr == nil {
		after = d.Navigate
	}
	if (present(before) || present(after)) && string(rawOrNull(before)) != string(rawOrNull(after)) && !v.Admin {
		return Applied{}, errorf(403, "%s may not change %s (%s): changing an active world link requires world administration", v.ActorID, id, p.Type)
	}
	var gone []*placed
	var kept []string
	if r.RemoveArea != nil {
		max := -1
		if p.derived != nil && p.derived.AreaRemoval != nil {
			max = p.derived.AreaRemoval.RadiusCells
		}
		radius := r.RemoveArea.RadiusCells
		if radius < 0 || radius > max {
			return Applied{}, errorf(400, "%s (%s): removeArea radius %d is beyond its areaRemoval maximum (%d)", id, p.Type, radius, max)
		}
		if can(v, OpRemove, p) == nil {
			for _, q := range m.sorted() {
				if q.Floor != p.Floor || abs(q.Cell.X-p.Cell.X) > radius || abs(q.Cell.Y-p.Cell.Y) > radius {
					continue
				}
				if can(v, OpRemove, q) == nil {
					gone = append(gone, q)
				} else {
					kept = append(kept, q.ID)
				}
			}
		} else {
			kept = append(kept, p.ID)
		}
	}
	change := Change{}
	removingSelf := false
	for _, q := range gone {
		change.Delete = append(change.Delete, q.ID)
		removingSelf = removingSelf || q.ID == p.ID
	}
	if !removingSelf {
		change.Put = []Instance{next}
	}
	if err := m.store.Commit(ctx, change); err != nil {
		return Applied{}, fmt.Errorf("world: saving %s: %w", id, err)
	}
	p.State = state
	if derr != nil {
		p.derived, p.problem = nil, derr.Error()
	} else {
		p.derived, p.problem = &d, ""
	}
	out := Applied{Instance: p.Instance, Kept: kept, Events: m.dropped(ctx, gone), Transition: transition}
	for _, q := range gone {
		out.Removed = append(out.Removed, q.ID)
	}
	if present(r.Feedback) {
		del, events, err := m.deliver(ReactionFeedback, p, v.ActorID, r.Feedback, now, true)
		if err != nil {
			return out, err // committed; the feedback alone is dropped
		}
		out.Delivery = del
		out.Events = append(out.Events, events...)
	}
	return out, nil
}

// cancelFeedback cancels the pending feedback that match, in id order.
func (m *Model) cancelFeedback(match func(*Feedback) bool, reason string) []Event {
	var ids []string
	for id, f := range m.feedback {
		if match(f) {
			ids = append(ids, id)
		}
	}
	sort.Strings(ids)
	events := make([]Event, 0, len(ids))
	for _, id := range ids {
		f := m.feedback[id]
		delete(m.feedback, id)
		events = append(events, Event{Kind: FeedbackCancelled, Instance: f.Instance, Floor: f.Floor, Feedback: id, Reason: reason})
	}
	return events
}

func (m *Model) expireFeedback(now time.Time) []Event {
	var ids []string
	for id, f := range m.feedback {
		if !now.Before(f.until) {
			ids = append(ids, id)
		}
	}
	sort.Strings(ids)
	events := make([]Event, 0, len(ids))
	for _, id := range ids {
		f := m.feedback[id]
		delete(m.feedback, id)
		events = append(events, Event{Kind: FeedbackExpired, At: millis(now), Instance: f.Instance, Floor: f.Floor, Feedback: id})
	}
	return events
}
