// Package protocol holds the JSON bodies of the developer-world protocol (docs/protocol.md).
// The reference host (package host) writes them and the dev client (package devclient) reads
// them: declared once, the two sides cannot drift apart.
package protocol

import (
	"crypto/sha256"
	"encoding/hex"
	"time"

	"github.com/scapeworld/scape/diag"
)

// ErrorResponse is the body of every error the host answers, the dev protocol's and the world
// page's API's alike (one envelope): an RFC 6749-style code a client switches on and a sentence
// for people, written twice, as error_description (the dev protocol's name, RFC 6749's) and as
// message (the world page's). The HTTP status is the response's own: no body field repeats it
// ("status" is a revision's verdict in the protocol's answers).
type ErrorResponse struct {
	Code        string `json:"error"`
	Description string `json:"error_description,omitempty"`
	// Interval is set with slow_down: the polling interval, in seconds, from now on.
	Interval int    `json:"interval,omitempty"`
	Message  string `json:"message,omitempty"`
}

// Problem is the envelope of an error: code and sentence.
func Problem(code, sentence string) ErrorResponse {
	return ErrorResponse{Code: code, Description: sentence, Message: sentence}
}

// PairingRequest starts a pairing (POST /api/dev/pairings).
type PairingRequest struct {
	Project string `json:"project"`
	Client  string `json:"client,omitempty"`
}

// PairingResponse is RFC 8628's device authorization response.
type PairingResponse struct {
	DeviceCode              string `json:"device_code"`
	UserCode                string `json:"user_code"`
	VerificationURI         string `json:"verification_uri"`
	VerificationURIComplete string `json:"verification_uri_complete"`
	ExpiresIn               int    `json:"expires_in"`
	Interval                int    `json:"interval"`
}

// TokenRequest polls a pairing (POST /api/dev/token).
type TokenRequest struct {
	DeviceCode string `json:"device_code"`
}

// World names the world a session is scoped to.
type World struct {
	ID   string `json:"id"`
	Name string `json:"name"`
	URL  string `json:"url"`
}

// Session is one approved connection of a project to a world.
type Session struct {
	ID           string    `json:"id"`
	WorldID      string    `json:"world_id"`
	Project      string    `json:"project"`
	CreatedAt    time.Time `json:"created_at"`
	ExpiresAt    time.Time `json:"expires_at"`
	RevokedAt    time.Time `json:"revoked_at,omitzero"`
	RevokeReason string    `json:"revoke_reason,omitempty"`
}

// TokenResponse grants a development session.
type TokenResponse struct {
	AccessToken    string    `json:"access_token"`
	TokenType      string    `json:"token_type"`
	ExpiresIn      int       `json:"expires_in"`
	World          World     `json:"world"`
	ActiveRevision *Revision `json:"active_revision"`
	Session        Session   `json:"session"`
}

// SessionResponse describes the caller's session and the world's state (GET /api/dev/session).
type SessionResponse struct {
	Session        Session   `json:"session"`
	World          World     `json:"world"`
	ActiveRevision *Revision `json:"active_revision"`
}

// Definition is what the world shows of one Gizmo definition of a build.
type Definition struct {
	Type    string `json:"type"`
	Version int    `json:"version"`
	Emoji   string `json:"emoji"`
	Label   string `json:"label"`
	Hint    string `json:"hint,omitempty"`
	// Walkable is the definition's fixed walkability (absent in the definition is false). The
	// host checks the next build against it while instances of the type are placed; nil in a
	// revision recorded before hosts kept it (not checked).
	Walkable *bool `json:"walkable,omitempty"`
}

// ContentHash is a bundle's content_sha256: the hex SHA-256 of its bytes, the upload's
// integrity check and idempotency key.
func ContentHash(js []byte) string {
	sum := sha256.Sum256(js)
	return hex.EncodeToString(sum[:])
}

// UploadRequest carries one whole-project build (POST /api/dev/revisions).
type UploadRequest struct {
	// BaseRevision is the revision the client last saw accepted (0: none).
	BaseRevision int `json:"base_revision"`
	// ContentSHA256 is the hex SHA-256 of Bundle's UTF-8 bytes: the idempotency key.
	ContentSHA256 string `json:"content_sha256"`
	// Bundle is the built JavaScript (assets embedded), without a source map.
	Bundle string `json:"bundle"`
}

// Revision is one uploaded build and its verdict.
type Revision struct {
	Number       int          `json:"revision"`
	Status       string       `json:"status"` // "accepted" or "rejected"
	SHA256       string       `json:"content_sha256"`
	Size         int          `json:"size"`
	BaseRevision int          `json:"base_revision"`
	Project      string       `json:"project"`
	CreatedAt    time.Time    `json:"created_at"`
	Problems     diag.List    `json:"errors"`
	Definitions  []Definition `json:"definitions"`
}

// RevisionResponse is a revision and what is active after it: the answer to an upload and to
// GET /api/dev/revisions/{n}.
type RevisionResponse struct {
	Revision
	ActiveRevision int `json:"active_revision"`
	// Duplicate is true when this bundle was already the latest revision: nothing was created.
	Duplicate bool `json:"duplicate"`
}
