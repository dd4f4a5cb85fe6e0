// Package devclient is the client side of `scape gizmo dev`: the pairing (RFC 8628 device
// authorization against a host speaking docs/protocol.md), the upload of whole-project builds,
// and the loop that watches, rebuilds, validates locally and uploads.
//
// The session token lives only inside a Session value, in memory; no method, error or event
// of this package ever contains it.
package devclient

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/url"
	"strings"
	"time"

	"github.com/scapeworld/scape/internal/human"
	"github.com/scapeworld/scape/protocol"
)

// CheckOrigin parses a host origin and refuses plain HTTP to anything but loopback: the
// session token and the project's code would cross the network readable by anyone on the path.
func CheckOrigin(raw string) (*url.URL, error) {
	u, err := url.Parse(strings.TrimRight(raw, "/"))
	if err != nil || u.Host == "" || (u.Scheme != "http" && u.Scheme != "https") {
		return nil, fmt.Errorf("--origin %q is not a URL like https://your-scape-host", raw)
	}
	if u.User != nil {
		return nil, fmt.Errorf("--origin must not carry credentials")
	}
	if u.Scheme == "http" && !protocol.IsLoopback(u.Hostname()) {
		return nil, fmt.Errorf("--origin %s uses plain HTTP to a remote host: the session token and your project would travel unencrypted. Use https://%s (plain http:// is allowed only for loopback: localhost, 127.0.0.1, [::1])", u.Redacted(), u.Host)
	}
	u.Path, u.RawQuery, u.Fragment = strings.TrimRight(u.Path, "/"), "", ""
	return u, nil
}

// Client talks to one host.
type Client struct {
	origin *url.URL
	HTTP   *http.Client
}

// NewClient returns a client for an origin that passed CheckOrigin.
func NewClient(origin string) (*Client, error) {
	u, err := CheckOrigin(origin)
	if err != nil {
		return nil, err
	}
	return &Client{origin: u, HTTP: &http.Client{Timeout: 60 * time.Second}}, nil
}

// Origin is the host's origin.
func (c *Client) Origin() string { return c.origin.String() }

// ProtocolError is an error answer of the host (docs/protocol.md).
type ProtocolError struct {
	Status int `json:"-"`
	protocol.ErrorResponse
}

func (e *ProtocolError) Error() string {
	if e.Description != "" {
		return e.Description
	}
	return fmt.Sprintf("host answered %d %s", e.Status, e.Code)
}

// Retryable says whether the same request may succeed later: 5xx and 429.
func (e *ProtocolError) Retryable() bool {
	return e.Status >= 500 || e.Status == http.StatusTooManyRequests
}

// SessionEnded is returned when the host no longer accepts the session: expired, revoked by
// the owner, replaced by a newer approval, or unknown (the host's data was reset).
type SessionEnded struct{ Reason, Message string }

func (e *SessionEnded) Error() string { return e.Message }

// IsRetryable says whether err is a network fault or a server-side failure worth retrying.
func IsRetryable(err error) bool {
	var pe *ProtocolError
	if errors.As(err, &pe) {
		return pe.Retryable()
	}
	var se *SessionEnded
	if errors.As(err, &se) || errors.Is(err, context.Canceled) || errors.Is(err, context.DeadlineExceeded) {
		return false
	}
	var ue *url.Error
	var ne net.Error
	return errors.As(err, &ue) || errors.As(err, &ne) || errors.Is(err, io.ErrUnexpectedEOF) || errors.Is(err, io.EOF)
}

// do sends a JSON request and decodes a 2xx answer into out.
func (c *Client) do(ctx context.Context, method, path, token string, body, out any) error {
	var rd io.Reader
	sent := 0
	if body != nil {
		var buf bytes.Buffer
		enc := json.NewEncoder(&buf)
		enc.SetEscapeHTML(false) // JavaScript is full of < > &: keep it 1:1
		if err := enc.Encode(body); err != nil {
			return err
		}
		sent = buf.Len()
		rd = &buf
	}
	req, err := http.NewRequestWithContext(ctx, method, c.origin.String()+path, rd)
	if err != nil {
		return err
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Accept", "application/json")
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	resp, err := c.HTTP.Do(req)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	raw, err := io.ReadAll(io.LimitReader(resp.Body, 16<<20))
	if err != nil {
		return err
	}
	if resp.StatusCode >= 300 {
		pe := &ProtocolError{Status: resp.StatusCode}
		if json.Unmarshal(raw, pe) != nil || pe.Code == "" {
			pe.Code = "http_" + fmt.Sprint(resp.StatusCode)
			pe.Description = fmt.Sprintf("host answered %s", resp.Status)
			if resp.StatusCode == http.StatusRequestEntityTooLarge {
				// Not the reference host's JSON (a proxy in front of it, most likely): still say
				// what was refused, and how big it was.
				pe.Code = "request_too_large"
				pe.Description = fmt.Sprintf("the host (or a proxy in front of it) refused the request body of %s as too large (%s)", human.Bytes(sent), resp.Status)
			}
		}
		pe.Status = resp.StatusCode
		if resp.StatusCode == http.StatusUnauthorized && token != "" {
			return &SessionEnded{Reason: pe.Code, Message: pe.Error()}
		}
		return pe
	}
	if out != nil && len(raw) > 0 {
		if err := json.Unmarshal(raw, out); err != nil {
			return fmt.Errorf("host answered %s with unreadable JSON: %w", resp.Status, err)
		}
	}
	return nil
}

// Pairing is a started device authorization.
type Pairing struct {
	protocol.PairingResponse
	// Expires is computed from ExpiresIn when the answer arrived.
	Expires time.Time `json:"-"`
}

// StartPairing asks the host for a user code for project.
func (c *Client) StartPairing(ctx context.Context, project string) (*Pairing, error) {
	var p Pairing
	if err := c.do(ctx, "POST", "/api/dev/pairings", "", protocol.PairingRequest{Project: project, Client: "scape"}, &p); err != nil {
		return nil, err
	}
	if p.Interval < 1 {
		p.Interval = 5
	}
	p.Expires = time.Now().Add(time.Duration(p.ExpiresIn) * time.Second)
	return &p, nil
}

// Errors of WaitForApproval.
var (
	ErrPairingExpired = errors.New("the pairing code expired before it was approved: run the command again for a new code")
	ErrPairingDenied  = errors.New("the world's owner refused the connection")
)

// WaitForApproval polls at the host's interval (slowing down when told) until the owner
// approves, refuses, the code expires or ctx ends.
func (c *Client) WaitForApproval(ctx context.Context, p *Pairing) (*Session, error) {
	interval := time.Duration(p.Interval) * time.Second
	failures := 0
	for {
		select {
		case <-ctx.Done():
			return nil, ctx.Err()
		case <-time.After(interval):
		}
		var tr protocol.TokenResponse
		err := c.do(ctx, "POST", "/api/dev/token", "", protocol.TokenRequest{DeviceCode: p.DeviceCode}, &tr)
		if err == nil {
			return newSession(tr), nil
		}
		var pe *ProtocolError
		if !errors.As(err, &pe) {
			if IsRetryable(err) && failures < 5 && time.Now().Before(p.Expires) {
				failures++
				continue
			}
			return nil, err
		}
		switch pe.Code {
		case "authorization_pending":
		case "slow_down":
			if pe.Interval > 0 {
				interval = time.Duration(pe.Interval) * time.Second
			} else {
				interval += 5 * time.Second
			}
		case "expired_token", "invalid_grant":
			return nil, ErrPairingExpired
		case "access_denied":
			return nil, ErrPairingDenied
		default:
			if pe.Retryable() && failures < 5 {
				failures++
				continue
			}
			return nil, pe
		}
	}
}

// Revision is the host's answer to an upload: the revision and what is active after it.
type Revision = protocol.RevisionResponse

func newSession(t protocol.TokenResponse) *Session {
	s := &Session{token: t.AccessToken, Expires: time.Now().Add(time.Duration(t.ExpiresIn) * time.Second), World: t.World}
	if t.ActiveRevision != nil {
		s.Active = *t.ActiveRevision
	}
	return s
}

// Session is an approved development session. Its token is unexported and never printed:
// String and GoString redact it (value receivers, so a copied Session redacts too).
type Session struct {
	token   string
	Expires time.Time
	World   protocol.World
	// Active is the world's accepted revision when the session began (Number 0: none).
	Active protocol.Revision
}

func (s Session) String() string {
	return fmt.Sprintf("session for %s until %s", s.World.Name, s.Expires.Format(time.RFC3339))
}
func (s Session) GoString() string { return "devclient.Session{token: <redacted>}" }

// Upload sends one build. The host answers with the revision (new, or the existing one for a
// repeated bundle); a 401 becomes *SessionEnded.
func (c *Client) Upload(ctx context.Context, s *Session, base int, js []byte) (*Revision, error) {
	var r Revision
	body := protocol.UploadRequest{BaseRevision: base, ContentSHA256: protocol.ContentHash(js), Bundle: string(js)}
	if err := c.do(ctx, "POST", "/api/dev/revisions", s.token, body, &r); err != nil {
		return nil, err
	}
	return &r, nil
}

// Revoke ends the session on the host.
func (c *Client) Revoke(ctx context.Context, s *Session) error {
	err := c.do(ctx, "DELETE", "/api/dev/session", s.token, nil, nil)
	var se *SessionEnded
	if errors.As(err, &se) {
		return nil // already over
	}
	return err
}

// Status reads the session and the world's accepted revision.
func (c *Client) Status(ctx context.Context, s *Session) (*protocol.Revision, error) {
	var resp protocol.SessionResponse
	if err := c.do(ctx, "GET", "/api/dev/session", s.token, nil, &resp); err != nil {
		return nil, err
	}
	return resp.ActiveRevision, nil
}
