package chromium

// candidates are where macOS keeps a browser: its application bundles (candidates.go).
var candidates = macCandidates

// installHint says how to get a browser on macOS.
const installHint = "install Google Chrome (or Chromium: `brew install --cask chromium`), or set CHROME_PATH to the browser's executable"
