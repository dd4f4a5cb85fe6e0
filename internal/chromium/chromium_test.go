package chromium

import (
	"context"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// machine is a fake file system and PATH for find: the paths that exist and the names on PATH.
type machine struct {
	files map[string]bool // path → is a directory
	path  map[string]string
}

func (m machine) stat(p string) (fs.FileInfo, error) {
	dir, ok := m.files[p]
	if !ok {
		return nil, &fs.PathError{Op: "stat", Path: p, Err: fs.ErrNotExist}
	}
	return fakeInfo{dir}, nil
}

func (m machine) lookPath(name string) (string, error) {
	if p, ok := m.path[name]; ok {
		return p, nil
	}
	return "", errors.New("not on PATH")
}

type fakeInfo struct{ dir bool }

func (fakeInfo) Name() string       { return "x" }
func (fakeInfo) Size() int64        { return 0 }
func (fakeInfo) Mode() fs.FileMode  { return 0o755 }
func (fakeInfo) ModTime() time.Time { return time.Time{} }
func (i fakeInfo) IsDir() bool      { return i.dir }
func (fakeInfo) Sys() any           { return nil }
func (m machine) find(chromePath string, list []Candidate) (string, error) {
	return find(chromePath, list, m.lookPath, m.stat)
}

func env(vars map[string]string) func(string) string { return func(k string) string { return vars[k] } }

func paths(list []Candidate) []string {
	var out []string
	for _, c := range list {
		out = append(out, c.String())
	}
	return out
}

// Each platform's list, in order: Chrome first, system-wide before the user's own, PATH last on
// macOS and Windows, the snap after PATH on Linux.
func TestCandidateLists(t *testing.T) {
	mac := paths(macCandidates(env(map[string]string{"HOME": "/Users/ada"})))
	wantMac := []string{
		"/Applications/Google Chrome.app/Contents/MacOS/Google Chrome",
		"/Users/ada/Applications/Google Chrome.app/Contents/MacOS/Google Chrome",
		"/Applications/Chromium.app/Contents/MacOS/Chromium",
		"/Users/ada/Applications/Chromium.app/Contents/MacOS/Chromium",
		"/Applications/Microsoft Edge.app/Contents/MacOS/Microsoft Edge",
		"/Users/ada/Applications/Microsoft Edge.app/Contents/MacOS/Microsoft Edge",
		"/Applications/Brave Browser.app/Contents/MacOS/Brave Browser",
		"/Users/ada/Applications/Brave Browser.app/Contents/MacOS/Brave Browser",
	}
	if strings.Join(mac[:len(wantMac)], "\n") != strings.Join(wantMac, "\n") || mac[len(wantMac)] != "chromium on PATH" {
		t.Errorf("macOS:\n%s", strings.Join(mac, "\n"))
	}
	if noHome := paths(macCandidates(env(nil))); len(noHome) != 4+len(pathNames) || strings.Contains(strings.Join(noHome, ","), "/Users") {
		t.Errorf("macOS without HOME: %v", noHome)
	}
	win := paths(windowsCandidates(env(map[string]string{
		"ProgramFiles":      `C:\Program Files`,
		"ProgramFiles(x86)": `C:\Program Files (x86)`,
		"LocalAppData":      `C:\Users\ada\AppData\Local\`,
	})))
	wantWin := []string{
		`C:\Program Files\Google\Chrome\Application\chrome.exe`,
		`C:\Program Files (x86)\Google\Chrome\Application\chrome.exe`,
		`C:\Users\ada\AppData\Local\Google\Chrome\Application\chrome.exe`,
		`C:\Program Files\Microsoft\Edge\Application\msedge.exe`,
		`C:\Program Files (x86)\Microsoft\Edge\Application\msedge.exe`,
		`C:\Users\ada\AppData\Local\Microsoft\Edge\Application\msedge.exe`,
	}
	if strings.Join(win[:len(wantWin)], "\n") != strings.Join(wantWin, "\n") || win[len(win)-3] != "chrome on PATH" {
		t.Errorf("Windows:\n%s", strings.Join(win, "\n"))
	}
	if only := paths(windowsCandidates(env(map[string]string{"LocalAppData": `D:\L`}))); only[0] != `D:\L\Google\Chrome\Application\chrome.exe` || only[1] != `D:\L\Microsoft\Edge\Application\msedge.exe` {
		t.Errorf("Windows with only LocalAppData: %v", only)
	}
	unix := paths(unixCandidates(env(nil)))
	if unix[0] != "chromium on PATH" || unix[len(unix)-1] != "/snap/bin/chromium" {
		t.Errorf("Linux: %v", unix)
	}
}

// The first candidate that exists wins, a name on PATH or a file; a directory is not a browser.
func TestFindTakesTheFirstThatExists(t *testing.T) {
	list := macCandidates(env(map[string]string{"HOME": "/Users/ada"}))
	m := machine{
		files: map[string]bool{
			"/Applications/Google Chrome.app/Contents/MacOS/Google Chrome":   true, // a directory: skipped
			"/Users/ada/Applications/Chromium.app/Contents/MacOS/Chromium":   false,
			"/Applications/Microsoft Edge.app/Contents/MacOS/Microsoft Edge": false,
		},
		path: map[string]string{"chromium": "/opt/homebrew/bin/chromium"},
	}
	if p, err := m.find("", list); err != nil || p != "/Users/ada/Applications/Chromium.app/Contents/MacOS/Chromium" {
		t.Fatalf("find = %q, %v", p, err)
	}
	m.files = nil
	if p, err := m.find("", list); err != nil || p != "/opt/homebrew/bin/chromium" {
		t.Fatalf("find with only PATH = %q, %v", p, err)
	}
}

// CHROME_PATH comes first, also before a browser in the usual places; one that names nothing
// is an error naming it, never a quiet fall back to another browser.
func TestChromePathFirstAndNeverSilentlyReplaced(t *testing.T) {
	list := unixCandidates(env(nil))
	m := machine{files: map[string]bool{"/opt/chrome/chrome": false, "/snap/bin/chromium": false, "/opt/chrome": true}, path: map[string]string{"chromium": "/usr/bin/chromium"}}
	if p, err := m.find("/opt/chrome/chrome", list); err != nil || p != "/opt/chrome/chrome" {
		t.Fatalf("CHROME_PATH set: %q, %v", p, err)
	}
	for chromePath, want := range map[string]string{
		"/opt/chrom/chrome": `no Chromium found: CHROME_PATH is "/opt/chrom/chrome", which does not exist (file does not exist); set it to the browser's executable, or unset it to look in the usual places`,
		"/opt/chrome":       `no Chromium found: CHROME_PATH is "/opt/chrome", a directory`,
	} {
		p, err := m.find(chromePath, list)
		if err == nil || !strings.HasPrefix(err.Error(), want) || !errors.Is(err, ErrNotFound) {
			t.Errorf("CHROME_PATH=%s: %q, %v\nwant an error starting %q", chromePath, p, err, want)
		}
	}
}

// Nothing anywhere: the error lists every place looked at, in order, and how to get a browser.
func TestFindWithoutChromium(t *testing.T) {
	_, err := machine{}.find("", unixCandidates(env(nil)))
	want := "no Chromium found: CHROME_PATH is not set and none of these exists: chromium on PATH, chromium-browser on PATH, google-chrome on PATH, google-chrome-stable on PATH, headless-shell on PATH, /snap/bin/chromium; " + installHint
	if err == nil || err.Error() != want || !errors.Is(err, ErrNotFound) {
		t.Fatalf("got  %v\nwant %s", err, want)
	}
	// The real lookup, on this machine, with an empty PATH and CHROME_PATH naming a file that
	// is not there.
	t.Setenv("PATH", t.TempDir())
	missing := filepath.Join(t.TempDir(), "chrome")
	t.Setenv("CHROME_PATH", missing)
	if p, err := Find(); err == nil || !strings.Contains(err.Error(), missing) {
		t.Fatalf("Find with CHROME_PATH=%s = %q, %v", missing, p, err)
	}
	if err := os.WriteFile(missing, []byte("#!/bin/sh\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	if p, err := Find(); err != nil || p != missing {
		t.Fatalf("Find with CHROME_PATH set to a file = %q, %v", p, err)
	}
}

func TestStartRunsReady(t *testing.T) {
	var got int
	ctx := Start(t, "this test", func(ctx context.Context) error {
		var err error
		got, err = chromedp.Run(ctx, chromedp.Evaluate[int]("6*7"))
		return err
	})
	if got != 42 {
		t.Fatalf("ready evaluated 6*7 = %d", got)
	}
	if n, err := chromedp.Run(ctx, chromedp.Evaluate[int]("1+1")); err != nil || n != 2 {
		t.Fatalf("after Start: 1+1 = %d, %v", n, err)
	}
}
