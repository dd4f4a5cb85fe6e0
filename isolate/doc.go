// Package isolate runs author code — validation, the host's live calls, author tests — in
// worker processes with hard limits, so no bundle can take the machine's memory or time:
// jsrt's guards are soft (Interrupt does not stop a native built-in; the heap watchdog polls,
// and a single allocation outruns it), and only a process boundary makes a hard limit safe.
//
// A worker is the running binary re-executed as `<binary> internal worker` (ServeIfWorker, first
// thing in main and in the TestMain of test binaries that start workers). It compiles and runs
// the SDK once, then limits itself: its memory at its warm baseline plus Limits.Memory (how is
// the platform's strategy, strategy.go: RLIMIT_AS on Linux; on macOS and Windows its own cap on
// the Go runtime's memory and the parent's watch of the OS's figure), a poll of its footprint
// that stops a guarded call with jsrt's MemoryError at half of that, a timer
// per guarded call at its deadline plus Limits.Grace (jsrt.SetGuardObserver), a bound on the
// time spent between guarded calls (Limits.Outside: author code that Go's reads trigger), phase
// budgets over a request's author code and renders (Limits.Author, Limits.Render) and
// RLIMIT_CPU per request (Limits.CPU). Passing one, it reports the breach and exits; the parent
// also kills a worker that does not answer within the budgets plus a slack, or whose caller gave
// up and that does not stop within the grace. The parent turns a breach into a *Breach, a
// verdict: Check reports it as the report's one diagnostic (code memory, timeout or stack).
//
// Parent and worker speak length-prefixed JSON frames over the worker's stdin and stdout
// (internal/frame, messages.go). A Pool keeps warm workers and replaces any that breached, died
// or grew; OneShot pools serve a short command (package buildserver keeps one warm across
// commands; it imports isolate, never the reverse). With SCAPE_ISOLATE=0 a Pool runs everything
// in-process under jsrt's soft bounds only (inprocess.go). A check has one body either way
// (check.go's runCheck): only its site differs (a worker's watchdog and open projects, or none).
//
// A check explores its project's definitions across workers (explore.go): its worker explores
// the first part and asks its parent for the others (msgExplore), which a pool of explorers
// beside the pool explores (opExplore, each part under its own worker's limits) and answers
// (opExplored); validate merges the parts in the definitions' order into the serial report.
// In-process, exploration stays serial.
//
// Options flow in one line: project.Options → isolate.Options (what crosses to a worker, as
// it is, in a checkRequest) → validate.Options (Options.validate, the one place the two meet) →
// jsrt.Limits, embedded unchanged all the way.
//
// docs/build.md, "Hard limits", states the budgets and what each costs.
package isolate
