package dev_test

import (
	"bufio"
	"database/sql"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/scapeworld/scape/host/hosttest"
)

// process is a running `scape` with its output lines collected as they arrive.
type process struct {
	t    *testing.T
	name string
	cmd  *exec.Cmd
	mu   sync.Mutex
	cond *sync.Cond
	out  []string // stdout lines
	err  []string // stderr lines
	done chan struct{}
}

func start(t *testing.T, name string, args ...string) *process {
	t.Helper()
	p := &process{t: t, name: name, cmd: exec.Command("scape", args...), done: make(chan struct{})}
	p.cond = sync.NewCond(&p.mu)
	p.cmd.Env = append(os.Environ(), "NO_COLOR=1")
	stdout, _ := p.cmd.StdoutPipe()
	stderr, _ := p.cmd.StderrPipe()
	if err := p.cmd.Start(); err != nil {
		t.Fatal(err)
	}
	var wg sync.WaitGroup
	read := func(r io.Reader, into *[]string) {
		defer wg.Done()
		sc := bufio.NewScanner(r)
		sc.Buffer(make([]byte, 1<<20), 1<<20)
		for sc.Scan() {
			p.mu.Lock()
			*into = append(*into, sc.Text())
			p.cond.Broadcast()
			p.mu.Unlock()
		}
	}
	wg.Add(2)
	go read(stdout, &p.out)
	go read(stderr, &p.err)
	go func() {
		wg.Wait()
		p.cmd.Wait()
		p.mu.Lock()
		close(p.done)
		p.cond.Broadcast()
		p.mu.Unlock()
	}()
	t.Cleanup(func() {
		select {
		case <-p.done:
		default:
			p.cmd.Process.Kill()
			<-p.done
		}
	})
	return p
}

func (p *process) exited() bool {
	select {
	case <-p.done:
		return true
	default:
		return false
	}
}

// waitOut waits for a stdout line (after index from) matching match; returns it and its index.
func (p *process) waitOut(from int, what string, match func(string) bool) (string, int) {
	p.t.Helper()
	deadline := time.Now().Add(60 * time.Second)
	timer := time.AfterFunc(60*time.Second, func() { p.mu.Lock(); p.cond.Broadcast(); p.mu.Unlock() })
	defer timer.Stop()
	p.mu.Lock()
	defer p.mu.Unlock()
	for {
		for i := from; i < len(p.out); i++ {
			if match(p.out[i]) {
				return p.out[i], i
			}
		}
		if p.exited() || time.Now().After(deadline) {
			p.t.Fatalf("%s: no %s (exited %v)\nstdout:\n%s\nstderr:\n%s", p.name, what, p.exited(), strings.Join(p.out, "\n"), strings.Join(p.err, "\n"))
		}
		p.cond.Wait()
	}
}

func (p *process) lines() int { p.mu.Lock(); defer p.mu.Unlock(); return len(p.out) }

func (p *process) allOutput() string {
	p.mu.Lock()
	defer p.mu.Unlock()
	return strings.Join(p.out, "\n") + "\n" + strings.Join(p.err, "\n")
}

// event is a line of `scape gizmo dev --json`.
type event struct {
	Time     string `json:"time"`
	Event    string `json:"event"`
	Code     string `json:"code"`
	Link     string `json:"link"`
	Revision int    `json:"revision"`
	Active   int    `json:"active_revision"`
	Size     int    `json:"size"`
	SHA      string `json:"content_sha256"`
	Latency  *int64 `json:"latency_ms"`
	Stage    string `json:"stage"`
	Message  string `json:"message"`
	Errors   []struct {
		File    string   `json:"file"`
		Line    int      `json:"line"`
		Path    string   `json:"path"`
		Got     string   `json:"got"`
		Message string   `json:"message"`
		Code    string   `json:"code"`
		Trail   []string `json:"trail"`
	} `json:"errors"`
}

// waitEvent waits for one of the event kinds after stdout line from.
func (p *process) waitEvent(from int, kinds ...string) (event, int) {
	p.t.Helper()
	var ev event
	_, i := p.waitOut(from, fmt.Sprint(kinds), func(line string) bool {
		var e event
		if json.Unmarshal([]byte(line), &e) != nil {
			return false
		}
		for _, k := range kinds {
			if e.Event == k {
				ev = e
				return true
			}
		}
		return false
	})
	return ev, i + 1
}

func (p *process) signal(sig os.Signal) {
	p.t.Helper()
	if err := p.cmd.Process.Signal(sig); err != nil {
		p.t.Fatal(err)
	}
}

func (p *process) wait(code int) {
	p.t.Helper()
	select {
	case <-p.done:
	case <-time.After(30 * time.Second):
		p.t.Fatalf("%s did not exit", p.name)
	}
	if got := p.cmd.ProcessState.ExitCode(); got != code {
		p.t.Fatalf("%s exited %d, want %d:\n%s", p.name, got, code, p.allOutput())
	}
}

func freePort(t *testing.T) string {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	return ln.Addr().String()
}

var signInLine = regexp.MustCompile(`Owner sign-in \(one-time\): (\S+)/login\?token=(\S+)`)

// owner signs in with the newest token the host printed.
func (p *process) owner() *hosttest.Owner {
	p.t.Helper()
	p.waitOut(0, "owner sign-in line", signInLine.MatchString)
	p.mu.Lock()
	var m []string
	for _, line := range p.out {
		if s := signInLine.FindStringSubmatch(line); s != nil {
			m = s
		}
	}
	p.mu.Unlock()
	o, err := hosttest.SignIn(m[1], m[2])
	if err != nil {
		p.t.Fatal(err)
	}
	return o
}

// newLamp scaffolds the lamp template with the real `scape gizmo init`.
func newLamp(t *testing.T) string {
	t.Helper()
	dir := filepath.Join(t.TempDir(), "my-lamp")
	if out, err := exec.Command("scape", "gizmo", "init", dir, "--template", "lamp").CombinedOutput(); err != nil {
		t.Fatalf("scape gizmo init: %v\n%s", err, out)
	}
	return dir
}

// edit rewrites a project file through a temp file and a rename, as editors save.
func edit(t *testing.T, path, old, new string) {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(b), old) {
		t.Fatalf("%s does not contain %q", path, old)
	}
	tmp := filepath.Join(filepath.Dir(path), "."+filepath.Base(path)+".swp")
	if err := os.WriteFile(tmp, []byte(strings.Replace(string(b), old, new, 1)), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Rename(tmp, path); err != nil {
		t.Fatal(err)
	}
}

func sidebarShows(t *testing.T, o *hosttest.Owner, want ...string) {
	t.Helper()
	deadline := time.Now().Add(20 * time.Second)
	for {
		_, body, err := o.Get("/sidebar")
		if err != nil {
			t.Fatal(err)
		}
		ok := true
		for _, w := range want {
			ok = ok && strings.Contains(body, w)
		}
		if ok {
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("sidebar lacks %q:\n%s", want, body)
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// TestEndToEndWithOrigin runs the real host and the real dev command as two processes: pairing
// approved through the host's pages, uploads on each save, a rejection naming the field while
// the previous revision stays active, the host killed mid-upload and restarted, and Ctrl+C
// revoking the session.
func TestEndToEndWithOrigin(t *testing.T) {
	dir := newLamp(t)
	def := filepath.Join(dir, "src", "definition.ts")
	addr := freePort(t)
	data := filepath.Join(t.TempDir(), "world")
	host := start(t, "host", "gizmo", "host", "--addr", addr, "--data", data)
	owner := host.owner()

	dev := start(t, "dev", "gizmo", "dev", "--origin", "http://"+addr, "--json", dir)
	ev, at := dev.waitEvent(0, "pairing")
	if !regexp.MustCompile(`^[B-Z]{4}-[B-Z]{4}$`).MatchString(ev.Code) || !strings.HasPrefix(ev.Link, "http://"+addr+"/connect?code=") {
		t.Fatalf("pairing event: %+v", ev)
	}
	// A wrong code is refused; the right one connects; the same one again is refused.
	if err := owner.Approve("BCDF-GHJK"); err == nil || ev.Code == "BCDF-GHJK" {
		t.Fatalf("wrong code accepted: %v", err)
	}
	if err := owner.Approve(ev.Code); err != nil {
		t.Fatal(err)
	}
	if err := owner.Approve(ev.Code); err == nil || !strings.Contains(err.Error(), "already used") {
		t.Fatalf("reused code: %v", err)
	}
	_, at = dev.waitEvent(at, "paired")
	ev, at = dev.waitEvent(at, "accepted", "rejected", "build_failed")
	if ev.Event != "accepted" || ev.Revision != 1 || ev.Latency == nil {
		t.Fatalf("first build: %+v\n%s", ev, dev.allOutput())
	}
	sidebarShows(t, owner, "revision 1", "my-lamp", "example.lamp")

	// Edit a source file: a new revision.
	edit(t, def, "label: 'Lamp'", "label: 'Desk lamp'")
	if ev, at = dev.waitEvent(at, "accepted", "rejected", "build_failed"); ev.Event != "accepted" || ev.Revision != 2 {
		t.Fatalf("after edit: %+v", ev)
	}
	// Break a definition locally: the client's own validation names the field, nothing is sent.
	edit(t, def, "radiusCells: 3,", "radiusCells: 13,")
	ev, at = dev.waitEvent(at, "accepted", "rejected", "build_failed")
	if ev.Event != "build_failed" || ev.Stage != "validate" || len(ev.Errors) == 0 || !strings.Contains(ev.Errors[0].Path, "radiusCells") {
		t.Fatalf("broken definition: %+v", ev)
	}
	edit(t, def, "radiusCells: 13,", "radiusCells: 3,")
	if ev, at = dev.waitEvent(at, "accepted", "rejected", "build_failed", "unchanged"); ev.Event != "unchanged" || ev.Revision != 2 || ev.Active != 2 {
		t.Fatalf("after the fix (same content as revision 2, active): %+v", ev)
	}

	// A placed lamp must still validate: changing the state version is refused by the host
	// (the client cannot know the world's instances), and revision 2 stays active.
	if st, body, err := owner.Post("/instances", url.Values{"type": {"example.lamp"}}); err != nil || st != 200 || strings.Contains(body, `class="error"`) {
		t.Fatalf("place a lamp: %d %v\n%s", st, err, body)
	}
	edit(t, def, "version: 1,", "version: 2,")
	ev, at = dev.waitEvent(at, "accepted", "rejected", "build_failed")
	if ev.Event != "rejected" || ev.Revision != 3 || ev.Active != 2 || len(ev.Errors) == 0 || !strings.HasSuffix(ev.Errors[0].Path, ".version") || ev.Errors[0].Got != "1" {
		t.Fatalf("incompatible update: %+v", ev)
	}
	// The host has no source map; the client maps its positions back to TypeScript.
	if ev.Errors[0].File != "src/definition.ts" || ev.Errors[0].Line != 16 {
		t.Fatalf("host rejection position: %+v", ev.Errors[0])
	}
	sidebarShows(t, owner, "revision 2</strong>", `id="rejection-3"`)
	edit(t, def, "version: 2,", "version: 1,")
	if ev, at = dev.waitEvent(at, "accepted", "rejected", "build_failed"); ev.Event != "accepted" || ev.Revision != 4 {
		t.Fatalf("after reverting the version: %+v", ev)
	}

	// Changing fixed walkability also requires removing placed instances: refused while the lamp
	// is placed, accepted (with the next edit) once it is removed.
	edit(t, def, "version: 1,", "version: 1,\n  walkable: true,")
	ev, at = dev.waitEvent(at, "accepted", "rejected", "build_failed")
	if ev.Event != "rejected" || ev.Revision != 5 || ev.Active != 4 || len(ev.Errors) != 1 || !strings.HasSuffix(ev.Errors[0].Path, ".walkable") ||
		!strings.Contains(ev.Errors[0].Message, "is placed as blocking but example.lamp is now walkable (remove the placed instances before changing fixed walkability)") {
		t.Fatalf("walkability changed with a lamp placed: %+v", ev)
	}
	_, page, err := owner.Get("/")
	if err != nil {
		t.Fatal(err)
	}
	placed := regexp.MustCompile(`/instances/([^/"]+)/remove`).FindStringSubmatch(page)
	if placed == nil {
		t.Fatalf("no placed lamp on the world page:\n%s", page)
	}
	if st, _, err := owner.Post("/instances/"+placed[1]+"/remove", url.Values{}); err != nil || st != 200 {
		t.Fatalf("remove the lamp: %d %v", st, err)
	}
	// Removed, the rejected build passes by itself: the host judges it again (revision 6, the
	// same bundle, no save needed); the next edit is revision 7.
	sidebarShows(t, owner, "revision 6</strong>")
	edit(t, def, "label: 'Desk lamp'", "label: 'Path lamp'")
	if ev, at = dev.waitEvent(at, "accepted", "rejected", "build_failed"); ev.Event != "accepted" || ev.Revision != 7 {
		t.Fatalf("walkable lamp with none placed: %+v", ev)
	}

	// Kill the host as the upload starts, restart it on the same data: the client retries, and
	// exactly one new revision is active (none lost, none doubled).
	edit(t, def, "label: 'Path lamp'", "label: 'Floor lamp'")
	_, at = dev.waitEvent(at, "build_started")
	host.cmd.Process.Kill()
	<-host.done
	_, at = dev.waitEvent(at, "retrying")
	host = start(t, "host2", "gizmo", "host", "--addr", addr, "--data", data)
	ev, at = dev.waitEvent(at, "accepted", "rejected", "build_failed")
	if ev.Event != "accepted" || ev.Revision != 8 {
		t.Fatalf("after the host restarted: %+v\n%s", ev, dev.allOutput())
	}
	owner = host.owner()
	sidebarShows(t, owner, "revision 8</strong>", "my-lamp")

	// Ctrl+C revokes the session and exits 0; the world keeps revision 8.
	dev.signal(syscall.SIGINT)
	ev, _ = dev.waitEvent(at, "stopped")
	if !strings.Contains(ev.Message, "revoked") {
		t.Fatalf("stopped: %+v", ev)
	}
	dev.wait(0)
	sidebarShows(t, owner, "revision 8</strong>", `id="no-project"`)
	t.Logf("dev output:\n%s", dev.allOutput())
	if strings.Contains(dev.allOutput(), "sgs_") || strings.Contains(host.allOutput(), "sgs_") {
		t.Fatal("a session token was printed")
	}
}

// TestEndToEndEmbedded runs `scape gizmo dev` with no origin: the host starts inside it, with
// its data in the project's .scape/, and the world link signs its owner in.
func TestEndToEndEmbedded(t *testing.T) {
	dir := newLamp(t)
	// Files that are not build inputs, and must never leave the machine.
	for name, text := range map[string]string{".env": "API_KEY=SECRET_ENV_VALUE\n", "notes.md": "NOTES_NOT_AN_INPUT\n", "src/unused.ts": "export const x = 'UNUSED_SOURCE';\n"} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o600); err != nil {
			t.Fatal(err)
		}
	}
	dev := start(t, "dev", "gizmo", "dev", "--json", dir)
	world, at := dev.waitEvent(0, "world")
	ev, at := dev.waitEvent(at, "accepted", "rejected", "build_failed")
	if ev.Event != "accepted" || ev.Revision != 1 {
		t.Fatalf("first build: %+v\n%s", ev, dev.allOutput())
	}
	if _, err := os.Stat(filepath.Join(dir, ".scape", "host", "host.db")); err != nil {
		t.Fatalf("embedded host data: %v", err)
	}
	u, _ := url.Parse(world.Link)
	owner, err := hosttest.SignIn(u.Scheme+"://"+u.Host, u.Query().Get("token"))
	if err != nil {
		t.Fatal(err)
	}
	sidebarShows(t, owner, "revision 1</strong>", "my-lamp")
	// The world link lasts while dev runs: a second tab signs in with it too, and no second
	// World: line is printed.
	if _, err := hosttest.SignIn(u.Scheme+"://"+u.Host, u.Query().Get("token")); err != nil {
		t.Fatalf("the world link a second time: %v", err)
	}
	edit(t, filepath.Join(dir, "src", "definition.ts"), "label: 'Lamp'", "label: 'Desk lamp'")
	if ev, at = dev.waitEvent(at, "accepted", "rejected", "build_failed"); ev.Event != "accepted" || ev.Revision != 2 {
		t.Fatalf("after edit: %+v", ev)
	}
	// A mistake only exploration finds (the lamp starts off; its light, reached by toggle, is too
	// large): the local check leaves exploration to the embedded host, whose rejection carries the
	// trail, at the TypeScript line the local map gives.
	def := filepath.Join(dir, "src", "definition.ts")
	src, err := os.ReadFile(def)
	if err != nil {
		t.Fatal(err)
	}
	broken := strings.Replace(strings.Replace(string(src), "on: true,", "on: false,", 1), "radiusCells: 3,", "radiusCells: 13,", 1)
	wantLine := 1 + strings.Count(broken[:strings.Index(broken, "radiusCells: 13,")], "\n")
	edit(t, def, string(src), broken)
	ev, at = dev.waitEvent(at, "accepted", "rejected", "build_failed")
	if ev.Event != "rejected" || ev.Revision != 3 || ev.Active != 2 || len(ev.Errors) == 0 ||
		fmt.Sprint(ev.Errors[0].Trail) != "[toggle]" || !strings.HasSuffix(ev.Errors[0].File, "definition.ts") || ev.Errors[0].Line != wantLine {
		t.Fatalf("a mistake only exploration finds (want rejected r3 at definition.ts:%d after toggle): %+v", wantLine, ev)
	}
	edit(t, def, broken, string(src))
	if ev, at = dev.waitEvent(at, "accepted", "rejected", "build_failed"); ev.Event != "accepted" || ev.Revision != 4 {
		t.Fatalf("after the fix: %+v", ev)
	}
	// A second dev loop on the same project refuses at once, naming the running one, instead of
	// pairing with the same world and fighting the first over its session.
	second := start(t, "second dev", "gizmo", "dev", "--json", dir)
	second.wait(2)
	if out := second.allOutput(); !strings.Contains(out, "another scape gizmo dev is already running for this project (pid ") || !strings.Contains(out, "world http://127.0.0.1:") {
		t.Fatalf("second dev run:\n%s", out)
	}
	if n := strings.Count(dev.allOutput(), `"event":"world"`); n != 1 {
		t.Fatalf("%d world links printed, want 1", n)
	}
	dev.signal(syscall.SIGTERM)
	stopped, _ := dev.waitEvent(at, "stopped")
	dev.wait(0)
	// The embedded world closes with the command: the message says so, and what is kept.
	if !strings.Contains(stopped.Message, "the local world closed with this command") || !strings.Contains(stopped.Message, ".scape/host") {
		t.Fatalf("stopped: %q", stopped.Message)
	}

	// What the host stored is exactly what was uploaded: no source map, no other file.
	db, err := sql.Open("sqlite", "file:"+filepath.Join(dir, ".scape", "host", "host.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	var bundle string
	if err := db.QueryRow(`SELECT bundle FROM revisions WHERE number = 2`).Scan(&bundle); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(bundle, "Desk lamp") {
		t.Fatal("revision 2 is not the edited build")
	}
	for _, leak := range []string{"sourceMappingURL", "sourcesContent", "SECRET_ENV_VALUE", "NOTES_NOT_AN_INPUT", "UNUSED_SOURCE"} {
		if strings.Contains(bundle, leak) {
			t.Errorf("the uploaded bundle contains %q", leak)
		}
	}
}
