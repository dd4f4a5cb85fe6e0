package chromium

// candidates are where Windows installers put a browser (candidates.go).
var candidates = windowsCandidates

// installHint says how to get a browser on Windows.
const installHint = "install Google Chrome or Microsoft Edge, or set CHROME_PATH to the browser's executable (chrome.exe, msedge.exe)"
