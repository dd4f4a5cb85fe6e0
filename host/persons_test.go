package host_test

import (
	"bytes"
	"context"
	"encoding/json"
	"net/http"
	"net/url"
	"os"
	"path/filepath"
	"testing"

	"github.com/scapeworld/scape/host/hosttest"
	"github.com/scapeworld/scape/host/store"
)

// opened is a tab opened with POST /api/world/tabs, and the person secret it was given.
type opened struct {
	*tab
	person string
}

// openOwnerAs opens an admin tab as the signed-in owner's page does, presenting person.
func openOwnerAs(t *testing.T, o *hosttest.Owner, person string) opened {
	t.Helper()
	csrf, err := o.CSRF("/")
	if err != nil {
		t.Fatal(err)
	}
	b, _ := json.Marshal(map[string]string{"person": person})
	req, _ := http.NewRequest("POST", o.Base+"/api/world/tabs", bytes.NewReader(b))
	req.Header.Set("X-CSRF-Token", csrf)
	req.Header.Set("Content-Type", "application/json")
	resp, err := o.Client.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	var out struct{ Token, Person, Actor string }
	if err := json.NewDecoder(resp.Body).Decode(&out); err != nil || out.Token == "" || out.Person == "" {
		t.Fatalf("open tab: %d %v %+v", resp.StatusCode, err, out)
	}
	return opened{&tab{t: t, base: o.Base, token: out.Token, actor: out.Actor}, out.Person}
}

// joinAs opens a guest tab with an invite code, presenting person.
func joinAs(t *testing.T, base, code, person string) opened {
	t.Helper()
	g := &tab{t: t, base: base}
	var out struct{ Token, Person, Actor string }
	if st, msg := g.call("POST", "/api/world/tabs", map[string]string{"invite": code, "person": person}, &out); st != 200 {
		t.Fatalf("join: %d %s", st, msg)
	}
	g.token, g.actor = out.Token, out.Actor
	return opened{g, out.Person}
}

// TestOneBrowserIsOnePerson (issue 22 item 5): a tab that presents the person secret its browser
// was given is the same person (actor, avatar), with its own token; without it (open as another
// player) it is a new one. The secret only works with the same origin (the same invite, the same
// owner sign-in), so it lets no browser become another's person; a secret the host did not mint,
// or of a person who was removed, opens a new person; a guest's second tab uses no invite use.
func TestOneBrowserIsOnePerson(t *testing.T) {
	f := newFixture(t, t.TempDir())
	o := f.owner()
	first := openOwnerAs(t, o, "")
	again := openOwnerAs(t, o, first.person)
	if again.actor != first.actor || again.person != first.person || again.token == first.token {
		t.Fatalf("the owner's second tab: actor %s person kept %v new token %v; want %s, kept, new",
			again.actor, again.person == first.person, again.token != first.token, first.actor)
	}
	if !first.works() || !again.works() {
		t.Fatal("the first tab's token stopped working when the second opened")
	}
	other := openOwnerAs(t, o, "")
	if other.actor == first.actor || other.person == first.person {
		t.Fatalf("open as another player gave %s again", other.actor)
	}
	if made := openOwnerAs(t, o, "sper_madeup"); made.actor == first.actor || made.person == "sper_madeup" {
		t.Fatalf("a made-up person secret opened %s with secret %q", made.actor, made.person)
	}
	n := 0
	for _, a := range first.avatarActors() {
		if a == first.actor {
			n++
		}
	}
	if n != 1 {
		t.Fatalf("the owner's person has %d avatars, want 1", n)
	}

	code, id := mintInvite(t, first.tab, map[string]any{"role": "participant", "maxUses": 3})
	guest := joinAs(t, f.http.URL, code, "")
	guest2 := joinAs(t, f.http.URL, code, guest.person)
	if guest2.actor != guest.actor {
		t.Fatalf("the guest's second tab is %s, want %s", guest2.actor, guest.actor)
	}
	var invites struct {
		Invites []struct {
			ID   string
			Uses int
		}
	}
	if st, msg := first.call("GET", "/api/world/invites", nil, &invites); st != 200 {
		t.Fatalf("invites: %d %s", st, msg)
	}
	for _, in := range invites.Invites {
		if in.ID == id && in.Uses != 1 {
			t.Fatalf("one person's two tabs used the invite %d times, want 1", in.Uses)
		}
	}
	// A link used up by one person still opens that person's next tab, and no one else's.
	oneUse, _ := mintInvite(t, first.tab, map[string]any{"role": "participant", "maxUses": 1})
	solo := joinAs(t, f.http.URL, oneUse, "")
	if soloAgain := joinAs(t, f.http.URL, oneUse, solo.person); soloAgain.actor != solo.actor {
		t.Fatalf("the used-up link's own person opened %s, want %s", soloAgain.actor, solo.actor)
	}
	stranger := &tab{t: t, base: f.http.URL}
	if st, _ := stranger.call("POST", "/api/world/tabs", map[string]string{"invite": oneUse}, nil); st != 403 {
		t.Fatalf("a new person on a used-up link: %d, want 403", st)
	}
	if st, _ := stranger.call("POST", "/api/world/tabs", map[string]string{"invite": oneUse, "person": "sper_madeup"}, nil); st != 403 {
		t.Fatalf("a made-up person secret on a used-up link: %d, want 403", st)
	}
	// The guest's secret with another origin: the owner's sign-in, or another invite.
	if stolen := openOwnerAs(t, o, guest.person); stolen.actor == guest.actor {
		t.Fatal("the owner's sign-in with a guest's person secret became the guest")
	}
	code2, _ := mintInvite(t, first.tab, map[string]any{"role": "editor"})
	if g := joinAs(t, f.http.URL, code2, guest.person); g.actor == guest.actor {
		t.Fatal("another invite with a guest's person secret became that guest (with the other role)")
	}
	if g := joinAs(t, f.http.URL, code, first.person); g.actor == first.actor {
		t.Fatal("an invite with the owner's person secret became the owner")
	}
	// Removed, the person is gone: its secret opens a new person, its tabs' tokens nothing.
	if st, msg := first.call("POST", "/api/world/guests/"+guest.actor+"/remove", map[string]any{}, nil); st != 200 {
		t.Fatalf("remove: %d %s", st, msg)
	}
	if guest.works() || guest2.works() {
		t.Fatal("a removed person's tab still works")
	}
	if back := joinAs(t, f.http.URL, code, guest.person); back.actor == guest.actor {
		t.Fatal("a removed person came back as itself")
	}
}

// TestBootTellsARestart: /api/world/boot names the host's run, without a session: the same
// while it runs (and in the tab's opening answer), another after a restart, so a page whose tab
// the host forgot opens it again instead of saying it was removed.
func TestBootTellsARestart(t *testing.T) {
	f := newFixture(t, t.TempDir())
	boot := func() string {
		var out struct{ Boot string }
		g := &tab{t: t, base: f.http.URL}
		if st, msg := g.call("GET", "/api/world/boot", nil, &out); st != 200 || out.Boot == "" {
			t.Fatalf("boot: %d %s %+v", st, msg, out)
		}
		return out.Boot
	}
	before := boot()
	if again := boot(); again != before {
		t.Fatalf("one run named %q then %q", before, again)
	}
	f.stop()
	f.start()
	if after := boot(); after == before {
		t.Fatal("a restarted host names the same run")
	}
}

// TestPersonSurvivesARestart (issue 22 item 6): a browser's person is the same actor after the
// host restarts on the same data (Ctrl-C, then dev again): its tab token is gone, but the person
// secret it presents opens the same actor. The store keeps the secret's hash only (the secret
// is nowhere in the database files), and a person that ended (its owner signed out) is deleted,
// so it stays ended; a new person after the restart gets a new actor id. A guest comes back by
// its invite, which is kept too: a revoked link stays revoked, a used-up one used up.
func TestPersonSurvivesARestart(t *testing.T) {
	dir := t.TempDir()
	f := newFixture(t, dir)
	o1 := f.owner()
	o2 := f.owner() // a second sign-in of the owner (another browser)
	kept := openOwnerAs(t, o1, "")
	other := openOwnerAs(t, o1, "") // "open as another player": a second person of that browser
	ended := openOwnerAs(t, o2, "")
	if st, _, err := o2.Post("/logout", url.Values{}); err != nil || st != 200 {
		t.Fatalf("sign out: %d %v", st, err)
	}
	// Guests: one by an invite that stays open, one by an invite then revoked, one by a link
	// capped at one tab.
	code, _ := mintInvite(t, kept.tab, map[string]any{"role": "editor"})
	guest := joinAs(t, f.http.URL, code, "")
	revokedCode, revokedID := mintInvite(t, kept.tab, map[string]any{"role": "participant"})
	joinAs(t, f.http.URL, revokedCode, "")
	if st, msg := kept.call("POST", "/api/world/invites/"+revokedID+"/revoke", map[string]any{}, nil); st != 200 {
		t.Fatalf("revoke: %d %s", st, msg)
	}
	cappedCode, _ := mintInvite(t, kept.tab, map[string]any{"role": "participant", "maxUses": 1})
	joinAs(t, f.http.URL, cappedCode, "")
	addr := f.http.Listener.Addr().String()
	f.stop()

	st, err := store.Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	people, err := st.People(context.Background(), "dev")
	st.Close()
	if err != nil {
		t.Fatal(err)
	}
	stored := map[string]bool{}
	for _, p := range people {
		stored[p.Actor] = true
	}
	if !stored[kept.actor] || !stored[other.actor] || !stored[guest.actor] || stored[ended.actor] {
		t.Fatalf("stored people %+v, want %s, %s and %s (not the signed-out %s)", people, kept.actor, other.actor, guest.actor, ended.actor)
	}
	for _, name := range []string{"host.db", "host.db-wal"} {
		b, _ := os.ReadFile(filepath.Join(dir, name))
		for _, secret := range []string{kept.person, other.person, ended.person, guest.person, code, cappedCode} {
			if bytes.Contains(b, []byte(secret)) {
				t.Fatalf("%s holds a person secret or invite code", name)
			}
		}
	}

	f.startOn(addr) // the same port: the owner's sign-in cookie is that origin's
	t.Cleanup(f.stop)
	if kept.works() {
		t.Fatal("a tab token of the last run still works") // tokens are memory-only
	}
	again := openOwnerAs(t, o1, kept.person)
	if again.actor != kept.actor || again.person != kept.person {
		t.Fatalf("after the restart the person is %s (secret kept %v), want %s", again.actor, again.person == kept.person, kept.actor)
	}
	if a := openOwnerAs(t, o1, other.person); a.actor != other.actor {
		t.Fatalf("the other player is %s after the restart, want %s", a.actor, other.actor)
	}
	fresh := openOwnerAs(t, o1, "")
	for _, a := range []string{kept.actor, other.actor, ended.actor} {
		if fresh.actor == a {
			t.Fatalf("a new person after the restart got %s again", a)
		}
	}
	if g := joinAs(t, f.http.URL, code, guest.person); g.actor != guest.actor {
		t.Fatalf("the guest is %s after the restart, want %s", g.actor, guest.actor)
	}
	if _, st := join(t, f.http.URL, revokedCode); st != 403 {
		t.Fatalf("a revoked invite opened a tab after the restart: %d", st)
	}
	if _, st := join(t, f.http.URL, cappedCode); st != 403 {
		t.Fatalf("an invite capped at one tab, used, opened another after the restart: %d", st)
	}
	o3 := f.owner()
	if a := openOwnerAs(t, o3, ended.person); a.actor == ended.actor {
		t.Fatalf("the signed-out person %s came back", ended.actor)
	}
}
