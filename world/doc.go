// Package world is the local developer world's model: the grid, the placed Gizmos, the avatars
// walking on it, and the movement, travel, feedback and permission rules of the Scape docs. It
// has no HTTP and runs no author code: the host drives it, runs author callbacks through its
// engine, and hands the results in. docs/world.md says what is simulated and what is a local
// approximation.
//
// # Grid
//
// Two floors (Surface, Basement) of Width×Height (24×16) cells; x grows right, y down. A cell
// holds at most one instance. An empty cell is walkable; an instance's cell is walkable only when
// its definition is walkable and it derives under the active build ("Unknown or invalid saved
// instances remain blocking"). Avatars do not share cells.
//
// # Derived outputs
//
// The model never runs author code. A Deriver (the host's engine; validate.Project.Derive in
// tests) returns, for an instance and its link topology (Environment), the SDK's resolved
// outputs as Derived: walkable, push, travel, lighting, navigate, link, step, areaRemoval,
// editPolicy, each action's permission, configuration and the world picker. The model derives
// on load, placement, each accepted action, link changes and Reload (a new build revision). A
// Deriver error makes the instance blocking and inert, with the error as its Problem.
//
// # Persistence
//
// Instances (id, type, version, floor, cell, placer, link id, state) persist through Store. Each
// Commit is one atomic write: a placement; a removal; an action's new state together with every
// removal its reaction's area removal was permitted. A failed Commit changes nothing in memory.
// Avatars, cooldowns and pending feedback live in memory only. MemStore is the in-memory Store
// for tests.
//
// # Configuration
//
// Remembered is configuration.remember: per placement session, the configured fields of the
// last accepted editor action's state for each type, which the host replays through the
// declared configuration action on that session's next placement of the type.
//
// # Viewers and permissions
//
// A Viewer is an actor with grants: Admin (the world's owner), Build, Participate, Remove. Can
// answers the permission rule for an operation: participating needs Participate; editing needs
// the placer with Build (and Admin under editPolicy 'placer-admin'); removing needs the owner, a
// Remove grant, or the placer with Build. Access gives the same answers as the ObjectContext's
// canEdit and canRemove: the engine hands it to the SDK's registry, which alone decides an
// action's declared permission (no Go copy of that check). Placing, or changing by an action, an active
// world link (navigate) needs Admin. Refusals are *Error values with an HTTP status (403 for
// permissions); a view's disabled control plays no part.
//
// # One world
//
// Instance, Viewer (grants), Access and Error are the toolchain's one instance, viewer and
// refusal types: the host's store and handlers and the engine (validate, isolate) use them
// directly. The model is the only reader of placed instances (storage is behind Store), and it
// compares and commits: a change made by author code that ran with no lock held carries the
// Basis it ran on (build revision, instance) and is refused with 409 when that is stale; Record
// writes a build's verdict only if the placed instances are those it was judged against.
//
// # Avatars and movement
//
// Join gives an actor one avatar, on the first free walkable cell from Spawn (the surface's
// centre) in Nearest order: square rings, each ring in reading order. PlacementCell is where a
// placement that names no cell goes: the same order from the placer's avatar, skipping a cell
// that would wall the placer in. Move queues one step after those already queued (at most
// MaxQueuedSteps: presses are not lost); Hold queues one only when none is (a held key); WalkTo
// plans a breadth-first shortest path over walkable cells. Tick(now) — the host calls it about every
// TickInterval with its clock, tests with theirs — completes moves due (each takes MoveDuration),
// ends cooldowns, starts each idle avatar's next move and expires feedback, returning Events:
//
//   - Moved: an arrival, by "walk" or "push".
//   - Stepped: an arrival on an instance with step (not on join, floor change or travel landing).
//     The host runs step through its engine and passes the effects to AddStepFeedback.
//   - Traveled / TravelInert: an arrival on a travel instance landed on the first free exit
//     (ExitOffsets order, the SDK's travelExitOffsets), or did nothing (cooldown, no linked
//     destination, no free exit).
//   - CooldownEnded, FeedbackExpired, FeedbackCancelled, Removed.
//   - Blocked: a queued step refused, with what was in the way (Cause: the edge, a Gizmo, an
//     avatar, an opposing push); Waiting: a push or walk held, told once per hold.
//
// Each avatar keeps a Log of its last LogSize notes (Blocked, Waiting, Stepped, Traveled with the
// travel's arrival and feedback, TravelInert with what held each exit), for its viewer's page.
//
// On a pushing cell input wins ("Players can steer out"), except the opposite input under
// blockOpposingInput; otherwise the push moves the avatar one cell, and a blocked push retries
// each tick. A move under way finishes even if the push switches off.
//
// # Feedback and reactions
//
// Apply commits an accepted action's state and reaction: area removal within the definition's
// maximum, each candidate checked, and the feedback delivered to the avatars within
// NearbyRadius (8 cells, same floor) plus the initiator; Feedback.For strips haptic for everyone
// but the initiator. Pending feedback is never replayed to later joiners, is replaced by newer
// feedback of the same kind on the same instance, dropped for a viewer who changes floor, and
// cancelled by Reload.
//
// # Snapshot
//
// Snapshot is a JSON-able view of everything: floors, instances with cells and derived outputs,
// avatars, pending feedback, cooldowns.
//
// A Model is safe for concurrent use; the Deriver is called with its lock held and must not call
// back into it.
package world
