package kit

// UnlistedHostAPIs are the host APIs the validation engine supplies (jsrt/hostapi.js) although
// the Scape docs neither grant nor forbid them: authors test under Node, where they exist, so a
// ReferenceError for them would be an error the author never saw. A build warns where a bundle
// uses one (bundle/hostapis.go): a hosted world may not offer them. One list for both.
var UnlistedHostAPIs = []string{"structuredClone", "DOMException", "TextEncoder", "TextDecoder", "atob", "btoa", "queueMicrotask"}
