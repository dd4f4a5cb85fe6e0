// Package buildserver keeps a warm worker for short commands (`scape gizmo build`, `sound`), so
// that a build after the first pays neither a worker's start nor goja's compile of the SDK (about
// 60 ms of a 100 ms budget, docs/build.md): the server is this binary started as
// `<binary> internal build-server <socket>`, holding an isolate.Pool of one warm worker with the
// same hard limits a command's own worker has. A command reaches it over a Unix socket in the
// user's cache directory and sends the check a worker would get; the server runs it on its pool
// and sends the outcome back. Author code still runs only in the limited worker: the server
// never loads a bundle. A command that finds no server validates in a worker of its own (a
// OneShot), and then starts one for the next command. A server exits after ServerIdle without a
// request, when its socket is removed (the cache cleared), or on SIGTERM/SIGINT.
//
// Trust: the socket lives in a 0700 directory and the server answers only its own user's
// processes (SO_PEERCRED, peer_*.go). It is keyed by this executable (path, size and time), the
// user and every SCAPE_ setting (but SCAPE_TIMELINE and SCAPE_BUILD_SERVER), so another binary
// or another configuration never shares a server (socket.go).
//
// Imports run one way: buildserver uses package isolate's pool and its wire forms (Options,
// Outcome); isolate knows nothing of servers.
package buildserver
