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
	// Blocked: an avatar's input was refused (Reason), e.g. opposing a blocking push, or a
	// queued step into something in the way (Cause, Obstacle or By, To).
	Blocked EventKind = "blocked"
	// Waiting: a push or a walk is held by something in the way (Cause, Obstacle or By, To) and is
	// tried again every tick; told once per hold.
	Waiting EventKind = "waiting"
)

// Causes: what was in the way of a move, a push or a travel landing.
const (
	CauseEdge     = "edge"     // the cell is off the grid
	CauseGizmo    = "gizmo"    // an instance that does not let players in (Obstacle)
	CauseAvatar   = "avatar"   // another avatar is in or entering the cell (By)
	CausePush     = "push"     // the push the avatar stands on blocks opposing input
	CauseCooldown = "cooldown" // the travel source is cooling down for this avatar
	CauseLink     = "link"     // a linked travel's group is incomplete
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
	// Direction is the step a Blocked or Waiting event was about.
	Direction Dir `json:"direction,omitempty"`
	// Cause is what was in the way (the Cause… constants); Obstacle the instance and By the
	// avatar's actor that were.
	Cause    string `json:"cause,omitempty"`
	Obstacle string `json:"obstacle,omitempty"`
	By       string `json:"by,omitempty"`
}

func millis(t time.Time) int64 { return t.UnixMilli() }

func cellp(c Cell) *Cell { return &c }
