// Package chromium finds a Chromium-based browser (CHROME_PATH, else where each platform
// installs one) for the product's model pictures and for tests, and starts it headless for tests,
// one way for every package: the flags CI uses, a fresh user-data dir per test, and a visible skip when
// Chromium is missing or does not start — a failure instead when SCAPE_REQUIRE_CHROMIUM=1 (CI
// installs Chromium and sets it, so a browser test can never pass there by not running).
package chromium

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// Candidate is one place a Chromium-based browser may be: a name looked up on PATH, or a path.
// The places per platform are in candidates_*.go.
type Candidate struct {
	Name string // looked up on PATH (exec.LookPath), when set
	Path string // an executable's absolute path, otherwise
}

func (c Candidate) String() string {
	if c.Name != "" {
		return c.Name + " on PATH"
	}
	return c.Path
}

// ErrNotFound is (through errors.Is) every error of Find: no browser where it looked, or none at
// CHROME_PATH. Its own text is the install hint, for callers that report it alone.
var ErrNotFound = errors.New("no Chromium found; " + installHint)

// notFound says where Find looked.
type notFound struct{ detail string }

func (e *notFound) Error() string        { return "no Chromium found: " + e.detail }
func (e *notFound) Is(target error) bool { return target == ErrNotFound }

// Find returns the browser to start: CHROME_PATH when set (and an error naming it when nothing
// is there: a browser chosen explicitly is never silently replaced by another), else the first
// of this platform's candidates that exists.
func Find() (string, error) {
	return find(os.Getenv("CHROME_PATH"), candidates(os.Getenv), exec.LookPath, os.Stat)
}

// find is Find with what it reads of the machine passed in, so one test checks every
// platform's candidate list and the precedence of CHROME_PATH.
func find(chromePath string, list []Candidate, lookPath func(string) (string, error), stat func(string) (fs.FileInfo, error)) (string, error) {
	if chromePath != "" {
		info, err := stat(chromePath)
		switch {
		case err != nil:
			return "", &notFound{fmt.Sprintf("CHROME_PATH is %q, which does not exist (%v); set it to the browser's executable, or unset it to look in the usual places", chromePath, errors.Unwrap(err))}
		case info.IsDir():
			return "", &notFound{fmt.Sprintf("CHROME_PATH is %q, a directory; set it to the browser's executable (on macOS the file inside the .app: …/Contents/MacOS/Google Chrome)", chromePath)}
		}
		return chromePath, nil
	}
	var looked []string
	for _, c := range list {
		if c.Name != "" {
			if p, err := lookPath(c.Name); err == nil {
				return p, nil
			}
		} else if info, err := stat(c.Path); err == nil && !info.IsDir() {
			return c.Path, nil
		}
		looked = append(looked, c.String())
	}
	return "", &notFound{fmt.Sprintf("CHROME_PATH is not set and none of these exists: %s; %s", strings.Join(looked, ", "), installHint)}
}

// Options are the allocator options for the binary at path: headless, no sandbox (containers
// run as root), nothing fetched in the background, and its own profile in userDataDir.
func Options(path, userDataDir string) []chromedp.ExecAllocatorOption {
	return []chromedp.ExecAllocatorOption{
		chromedp.ExecPath(path),
		chromedp.Flag("headless", true),
		chromedp.Flag("no-sandbox", true),
		chromedp.Flag("disable-gpu", true),
		// WebGL (the world page's model renderer) on SwiftShader, the CPU fallback: without a GPU
		// and this flag, Chromium gives the page no WebGL context at all.
		chromedp.Flag("enable-unsafe-swiftshader", true),
		chromedp.Flag("disable-background-networking", true),
		chromedp.Flag("disable-component-update", true),
		chromedp.Flag("disable-sync", true),
		chromedp.Flag("no-first-run", true),
		chromedp.UserDataDir(userDataDir),
	}
}

// Required reports whether the environment demands Chromium (SCAPE_REQUIRE_CHROMIUM=1).
func Required() bool { return os.Getenv("SCAPE_REQUIRE_CHROMIUM") == "1" }

// ReadyTimeout bounds the ready check given to Start.
const ReadyTimeout = time.Minute

// Start starts headless Chromium for t and returns its context, closed when t ends. If
// Chromium is missing, does not start, or ready (when not nil) returns an error, t is skipped
// with a message saying that `what` did not run — or fails when Required.
func Start(t testing.TB, what string, ready func(ctx context.Context) error) context.Context {
	t.Helper()
	path, err := Find()
	if err != nil {
		if Required() {
			t.Fatalf("Chromium is required (SCAPE_REQUIRE_CHROMIUM=1): %v", err)
		}
		t.Skipf("SKIP: %v; %s did not run", err, what)
	}
	actx, cancelAlloc := chromedp.NewExecAllocator(context.Background(), Options(path, t.TempDir())...)
	ctx, cancel := chromedp.NewContext(actx)
	t.Cleanup(func() { cancel(); cancelAlloc() })
	// The first Do allocates the browser; it must not carry a deadline, which would close the
	// whole browser when it passed.
	err = chromedp.Do(ctx)
	if err == nil && ready != nil {
		rctx, cancelReady := context.WithTimeout(ctx, ReadyTimeout)
		err = ready(rctx)
		cancelReady()
	}
	if err != nil {
		if Required() {
			t.Fatalf("Chromium did not start: %v", err)
		}
		t.Skipf("SKIP: Chromium did not start (%v); %s did not run", err, what)
	}
	return ctx
}

// Text returns the trimmed text of the first element matching sel, failing t when there is none
// before ctx ends.
func Text(t testing.TB, ctx context.Context, sel string) string {
	t.Helper()
	s, err := chromedp.Run(ctx, chromedp.Text(chromedp.CSS(sel)))
	if err != nil {
		t.Fatalf("text of %s: %v", sel, err)
	}
	return strings.TrimSpace(s)
}
