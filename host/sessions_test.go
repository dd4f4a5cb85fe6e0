package host_test

import (
	"bufio"
	"context"
	"database/sql"
	"encoding/json"
	"net/http"
	"net/url"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/scapeworld/scape/host"
)

// Tabs, invites and guests (docs/security.md, class 6): each attack refused or bounded, and the
// normal use beside it unchanged.

// mintInvite mints an invite as owner with the given terms and returns its code and id.
func mintInvite(t *testing.T, owner *tab, terms map[string]any) (code, id string) {
	t.Helper()
	var inv struct{ URL, ID string }
	if st, msg := owner.call("POST", "/api/world/invites", terms, &inv); st != 200 {
		t.Fatalf("invite %v: %d %s", terms, st, msg)
	}
	return inv.URL[strings.Index(inv.URL, "invite=")+len("invite="):], inv.ID
}

// join opens a tab with an invite code: the tab, or nil and the refusal's status.
func join(t *testing.T, base, code string) (*tab, int) {
	t.Helper()
	g := &tab{t: t, base: base}
	var out struct{ Token, Actor string }
	if st, _ := g.call("POST", "/api/world/tabs", map[string]string{"invite": code}, &out); st != 200 {
		return nil, st
	}
	g.token, g.actor = out.Token, out.Actor
	return g, 200
}

func mustJoin(t *testing.T, base, code string) *tab {
	t.Helper()
	g, st := join(t, base, code)
	if g == nil {
		t.Fatalf("open a tab with an invite: %d", st)
	}
	return g
}

// works says whether the tab's session still answers (GET /api/world).
func (tb *tab) works() bool {
	tb.t.Helper()
	st, _ := tb.call("GET", "/api/world", nil, nil)
	return st == 200
}

// liveStream is an open event stream of a tab.
type liveStream struct {
	resp   *http.Response
	lines  *bufio.Scanner
	cancel context.CancelFunc
}

// openStream opens GET /api/world/events with the tab's bearer token (ticket "") or a ticket; it
// returns the status and, for a 200, the stream (closed at the test's end).
func openStream(t *testing.T, tb *tab, ticket string) (*liveStream, int) {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	u := tb.base + "/api/world/events"
	if ticket != "" {
		u += "?ticket=" + url.QueryEscape(ticket)
	}
	req, _ := http.NewRequestWithContext(ctx, "GET", u, nil)
	if ticket == "" {
		req.Header.Set("Authorization", "Bearer "+tb.token)
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		cancel()
		t.Fatal(err)
	}
	if resp.StatusCode != 200 {
		resp.Body.Close()
		cancel()
		return nil, resp.StatusCode
	}
	s := &liveStream{resp: resp, lines: bufio.NewScanner(resp.Body), cancel: cancel}
	s.lines.Buffer(make([]byte, 1<<20), 8<<20)
	t.Cleanup(s.close)
	return s, 200
}

func (s *liveStream) close() { s.cancel(); s.resp.Body.Close() }

// next is the stream's next event's name and data; ok false when the stream ended.
func (s *liveStream) next() (name, data string, ok bool) {
	for s.lines.Scan() {
		line := s.lines.Text()
		switch {
		case strings.HasPrefix(line, "event: "):
			name = strings.TrimPrefix(line, "event: ")
		case strings.HasPrefix(line, "data: "):
			return name, strings.TrimPrefix(line, "data: "), true
		}
	}
	return "", "", false
}

// endsWithin says whether the stream ends (its server closes it) within d: a bound far above
// the milliseconds it takes.
func (s *liveStream) endsWithin(d time.Duration) bool {
	done := make(chan struct{})
	go func() {
		for {
			if _, _, ok := s.next(); !ok {
				close(done)
				return
			}
		}
	}()
	select {
	case <-done:
		return true
	case <-time.After(d):
		return false
	}
}

func ticketOf(t *testing.T, tb *tab) string {
	t.Helper()
	var out struct{ Ticket string }
	if st, msg := tb.call("POST", "/api/world/events/ticket", map[string]any{}, &out); st != 200 || out.Ticket == "" {
		t.Fatalf("stream ticket: %d %s", st, msg)
	}
	return out.Ticket
}

// avatarActors are the actor ids of the avatars in the owner's debug snapshot.
func (tb *tab) avatarActors() []string {
	var out []string
	for _, a := range tb.debug().Avatars {
		out = append(out, a.Actor)
	}
	return out
}

// TestInviteFloodLeavesNoCrowd: one invite opened 400 times by tabs that never connect a stream
// fills the surface with avatars (the "no free cell") only for the grace: a moment past
// it, the avatars left are those of the two tabs with a live stream (the owner's and a guest's),
// and the owner places again on the first free cell.
func TestInviteFloodLeavesNoCrowd(t *testing.T) {
	f, owner, _, _ := gridFixture(t)
	code, _ := mintInvite(t, owner, map[string]any{"role": "participant"})
	guest := mustJoin(t, owner.base, code)
	for _, tb := range []*tab{owner, guest} { // as their pages do
		if _, st := openStream(t, tb, ""); st != 200 {
			t.Fatalf("stream: %d", st)
		}
	}
	for i := 0; i < 400; i++ {
		if g, st := join(t, owner.base, code); g == nil {
			t.Fatalf("open %d: %d", i, st)
		}
	}
	if n := len(owner.avatarActors()); n < 300 {
		t.Fatalf("the flood stood %d avatars: the attack did not happen", n)
	}
	f.clock.Add(host.LeaveGrace + time.Second)
	f.srv.Tick()
	left := owner.avatarActors()
	if len(left) != 2 || !contains(left, owner.actor) || !contains(left, guest.actor) {
		t.Fatalf("after the grace the avatars are %v, want only %s and %s", left, owner.actor, guest.actor)
	}
	var placed struct{ ID string }
	if st, msg := owner.call("POST", "/api/world/instances", map[string]any{"type": "example.lamp"}, &placed); st != 200 {
		t.Fatalf("the owner could not place after the flood: %d %s", st, msg)
	}
	if !guest.works() {
		t.Fatal("the live guest's session was lost")
	}
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// TestSessionFloodKeepsTheOwner: past the guest table's bound, opening tabs forgets the least
// recently used guests without a live stream; never the owner's tab (another list), never a guest
// with a live stream, and the table stays at its bound.
func TestSessionFloodKeepsTheOwner(t *testing.T) {
	f := newFixture(t, t.TempDir())
	owner := ownerTab(t, f.owner())
	code, _ := mintInvite(t, owner, map[string]any{"role": "participant"})
	live := mustJoin(t, owner.base, code) // the oldest guest, but live
	if _, st := openStream(t, live, ""); st != 200 {
		t.Fatalf("stream: %d", st)
	}
	first := mustJoin(t, owner.base, code) // the oldest guest without a stream
	var last *tab
	for i := 0; i < host.MaxGuestTabs+50; i++ {
		last = mustJoin(t, owner.base, code)
	}
	if guests, admins, _ := f.srv.TabCounts(); guests != host.MaxGuestTabs || admins != 1 {
		t.Fatalf("after the flood the table holds %d guests and %d admin tabs, want %d and 1", guests, admins, host.MaxGuestTabs)
	}
	if !owner.works() {
		t.Fatal("the flood signed the owner's tab out")
	}
	if !live.works() {
		t.Fatal("the flood forgot a guest with a live stream")
	}
	if first.works() {
		t.Fatal("the least recently used idle guest was kept past the bound")
	}
	if !last.works() {
		t.Fatal("the newest guest's tab does not work")
	}
}

// TestInviteTerms: an invite expires (a day by default, or as minted), caps its uses when asked,
// and the owner's bad terms are refused; a guest neither lists nor revokes invites.
func TestInviteTerms(t *testing.T) {
	f := newFixture(t, t.TempDir())
	owner := ownerTab(t, f.owner())
	capped, _ := mintInvite(t, owner, map[string]any{"role": "editor", "maxUses": 2})
	mustJoin(t, owner.base, capped)
	mustJoin(t, owner.base, capped)
	if _, st := join(t, owner.base, capped); st != 403 {
		t.Fatalf("a third tab of an invite capped at 2: %d, want 403", st)
	}
	daily, _ := mintInvite(t, owner, map[string]any{"role": "participant"})
	short, _ := mintInvite(t, owner, map[string]any{"role": "participant", "expiresInMinutes": 5})
	mustJoin(t, owner.base, daily)
	joinPage := func(code string) string {
		resp, err := http.Get(owner.base + "/join?invite=" + code)
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		var b strings.Builder
		sc := bufio.NewScanner(resp.Body)
		for sc.Scan() {
			b.WriteString(sc.Text())
		}
		return b.String()
	}
	if page := joinPage(daily); strings.Contains(page, `id="error"`) {
		t.Fatal("the join page refuses an open invite")
	}
	f.clock.Add(5 * time.Minute)
	if _, st := join(t, owner.base, short); st != 403 {
		t.Fatalf("an invite past its 5 minutes: %d, want 403", st)
	}
	mustJoin(t, owner.base, daily)
	f.clock.Add(24 * time.Hour)
	if _, st := join(t, owner.base, daily); st != 403 {
		t.Fatalf("an invite past its default day: %d, want 403", st)
	}
	if page := joinPage(daily); !strings.Contains(page, `id="error"`) {
		t.Fatal("the join page of an expired invite shows no error")
	}
	owner = ownerTab(t, f.owner()) // the owner's sign-in lasted 12 hours: sign in again
	for _, terms := range []map[string]any{
		{"role": "participant", "maxUses": -1},
		{"role": "participant", "maxUses": host.MaxGuestTabs + 1},
		{"role": "participant", "expiresInMinutes": -5},
		{"role": "participant", "expiresInMinutes": 31 * 24 * 60},
		{"role": "admin"},
	} {
		if st, _ := owner.call("POST", "/api/world/invites", terms, nil); st != 400 {
			t.Errorf("invite %v: %d, want 400", terms, st)
		}
	}
	g := mustJoin(t, owner.base, mustCode(t, owner))
	for _, path := range []string{"/api/world/invites", "/api/world/guests"} {
		if st, _ := g.call("GET", path, nil, nil); st != 403 {
			t.Errorf("a guest's GET %s: %d, want 403", path, st)
		}
	}
	_, id := mintInvite(t, owner, map[string]any{"role": "participant"})
	if st, _ := g.call("POST", "/api/world/invites/"+id+"/revoke", map[string]any{}, nil); st != 403 {
		t.Errorf("a guest revoked an invite: %d, want 403", st)
	}
}

func mustCode(t *testing.T, owner *tab) string {
	code, _ := mintInvite(t, owner, map[string]any{"role": "participant"})
	return code
}

// TestInviteRevocationAndBound: the owner lists open invites and revokes one; revoked, it opens
// nothing, and with removeGuests its tabs end while another invite's guest stays. Open invites
// are bounded: once full, minting is refused (no live link dropped) until some expire.
func TestInviteRevocationAndBound(t *testing.T) {
	f := newFixture(t, t.TempDir())
	owner := ownerTab(t, f.owner())
	leaked, leakedID := mintInvite(t, owner, map[string]any{"role": "participant", "maxUses": 5})
	kept, _ := mintInvite(t, owner, map[string]any{"role": "editor"})
	a, b := mustJoin(t, owner.base, leaked), mustJoin(t, owner.base, leaked)
	stream, _ := openStream(t, a, "")
	other := mustJoin(t, owner.base, kept)
	var list struct {
		Invites []struct {
			ID            string
			Role          string
			Uses, MaxUses int
		}
	}
	if st, msg := owner.call("GET", "/api/world/invites", nil, &list); st != 200 || len(list.Invites) != 2 {
		t.Fatalf("invites: %d %s %+v", st, msg, list)
	}
	for _, in := range list.Invites {
		if in.ID == leakedID && (in.Uses != 2 || in.MaxUses != 5 || in.Role != "participant") {
			t.Fatalf("the leaked invite is listed as %+v", in)
		}
	}
	var rev struct {
		Revoked bool
		Removed int
	}
	if st, msg := owner.call("POST", "/api/world/invites/"+leakedID+"/revoke", map[string]any{"removeGuests": true}, &rev); st != 200 || rev.Removed != 2 {
		t.Fatalf("revoke: %d %s %+v", st, msg, rev)
	}
	if _, st := join(t, owner.base, leaked); st != 403 {
		t.Fatalf("a revoked invite opened a tab: %d", st)
	}
	if a.works() || b.works() {
		t.Fatal("the revoked invite's guests still work")
	}
	if !stream.endsWithin(10 * time.Second) {
		t.Fatal("the revoked invite's guest's stream stayed open")
	}
	if !other.works() {
		t.Fatal("another invite's guest was removed")
	}
	if st, _ := owner.call("POST", "/api/world/invites/"+leakedID+"/revoke", nil, nil); st != 404 {
		t.Fatalf("revoking twice: %d, want 404", st)
	}
	// The bound: 255 more open invites make 256 (kept is open); the next is refused.
	for i := 0; i < 255; i++ {
		mintInvite(t, owner, map[string]any{"role": "participant", "expiresInMinutes": 10})
	}
	if st, _ := owner.call("POST", "/api/world/invites", map[string]any{"role": "participant"}, nil); st != 409 {
		t.Fatalf("minting past the open invites' bound: %d, want 409", st)
	}
	f.clock.Add(10 * time.Minute)
	mintInvite(t, owner, map[string]any{"role": "participant"}) // the expired ones made room
	if _, st := join(t, owner.base, kept); st != 200 {
		t.Fatalf("the bound dropped a live invite: %d", st)
	}
}

// TestOwnerRemovesGuest: the owner lists the guests and removes one: its stream ends, its token
// opens nothing, its avatar leaves; another guest stays. Nobody else removes, and the owner's
// own tabs are not guests.
func TestOwnerRemovesGuest(t *testing.T) {
	f := newFixture(t, t.TempDir())
	owner := ownerTab(t, f.owner())
	code := mustCode(t, owner)
	pest, friend := mustJoin(t, owner.base, code), mustJoin(t, owner.base, code)
	stream, st := openStream(t, pest, "")
	if st != 200 {
		t.Fatalf("stream: %d", st)
	}
	var guests struct {
		Guests []struct {
			Actor string
			Live  bool
		}
	}
	if st, msg := owner.call("GET", "/api/world/guests", nil, &guests); st != 200 || len(guests.Guests) != 2 {
		t.Fatalf("guests: %d %s %+v", st, msg, guests)
	}
	for _, g := range guests.Guests {
		if g.Live != (g.Actor == pest.actor) {
			t.Fatalf("guest %s listed live=%v", g.Actor, g.Live)
		}
	}
	if st, _ := friend.call("POST", "/api/world/guests/"+pest.actor+"/remove", map[string]any{}, nil); st != 403 {
		t.Fatalf("a guest removed another: %d, want 403", st)
	}
	if st, msg := owner.call("POST", "/api/world/guests/"+pest.actor+"/remove", map[string]any{}, nil); st != 200 {
		t.Fatalf("remove: %d %s", st, msg)
	}
	if !stream.endsWithin(10 * time.Second) {
		t.Fatal("the removed guest's stream stayed open")
	}
	if pest.works() {
		t.Fatal("the removed guest's token still works")
	}
	if contains(owner.avatarActors(), pest.actor) {
		t.Fatal("the removed guest's avatar stayed")
	}
	if !friend.works() || !contains(owner.avatarActors(), friend.actor) {
		t.Fatal("the other guest was removed too")
	}
	for _, actor := range []string{pest.actor, owner.actor, "nobody-1"} {
		if st, _ := owner.call("POST", "/api/world/guests/"+actor+"/remove", map[string]any{}, nil); st != 404 {
			t.Errorf("removing %s: %d, want 404", actor, st)
		}
	}
	if !owner.works() {
		t.Fatal("the owner's tab was removed")
	}
}

// TestSignOutEndsAdminTabs: signing out ends every admin tab of that sign-in (their streams
// close), not another sign-in's nor a guest's; an admin tab also ends when its sign-in expires,
// while a guest in use stays.
func TestSignOutEndsAdminTabs(t *testing.T) {
	f := newFixture(t, t.TempDir())
	oa, ob := f.owner(), f.owner()
	a1, a2, b1 := ownerTab(t, oa), ownerTab(t, oa), ownerTab(t, ob)
	guest := mustJoin(t, a1.base, mustCode(t, a1))
	stream, st := openStream(t, a1, ticketOf(t, a1))
	if st != 200 {
		t.Fatalf("stream: %d", st)
	}
	if st, _, err := oa.Post("/logout", url.Values{}); err != nil || st != 200 {
		t.Fatalf("sign out: %d %v", st, err)
	}
	if a1.works() || a2.works() {
		t.Fatal("the admin tabs of a signed-out owner still work")
	}
	if !stream.endsWithin(10 * time.Second) {
		t.Fatal("the signed-out admin tab's stream stayed open")
	}
	if !b1.works() || !guest.works() {
		t.Fatal("signing out ended another sign-in's tab or a guest's")
	}
	f.clock.Add(11 * time.Hour)
	if !guest.works() {
		t.Fatal("a guest ended within its idle time")
	}
	f.clock.Add(time.Hour + time.Second) // the sign-in's 12 hours are over
	if b1.works() {
		t.Fatal("an admin tab outlived its owner's sign-in")
	}
	if !guest.works() {
		t.Fatal("a guest in use ended with the owner's sign-in")
	}
	f.clock.Add(host.TabIdleTTL)
	if guest.works() {
		t.Fatal("a guest idle past its time was kept")
	}
}

// TestStreamTicketIsOneUseAndShortLived: no tab token is accepted in a URL; the page's
// EventSource gets a ticket (with the token in a header) that opens one stream, for its own tab,
// once, within its 30 s; a tab holds one unused ticket at a time. The bearer header still opens
// a stream.
func TestStreamTicketIsOneUseAndShortLived(t *testing.T) {
	f := newFixture(t, t.TempDir())
	owner := ownerTab(t, f.owner())
	guest := mustJoin(t, owner.base, mustCode(t, owner))
	for _, u := range []string{"/api/world/events?session=" + guest.token, "/api/world?session=" + guest.token} {
		resp, err := http.Get(owner.base + u)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		if resp.StatusCode != 401 {
			t.Errorf("GET %s with the token in the URL: %d, want 401", strings.Split(u, "?")[0], resp.StatusCode)
		}
	}
	tk := ticketOf(t, guest)
	s, st := openStream(t, guest, tk)
	if st != 200 {
		t.Fatalf("a fresh ticket: %d", st)
	}
	name, data, _ := s.next()
	var w struct{ Actor string }
	_ = json.Unmarshal([]byte(data), &w)
	if name != "world" || w.Actor != guest.actor {
		t.Fatalf("the ticket's stream began with %s for %q, want the world of %s", name, w.Actor, guest.actor)
	}
	if _, st := openStream(t, guest, tk); st != 401 {
		t.Fatalf("a ticket used twice: %d, want 401", st)
	}
	late := ticketOf(t, guest)
	f.clock.Add(31 * time.Second)
	if _, st := openStream(t, guest, late); st != 401 {
		t.Fatalf("a ticket 31 s old: %d, want 401", st)
	}
	replaced, current := ticketOf(t, guest), ticketOf(t, guest)
	if _, st := openStream(t, guest, replaced); st != 401 {
		t.Fatalf("a replaced ticket: %d, want 401", st)
	}
	if _, st := openStream(t, guest, current); st != 200 {
		t.Fatalf("the tab's current ticket: %d", st)
	}
	for i := 0; i < 100; i++ {
		ticketOf(t, guest)
	}
	if _, _, tickets := f.srv.TabCounts(); tickets > 1 {
		t.Fatalf("%d unused tickets after 100 asked by one tab", tickets)
	}
	if st, _ := (&tab{t: t, base: owner.base}).call("POST", "/api/world/events/ticket", map[string]any{}, nil); st != 401 {
		t.Fatalf("a ticket without a session: %d, want 401", st)
	}
	if _, st := openStream(t, owner, ""); st != 200 {
		t.Fatalf("a stream with the bearer header: %d", st)
	}
}

// TestActorIDsNeverReusedAcrossRestart: actor ids are stored with the world. After a restart on
// the same data directory a new editor is never the old one (the issue: a new person became
// editor-2 and edited the old editor-2's lamp): its id differs, and it may neither edit nor
// remove the old editor's lamp. A database from before the counter is migrated: ids restart
// above every id its instances record (placers, and ids kept in state).
func TestActorIDsNeverReusedAcrossRestart(t *testing.T) {
	f, owner, _, _ := gridFixture(t)
	old := mustJoin(t, owner.base, mintCodeFor(t, owner, "editor"))
	lamp := old.place("example.lamp", 5, 5)
	color := map[string]any{"name": "color", "payload": map[string]string{"color": "blue"}}
	if st, msg := old.call("POST", "/api/world/instances/"+lamp+"/act", color, nil); st != 200 {
		t.Fatalf("the placer edits its lamp: %d %s", st, msg)
	}
	restart := func() *tab {
		f.stop()
		f.start()
		return ownerTab(t, f.owner())
	}
	owner = restart()
	old.base = owner.base // the same tab, against the restarted host
	if old.works() {
		t.Fatal("a tab session outlived the restart")
	}
	seen := map[string]bool{old.actor: true, owner.actor: true}
	var newcomer *tab
	for i := 0; i < 5; i++ {
		newcomer = mustJoin(t, owner.base, mintCodeFor(t, owner, "editor"))
		if seen[newcomer.actor] {
			t.Fatalf("after a restart a new tab is %s again", newcomer.actor)
		}
		seen[newcomer.actor] = true
	}
	deadline := time.Now().Add(20 * time.Second) // the restarted host opens its build in the background
	st, _ := newcomer.call("POST", "/api/world/instances/"+lamp+"/act", color, nil)
	for ; st == 503 && time.Now().Before(deadline); st, _ = newcomer.call("POST", "/api/world/instances/"+lamp+"/act", color, nil) {
		time.Sleep(50 * time.Millisecond)
	}
	if st != 403 {
		t.Fatalf("a new editor edited the old editor's lamp: %d, want 403", st)
	}
	if st, _ := newcomer.call("POST", "/api/world/instances/"+lamp+"/remove", nil, nil); st != 403 {
		t.Fatalf("a new editor removed the old editor's lamp: %d, want 403", st)
	}
	mine := newcomer.place("example.lamp", 6, 5)
	if st, msg := newcomer.call("POST", "/api/world/instances/"+mine+"/act", color, nil); st != 200 {
		t.Fatalf("the new editor edits its own lamp: %d %s", st, msg)
	}
	// A database from before the counter: its ids restarted with each start, so any recorded
	// one may be taken.
	f.stop()
	db, err := sql.Open("sqlite", filepath.Join(f.dir, "host.db"))
	if err != nil {
		t.Fatal(err)
	}
	for _, q := range []string{
		`DROP TABLE actor_ids`,
		`UPDATE instances SET placer = 'editor-500' WHERE id = '` + lamp + `'`,
		`UPDATE instances SET state = '{"on":true,"color":"warm","voter":"participant-700"}' WHERE id = '` + mine + `'`,
	} {
		if _, err := db.Exec(q); err != nil {
			t.Fatal(err)
		}
	}
	db.Close()
	f.start()
	owner = ownerTab(t, f.owner())
	if n := actorNumber(owner.actor); n <= 700 {
		t.Fatalf("after the migration the owner's tab is %s: ids restart above 700", owner.actor)
	}
	if n := actorNumber(mustJoin(t, owner.base, mintCodeFor(t, owner, "editor")).actor); n <= 700 {
		t.Fatalf("after the migration a new editor is number %d: ids restart above 700", n)
	}
}

func mintCodeFor(t *testing.T, owner *tab, role string) string {
	code, _ := mintInvite(t, owner, map[string]any{"role": role})
	return code
}

func actorNumber(id string) int {
	n, _ := strconv.Atoi(id[strings.LastIndexByte(id, '-')+1:])
	return n
}
