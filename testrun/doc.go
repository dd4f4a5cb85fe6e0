// Package testrun runs a Gizmo project's *.test.ts files without Node.js: esbuild compiles each
// file (the SDK and the test modules stay external), goja runs it with @scape/sdk,
// @scape/sdk/runtime, node:test and node:assert/strict supplied, and every test is one guarded
// call (deadline, stack bound, memory bound). Failures are reported with the TypeScript file and
// line, mapped through the source map.
package testrun
