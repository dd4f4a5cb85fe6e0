package devclient

import (
	"encoding/json"
	"time"

	"github.com/scapeworld/scape/diag"
)

// Kind names an event of the dev loop; with --json each is one line `{"event": kind, …}`.
type Kind string

const (
	EventPairing        Kind = "pairing"         // Code, Link, ExpiresIn: show them to the owner
	EventPaired         Kind = "paired"          // World, Link, Expires: the session began
	EventWorld          Kind = "world"           // Link: open the world (embedded host sign-in link)
	EventBuildStarted   Kind = "build_started"   // Files: what changed (empty for the first build)
	EventBuildFailed    Kind = "build_failed"    // Stage ("build" or "validate"), Errors: nothing was sent
	EventUnchanged      Kind = "unchanged"       // Revision (the last upload, which the build equals), Active: nothing sent
	EventWarnings       Kind = "warnings"        // Warnings: allowed values that are likely mistakes; the build is sent
	EventSuperseded     Kind = "superseded"      // Stage "build"/"validate": a failed build with newer saves waiting, not reported; "upload": the upload was cancelled for a newer save (SHA256, Size)
	EventUploaded       Kind = "uploaded"        // Revision, Size, SHA256, Duplicate
	EventAccepted       Kind = "accepted"        // Revision, Size, LatencyMS: now active
	EventRejected       Kind = "rejected"        // Revision, Active, Errors, LatencyMS: the previous build stays
	EventRetrying       Kind = "retrying"        // Attempt, DelayMS, Message: a network fault or 5xx
	EventUploadFailed   Kind = "upload_failed"   // Message: the host refused the request itself
	EventSessionExpired Kind = "session_expired" // Reason, Message: pair again to continue
	EventStopped        Kind = "stopped"         // Message: the session was revoked
	EventTypes          Kind = "types"           // Errors (type errors, which `scape gizmo build` refuses), Message; after a verdict, nothing held back
)

// Event is one thing that happened in the dev loop, as data. Renderers (terminal, JSON) live
// with the command.
type Event struct {
	Time      time.Time `json:"-"`
	Kind      Kind      `json:"event"`
	Code      string    `json:"code,omitempty"`
	Link      string    `json:"link,omitempty"`
	ExpiresIn int       `json:"expires_in,omitempty"`
	World     string    `json:"world,omitempty"`
	Expires   string    `json:"expires,omitempty"`
	Files     []string  `json:"files,omitempty"`
	Stage     string    `json:"stage,omitempty"`
	Revision  int       `json:"revision,omitempty"`
	Active    int       `json:"active_revision,omitempty"`
	Size      int       `json:"size,omitempty"`
	SHA256    string    `json:"content_sha256,omitempty"`
	Duplicate bool      `json:"duplicate,omitempty"`
	LatencyMS *int64    `json:"latency_ms,omitempty"`
	Attempt   int       `json:"attempt,omitempty"`
	DelayMS   int64     `json:"delay_ms,omitempty"`
	Reason    string    `json:"reason,omitempty"`
	Message   string    `json:"message,omitempty"`
	Errors    diag.List `json:"errors,omitempty"`
	Warnings  diag.List `json:"warnings,omitempty"`
}

// MarshalJSON puts the millisecond timestamp first: {"time":"2026-11-30T12:00:00.123Z",…}.
func (e Event) MarshalJSON() ([]byte, error) {
	type plain Event
	body, err := json.Marshal(plain(e))
	if err != nil {
		return nil, err
	}
	stamp, _ := json.Marshal(e.Time.UTC().Format("2006-01-02T15:04:05.000Z07:00"))
	out := append([]byte(`{"time":`), stamp...)
	if len(body) > 2 {
		out = append(out, ',')
		out = append(out, body[1:]...)
	} else {
		out = append(out, '}')
	}
	return out, nil
}

func ms(d time.Duration) *int64 {
	v := d.Milliseconds()
	return &v
}
