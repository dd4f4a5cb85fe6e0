package host

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"net/netip"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/scapeworld/scape/host/engine"
	"github.com/scapeworld/scape/host/store"
	"github.com/scapeworld/scape/protocol"
	wm "github.com/scapeworld/scape/world"
)

// Definition is what the world shows of one Gizmo definition of the active build.
type Definition = protocol.Definition

// DevSession is one approved connection of a project to a world.
type DevSession = protocol.Session

// Revision is one uploaded build and its verdict.
type Revision = protocol.Revision

// Defaults from the published quickstart: codes last five minutes, sessions two hours.
const (
	DefaultCodeTTL      = 5 * time.Minute
	DefaultSessionTTL   = 2 * time.Hour
	DefaultPollInterval = time.Second
	// MaxUploadBody bounds the request that carries a bundle: room for a 1 MiB bundle even when
	// JSON escapes every byte as \u00XX (6 MiB).
	MaxUploadBody = 8 << 20
	// MaxSmallBody bounds the pairing and token requests (a project name and a device code).
	MaxSmallBody = 4 << 10
	// MaxFormBody bounds the owner's form posts (sign-in, approve, place, act: an action
	// payload is at most 2 KiB of JSON).
	MaxFormBody     = 64 << 10
	ownerSessionTTL = 12 * time.Hour
	// maxUploadsInFlight bounds the uploads whose body the host reads and holds at once (each up
	// to MaxUploadBody, twice over once decoded): one session uploads one build at a time, so
	// more at once is a broken or hostile client, which must not fill the host's memory.
	maxUploadsInFlight = 4
	worldID            = "dev"
)

// Options configure a host. Only Engine and DataDir are required.
type Options struct {
	DataDir string
	// Engine validates uploads and runs the active build (Checker in production).
	Engine engine.Engine
	// BaseURL is the public origin used in verification links (e.g. http://127.0.0.1:7070).
	BaseURL string
	// Now is the clock; tests inject one to expire codes and sessions, and to drive the world's
	// movement (Tick).
	Now func() time.Time
	// Ticker makes the host's periodic work tick (the world's moves and the tab sweep every
	// world.TickInterval, the event stream's keep-alive): a channel and its stop. Default
	// time.NewTicker; a test that drives the world itself (Server.Tick) with its own clock
	// passes that clock's, so no tick of the wall clock races its steps.
	Ticker       func(time.Duration) (<-chan time.Time, func())
	CodeTTL      time.Duration
	SessionTTL   time.Duration
	PollInterval time.Duration
	WorldName    string
	// OnOwnerToken receives each one-time owner sign-in token as it is minted (at start and
	// after each use), for the host's operator to see. Nil: nobody can sign in by token.
	OnOwnerToken func(token string)
	// LastingOwnerToken keeps the owner sign-in token valid for the life of the host instead of
	// one use, so a world link opens in a second tab, a reload or a link preview. For the
	// embedded world of `scape gizmo dev` only: it holds only while BaseURL is a loopback
	// address (a host reachable from elsewhere keeps one-time tokens whatever this says).
	LastingOwnerToken bool
	// Logf receives one line per notable event. Tokens never reach it.
	Logf func(format string, args ...any)
	// ValidateTimeout bounds one whole-project check (default 20 s).
	ValidateTimeout time.Duration
	// TrustedProxies are the addresses of reverse proxies in front of the host (a TLS
	// terminator): behind them, the X-Forwarded-For address they add names a request's source
	// for the per-source pairing limit. Without it every proxied client is the proxy.
	TrustedProxies []netip.Prefix
}

// Server is a running host. It is an http.Handler.
type Server struct {
	opts     Options
	store    *store.DB
	pairs    *pairings
	pairRate *sourceLimiter // pairing requests per source
	slow     slowViews      // views that ran out of time, not run again for a while
	rejudge  rejudger       // the latest rejected build, judged again when the placed change
	// uploads holds a slot per upload whose body is being read or checked (maxUploadsInFlight);
	// uploadsWaiting counts the uploads waiting for one.
	uploads        chan struct{}
	uploadsWaiting atomic.Int32
	// fullLogged is when "too many pending pairings" was last logged (UnixNano): once a minute.
	fullLogged atomic.Int64
	mux        *http.ServeMux
	// revisionsMu serialises writing revisions (the duplicate check with the record); the world
	// model serialises instance changes and compares them with a revision's record itself.
	revisionsMu sync.Mutex
	ownerMu     sync.Mutex
	ownerTok    string // hash of the current one-time owner token
	// ownerCookie is this world's owner cookie name, from its uid (credentials.go).
	ownerCookie string
	world       store.World
	// live is the active revision's open project (engine.go); events and sessions serve the
	// world page's tabs (events.go, sessions.go).
	live     liveSlot
	sounds   soundBook     // what the world page plays (sounds.go)
	renders  *soundRenders // how its WAVs are made: bounded, out of this process (soundrender.go)
	events   *hub
	sessions *sessions
	// grid is the world model (grid.go); the ticker moves it every world.TickInterval.
	grid     *wm.Model
	tickMu   sync.Mutex
	tickStop chan struct{}
	tickDone chan struct{}
	tickOnce sync.Once

	// remembered is configuration.remember per tab (panel.go).
	remembered wm.Remembered
	// emoji is the emoji of the last revision asked for (emojiFor): grid events, sent on every
	// tick something moves, read it without a store query.
	emoji atomic.Pointer[emojiSet]
}

// New opens (or creates) the host's storage in opts.DataDir.
func New(opts Options) (*Server, error) {
	if opts.Engine == nil {
		return nil, errors.New("host: no engine")
	}
	if opts.DataDir == "" {
		return nil, errors.New("host: no data directory")
	}
	if opts.Now == nil {
		opts.Now = time.Now
	}
	if opts.Ticker == nil {
		opts.Ticker = wallTicker
	}
	if opts.CodeTTL == 0 {
		opts.CodeTTL = DefaultCodeTTL
	}
	if opts.SessionTTL == 0 {
		opts.SessionTTL = DefaultSessionTTL
	}
	if opts.PollInterval == 0 {
		opts.PollInterval = DefaultPollInterval
	}
	if opts.WorldName == "" {
		opts.WorldName = "Developer world"
	}
	if opts.Logf == nil {
		opts.Logf = func(string, ...any) {}
	}
	if opts.ValidateTimeout == 0 {
		opts.ValidateTimeout = 20 * time.Second
	}
	st, err := store.Open(opts.DataDir)
	if err != nil {
		return nil, err
	}
	w, err := st.EnsureWorld(context.Background(), worldID, opts.WorldName, opts.Now())
	if err != nil {
		st.Close()
		return nil, fmt.Errorf("host: %w", err)
	}
	uid, err := st.WorldUID(context.Background())
	if err != nil {
		st.Close()
		return nil, fmt.Errorf("host: %w", err)
	}
	s := &Server{opts: opts, store: st, pairs: newPairings(), pairRate: newSourceLimiter(PairingBurst, PairingRefill, maxSources),
		uploads: make(chan struct{}, maxUploadsInFlight), world: w, ownerCookie: ownerCookieName(uid)}
	s.events = newHub()
	s.renders = newSoundRenders(opts.Engine)
	if err := s.openSessions(); err != nil {
		st.Close()
		return nil, fmt.Errorf("host: %w", err)
	}
	if err := s.openGrid(w.ActiveRevision); err != nil {
		st.Close()
		return nil, fmt.Errorf("host: %w", err)
	}
	if err := s.rememberLatest(context.Background()); err != nil {
		st.Close()
		return nil, fmt.Errorf("host: %w", err)
	}
	s.routes()
	s.rotateOwnerToken()
	s.startTicker()
	if w.ActiveRevision > 0 {
		s.resume(w.ActiveRevision) // the build accepted before this start, opened in the background
	}
	return s, nil
}

// SetBaseURL sets the origin used in links, for a host that learns its port after New.
func (s *Server) SetBaseURL(u string) { s.opts.BaseURL = strings.TrimRight(u, "/") }

// EndStreams ends the world page's event streams (they never end on their own): call it before
// shutting the HTTP server down, which waits for every request to finish.
func (s *Server) EndStreams() { s.events.close() }

// Close ends the world page's event streams and releases the storage.
func (s *Server) Close() error {
	s.stopRejudging()
	s.events.close()
	s.stopTicker()
	s.sessions.saveNow() // the people, for the next run (persons.go)
	s.live.set(0, nil)
	return s.store.Close()
}

func (s *Server) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	w.Header().Set("X-Content-Type-Options", "nosniff")
	w.Header().Set("Referrer-Policy", "no-referrer")
	if !s.hostAllowed(w, r) { // hostcheck.go: DNS rebinding
		return
	}
	s.mux.ServeHTTP(w, r)
}

func (s *Server) routes() {
	m := http.NewServeMux()
	// The protocol (docs/protocol.md).
	m.HandleFunc("POST /api/dev/pairings", s.handlePair)
	m.HandleFunc("POST /api/dev/token", s.handleToken)
	m.HandleFunc("POST /api/dev/revisions", s.handleUpload)
	m.HandleFunc("GET /api/dev/revisions/{n}", s.handleRevision)
	m.HandleFunc("GET /api/dev/session", s.handleSession)
	m.HandleFunc("DELETE /api/dev/session", s.handleRevoke)
	// The owner's web UI.
	m.HandleFunc("GET /login", s.handleLoginPage)
	m.HandleFunc("POST /login", s.handleLogin)
	m.HandleFunc("POST /logout", s.handleLogout)
	m.HandleFunc("GET /connect", s.handleConnectPage)
	m.HandleFunc("POST /connect", s.handleConnect)
	m.HandleFunc("POST /disconnect", s.handleDisconnect)
	m.HandleFunc("GET /{$}", s.handleWorld)
	m.HandleFunc("GET /sidebar", s.handleSidebar)
	m.HandleFunc("POST /instances", s.handlePlace)
	m.HandleFunc("POST /instances/{id}/act", s.handleAct)
	m.HandleFunc("POST /instances/{id}/remove", s.handleRemove)
	m.HandleFunc("GET /static/{file}", s.handleStatic)
	s.worldRoutes(m)
	s.modelRoutes(m) // models.go: presentations, GLBs by hash, the renderer's script
	s.mux = m
}

// Approve approves a pending pairing by its user code, as the owner's "Connect this project"
// does. The embedded host of `scape gizmo dev` calls it directly: there the owner is the person
// at the terminal.
func (s *Server) Approve(userCode string) error {
	return s.decide(userCode, true)
}

// Pairing refusals, shown to the owner on the approval page.
var (
	ErrCodeUnknown = errors.New("no pairing has this code: check it against your terminal")
	ErrCodeExpired = errors.New("this code has expired: start the dev command again for a new one")
	ErrCodeUsed    = errors.New("this code was already used: start the dev command again for a new one")
)

// pendingLocked returns the pairing of a pending, unexpired user code, or the refusal the owner
// sees. The caller holds s.pairs.mu.
func (s *Server) pendingLocked(userCode string) (code string, p *pairing, err error) {
	code = NormalizeUserCode(userCode)
	p = s.pairs.byCode[code]
	switch {
	case code == "" || p == nil:
		return "", nil, ErrCodeUnknown
	case p.state != pairingPending:
		return "", nil, ErrCodeUsed
	case !s.opts.Now().Before(p.expires):
		return "", nil, ErrCodeExpired
	}
	return code, p, nil
}

func (s *Server) decide(userCode string, approve bool) error {
	s.pairs.mu.Lock()
	defer s.pairs.mu.Unlock()
	code, p, err := s.pendingLocked(userCode)
	if err != nil {
		return err
	}
	if approve {
		p.state = pairingApproved
		s.opts.Logf("pairing %s approved for project %q", FormatUserCode(code), p.project)
	} else {
		p.state = pairingDenied
		s.opts.Logf("pairing %s denied", FormatUserCode(code))
	}
	return nil
}

// pendingProject returns the project name of a pending, unexpired code, for the approval page.
func (s *Server) pendingProject(userCode string) (string, error) {
	s.pairs.mu.Lock()
	defer s.pairs.mu.Unlock()
	_, p, err := s.pendingLocked(userCode)
	if err != nil {
		return "", err
	}
	return p.project, nil
}

// Disconnect revokes the world's current development session, as the UI's button does.
func (s *Server) Disconnect(ctx context.Context) error {
	cur, err := s.store.CurrentDevSession(ctx, worldID, s.opts.Now())
	if store.IsNotFound(err) {
		return nil
	}
	if err != nil {
		return err
	}
	s.opts.Logf("session of project %q disconnected by the owner", cur.Project)
	return s.store.RevokeDevSession(ctx, cur.ID, "disconnected", s.opts.Now())
}

// ActiveRevision returns the world's active (last accepted) revision, or ok=false.
func (s *Server) ActiveRevision(ctx context.Context) (Revision, bool, error) {
	r, err := s.store.ActiveRevision(ctx, worldID)
	if store.IsNotFound(err) {
		return Revision{}, false, nil
	}
	return r, err == nil, err
}

// wallTicker is Options.Ticker's default: a ticker of the wall clock.
func wallTicker(d time.Duration) (<-chan time.Time, func()) {
	t := time.NewTicker(d)
	return t.C, t.Stop
}
