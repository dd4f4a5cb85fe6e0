package host

import (
	"crypto/rand"
	"crypto/sha256"
	"crypto/subtle"
	"encoding/base64"
	"encoding/hex"
	"net/http"
	"strings"

	"github.com/scapeworld/scape/host/store"
	"github.com/scapeworld/scape/protocol"
)

// Credentials: every kind a request can carry is minted, hashed and read here (docs/security.md).
// The owner's one-time token and its sign-in cookie (named by the world's uid) with its CSRF token;
// the pairing's user code; the dev session's bearer token; a tab's bearer token and its one-use
// stream ticket. Secrets are random (newSecret) and stored only as SHA-256 hashes (hashSecret).
// The tables that hold them stay with their lifetimes: pairings (pairing.go), tab sessions and
// people (sessions.go, persons.go), invites (invites.go), sign-ins and dev sessions (host/store).

// newSecret returns 32 random bytes as URL-safe text with a recognisable prefix, so a leaked
// token is easy to spot in a log or a secret scanner.
func newSecret(prefix string) string {
	b := make([]byte, 32)
	if _, err := rand.Read(b); err != nil {
		panic(err)
	}
	return prefix + base64.RawURLEncoding.EncodeToString(b)
}

func hashSecret(s string) string {
	sum := sha256.Sum256([]byte(s))
	return hex.EncodeToString(sum[:])
}

// userCodeAlphabet has no vowels (no words), no digits and none of the letters people confuse
// (I/L, O/0, U/V): RFC 8628 section 6.1's base-20 alphabet.
const userCodeAlphabet = "BCDFGHJKLMNPQRSTVWXZ"

const userCodeLen = 8

// newUserCode returns eight letters from the alphabet, without modulo bias.
func newUserCode() string {
	var b strings.Builder
	buf := make([]byte, 1)
	for b.Len() < userCodeLen {
		if _, err := rand.Read(buf); err != nil {
			panic(err) // crypto/rand never fails on Linux; a host without entropy must not run
		}
		if int(buf[0]) >= 256/len(userCodeAlphabet)*len(userCodeAlphabet) {
			continue
		}
		b.WriteByte(userCodeAlphabet[int(buf[0])%len(userCodeAlphabet)])
	}
	return b.String()
}

// NormalizeUserCode turns what a person typed ("bcdf ghjk", "BCDF-GHJK") into the stored form.
// It returns "" when the input cannot be a code at all.
func NormalizeUserCode(s string) string {
	var b strings.Builder
	for _, r := range strings.ToUpper(s) {
		switch {
		case r == '-' || r == ' ' || r == '\t':
			continue
		case strings.ContainsRune(userCodeAlphabet, r):
			b.WriteRune(r)
		default:
			return ""
		}
	}
	if b.Len() != userCodeLen {
		return ""
	}
	return b.String()
}

// FormatUserCode shows a code as two groups of four: BCDF-GHJK.
func FormatUserCode(code string) string {
	if len(code) != userCodeLen {
		return code
	}
	return code[:4] + "-" + code[4:]
}

// rotateOwnerToken mints a new one-time owner sign-in token and announces it.
func (s *Server) rotateOwnerToken() {
	tok := newSecret("sot_")
	s.ownerMu.Lock()
	s.ownerTok = hashSecret(tok)
	s.ownerMu.Unlock()
	if s.opts.OnOwnerToken != nil {
		s.opts.OnOwnerToken(tok)
	}
}

// consumeOwnerToken reports whether tok is the current owner token and, if so, spends it
// (unless it lasts: LastingOwnerToken on a loopback host).
func (s *Server) consumeOwnerToken(tok string) bool {
	lasting := s.opts.LastingOwnerToken && protocol.IsLoopbackOrigin(s.opts.BaseURL)
	s.ownerMu.Lock()
	ok := tok != "" && hashSecret(tok) == s.ownerTok
	if ok && !lasting {
		s.ownerTok = "" // spent; a new one follows
	}
	s.ownerMu.Unlock()
	if ok && !lasting {
		s.rotateOwnerToken()
	}
	return ok
}

// A world's uid tells it apart from every other world on the machine. Browsers send the cookies
// of 127.0.0.1 to every port of it (cookies are scoped by host, not port), so two local worlds
// that used one cookie name overwrote and signed out each other, and each read the other's
// cookie. The uid is made once per data directory, at random, and kept in the database with the
// world: the owner cookie's name carries it (ownerCookieName), so each world reads and deletes
// only its own cookie, and its value is a secret only this world's database knows (host/store
// keeps the uid).

// ownerCookiePrefix starts every world's owner cookie name; the rest is its uid's first 12 hex
// digits (48 bits: two worlds of one machine colliding is out of reach).
const ownerCookiePrefix = "scape_owner_"

// ownerCookieName is the owner cookie of the world with this uid.
func ownerCookieName(uid string) string { return ownerCookiePrefix + uid[:12] }

// OwnerCookie is the name of this world's owner cookie (tests and tools that drive the owner's
// browser session look for it).
func (s *Server) OwnerCookie() string { return s.ownerCookie }

// owner reads the owner's sign-in cookie: this world's only (another world's is not read).
func (s *Server) owner(r *http.Request) (owner, bool) {
	c, err := r.Cookie(s.ownerCookie) // only this world's: another world's cookie is not read
	if err != nil || c.Value == "" {
		return owner{}, false
	}
	h := hashSecret(c.Value)
	csrf, err := s.store.OwnerSession(r.Context(), h, s.opts.Now())
	if err != nil {
		return owner{}, false
	}
	return owner{tokenHash: h, csrf: csrf}, true
}

// requireOwner returns the owner of a form POST after checking its CSRF token, or answers 403.
func (s *Server) requireOwner(w http.ResponseWriter, r *http.Request) (owner, bool) {
	o, ok := s.owner(r)
	if !ok {
		http.Error(w, "sign in first", http.StatusForbidden)
		return owner{}, false
	}
	if !parseForm(w, r) {
		return owner{}, false
	}
	if subtle.ConstantTimeCompare([]byte(r.PostFormValue("csrf")), []byte(o.csrf)) != 1 {
		http.Error(w, "this form is stale or was sent from another site: reload the page", http.StatusForbidden)
		return owner{}, false
	}
	return o, true
}

// authenticate resolves the bearer token to a live session, or writes the 401 and returns false.
func (s *Server) authenticate(w http.ResponseWriter, r *http.Request) (DevSession, bool) {
	auth := r.Header.Get("Authorization")
	tok, ok := strings.CutPrefix(auth, "Bearer ")
	if !ok || tok == "" {
		w.Header().Set("WWW-Authenticate", `Bearer realm="scape-dev"`)
		writeError(w, http.StatusUnauthorized, "invalid_token", "missing bearer token: pair first")
		return DevSession{}, false
	}
	sess, err := s.store.DevSessionByToken(r.Context(), hashSecret(tok))
	if store.IsNotFound(err) {
		w.Header().Set("WWW-Authenticate", `Bearer realm="scape-dev", error="invalid_token"`)
		writeError(w, http.StatusUnauthorized, "invalid_token", "unknown session token: pair again")
		return DevSession{}, false
	}
	if err != nil {
		s.internalError(w, "read session", err)
		return DevSession{}, false
	}
	if !sess.RevokedAt.IsZero() {
		desc := "the session was revoked: pair again"
		switch sess.RevokeReason {
		case "replaced":
			desc = "another project was connected to this world: pair again"
		case "disconnected":
			desc = "the world's owner disconnected this project: pair again"
		case "stopped":
			desc = "the session was ended by the dev command: pair again"
		}
		writeError(w, http.StatusUnauthorized, "session_revoked", desc)
		return DevSession{}, false
	}
	if !s.opts.Now().Before(sess.ExpiresAt) {
		writeError(w, http.StatusUnauthorized, "session_expired", "the two-hour development session expired: pair again")
		return DevSession{}, false
	}
	return sess, true
}

// tab is the session of an API request: its bearer token, from the Authorization header only
// (a token in a URL reaches logs, history and Referer headers).
func (s *Server) tab(r *http.Request) (Actor, bool) {
	tok := ""
	if h := r.Header.Get("Authorization"); strings.HasPrefix(h, "Bearer ") {
		tok = strings.TrimPrefix(h, "Bearer ")
	}
	return s.sessions.lookup(tok)
}

// streamTab is the session of an event stream: the bearer token, or a stream ticket (an
// EventSource cannot set headers; the ticket in its URL is spent on first use and short-lived).
func (s *Server) streamTab(r *http.Request) (Actor, bool) {
	if r.Header.Get("Authorization") != "" {
		return s.tab(r)
	}
	return s.sessions.redeemTicket(r.URL.Query().Get("ticket"))
}

// ownerCSRF is the signed-in owner of r when it carries the owner's cookie and CSRF token
// (header).
func (s *Server) ownerCSRF(r *http.Request) (owner, bool) {
	o, ok := s.owner(r)
	return o, ok && subtle.ConstantTimeCompare([]byte(r.Header.Get("X-CSRF-Token")), []byte(o.csrf)) == 1
}

// owner is the signed-in owner of a request, if any.
type owner struct {
	tokenHash string
	csrf      string
}
