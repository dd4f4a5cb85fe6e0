package dev

// SyncBuffer lets the external tests (package dev_test) share render_test.go's buffer.
type SyncBuffer = syncBuffer
