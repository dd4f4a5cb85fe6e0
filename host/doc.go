// Package host is the reference developer-world host: the HTTP interface written down in
// docs/protocol.md (device-authorization pairing, world-scoped upload sessions, atomic
// revisions), the owner's pages, and the local developer world in the browser (docs/world.md).
//
// # Rooms
//
// The host is in rooms, each a package with one job; imports run one way, downward
// (TestRoomsImportOneWay):
//
//	          host  — thin handlers over one operations file (operations.go: place, act,
//	           │      remove, seed): the dev protocol (api.go), the owner's pages (ui.go), the
//	           │      world page's API (worldapi.go, grid.go, panel.go, sounds.go, models.go);
//	           │      one credentials file (credentials.go: every credential a request carries,
//	           │      minted, hashed and read); the role → grants map (permissions.go); one error
//	           │      envelope and one body reader (api.go)
//	  ┌────────┼──────────────┬──────────────┐
//	  ▼        ▼              ▼              ▼
//	host/store host/engine    host/web       (world, protocol)
//	SQLite:    where author   the pages,
//	revisions, code runs: the the browser
//	sign-ins,  Checker over   app (ui/*.ts),
//	sessions,  isolate's      the model
//	instances  worker pools   picture
//	  │           │
//	  └─────┬─────┘
//	        ▼
//	      world  — the one world model: Instance, Viewer (grants), Access, Error; placed
//	               instances are read only through the model, storage behind world.Store
//	   protocol  — the JSON bodies both sides of the dev protocol share, the bundle limit and
//	               the loopback rule
//
// What each may touch: only host/store opens SQLite, and only through world.Store are placed
// instances read or written (by world.Model); only host/engine runs author code (imports
// isolate and validate), and the host holds its projects only through the engine.Engine and
// engine.Project interfaces; host/web knows no server state (cli/model draws model pictures
// with it and nothing else of the host). Every permission question is the world model's, from
// the grants the host maps each role to once; an action's declared permission is the SDK
// registry's.
//
// The host never holds a second copy of the Gizmo rules: every revision goes through the
// Engine it is given (the validate package in worker processes in production), and only a clean
// verdict is activated, atomically with the placed instances it was judged against
// (world.Model.Record); the accepted build's live project then serves the world page.
package host
