package chromium

import "slices"

// The candidate lists of every platform, as data any platform can build, so one test (on Linux)
// checks each list's order; candidates_*.go pick this platform's. Chrome first (what most
// authors have), then Chromium, Edge and Brave: all speak the DevTools protocol chromedp drives.
// Paths are joined by hand with the separator of the platform each list is for (filepath.Join
// would use the separator of the platform building it).

// pathNames are the executables looked up on PATH: Linux distributions' and Docker images'
// names, and the headless shell.
var pathNames = []Candidate{{Name: "chromium"}, {Name: "chromium-browser"}, {Name: "google-chrome"}, {Name: "google-chrome-stable"}, {Name: "headless-shell"}}

// unixCandidates are Linux's (and the BSDs'): PATH, then the snap, which is not always on PATH
// for non-interactive shells.
func unixCandidates(getenv func(string) string) []Candidate {
	return slices.Concat(pathNames, []Candidate{{Path: "/snap/bin/chromium"}})
}

// macCandidates are the application bundles' executables, system-wide then the user's own
// ~/Applications, then PATH (a Homebrew or hand-made link).
func macCandidates(getenv func(string) string) []Candidate {
	apps := []string{
		"Google Chrome.app/Contents/MacOS/Google Chrome",
		"Chromium.app/Contents/MacOS/Chromium",
		"Microsoft Edge.app/Contents/MacOS/Microsoft Edge",
		"Brave Browser.app/Contents/MacOS/Brave Browser",
	}
	var out []Candidate
	for _, app := range apps {
		out = append(out, Candidate{Path: "/Applications/" + app})
		if home := getenv("HOME"); home != "" {
			out = append(out, Candidate{Path: home + "/Applications/" + app})
		}
	}
	return slices.Concat(out, pathNames)
}

// windowsCandidates are the installers' places: per machine (Program Files, 64- then 32-bit) and
// per user (Local AppData) for Chrome, Edge (a part of Windows, so nearly always there), Brave
// and Chromium's snapshot builds, then PATH. A variable that is unset drops its places.
func windowsCandidates(getenv func(string) string) []Candidate {
	bases := []string{"ProgramFiles", "ProgramFiles(x86)", "LocalAppData"}
	exes := []string{
		`Google\Chrome\Application\chrome.exe`,
		`Microsoft\Edge\Application\msedge.exe`,
		`BraveSoftware\Brave-Browser\Application\brave.exe`,
		`Chromium\Application\chrome.exe`,
	}
	var out []Candidate
	for _, exe := range exes {
		for _, base := range bases {
			if dir := getenv(base); dir != "" {
				out = append(out, Candidate{Path: windowsJoin(dir, exe)})
			}
		}
	}
	return append(out, Candidate{Name: "chrome"}, Candidate{Name: "msedge"}, Candidate{Name: "chromium"})
}

// windowsJoin joins with a backslash, whatever the platform building the list.
func windowsJoin(dir, rel string) string {
	if dir[len(dir)-1] == '\\' || dir[len(dir)-1] == '/' {
		return dir + rel
	}
	return dir + `\` + rel
}
