package world

import "time"

// EventKind names what happened.
type EventKind string

const (
	// Moved: an avatar arrived in a cell by walking or by push (Movement says which).
	Moved EventKind = "moved"
	// Stepped: an arrival on an instance whose definition has step: the host runs step(state,
	// {id: StepID, at: At, movement: Movement}) and hands the effects to AddStepFeedback.
	Stepped EventKind = "step"
	// Traveled: an avatar entered a travel instance and landed on To.
	Traveled EventKind = "traveled"
	// TravelInert: a travel instance did nothing (Reason: cooldown, no linked destination, no
	// free exit).
	TravelInert EventKind = "travel-inert"
	// CooldownEnded: an avatar may travel from Instance again.
	CooldownEnded EventKind = "cooldown-ended"
	// FeedbackExpired: pending feedback reached its duration; the host restores normal output.
	FeedbackExpired EventKind = "feedback-expired"
	// FeedbackCancelled: pending feedback was cancelled early (Reason).
	FeedbackCancelled EventKind = "feedback-cancelled"
	// Removed: an instance left the world.
	Removed EventKind = "removed"
	// Blocked: an avatar's input was refused (Reason), e.g. opposing a blocking push.
	Blocked EventKind = "blocked"
)

// Event is one thing the model did, for the host to act on and tell the tabs about.
type Event struct {
	Kind     EventKind `json:"kind"`
	At       int64     `json:"at,omitempty"`
	Actor    string    `json:"actor,omitempty"`
	Instance string    `json:"instance,omitempty"`
	Floor    Floor     `json:"floor"`
	From     *Cell     `json:"from,omitempty"`
	To       *Cell     `json:"to,omitempty"`
	Movement string    `json:"movement,omitempty"`
	StepID   string    `json:"stepId,omitempty"`
	Feedback string    `json:"feedback,omitempty"`
	Reason   string    `json:"reason,omitempty"`
}

func millis(t time.Time) int64 { return t.UnixMilli() }

func cellp(c Cell) *Cell { return &c }
