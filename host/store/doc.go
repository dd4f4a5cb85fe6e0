// Package store is the reference host's durable state: one SQLite database (pure Go, so the host
// stays one static binary) in the host's data directory. It holds the world row and its uid,
// owner sign-ins and dev sessions (token hashes only), revisions with their bundles (pruned to
// the active one and the newest KeptRevisions), the actor-id counter, and the placed instances.
//
// The placed instances are read and written only through Instances, the world model's
// world.Store: the model is their one reader (docs/world.md). Nothing here knows HTTP, author
// code or the world's rules; the host's handlers call it.
package store
