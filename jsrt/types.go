package jsrt

import _ "embed"

// globalTypes declares for TypeScript what installConsole defines (TestGlobalTypesMatchRuntime
// keeps the two in step).
//
//go:embed types/globals.d.ts
var globalTypes []byte

// GlobalTypes returns globals.d.ts: an ambient declaration of the non-standard globals every
// runtime from New provides (console and its levels). Scaffolding vendors it into projects so an
// editor accepts exactly what a build accepts.
func GlobalTypes() []byte { return append([]byte(nil), globalTypes...) }
