package store

import (
	"context"
	"database/sql"

	"github.com/scapeworld/scape/protocol"
)

// KeptRevisions is how many of the newest revisions the store keeps besides the active one
// (docs/dev.md, "What the host stores"). Every upload is a revision, and an accepted one keeps its
// bundle (up to 1 MiB): unpruned, a paired project saving once a second would add 3.6 GB an hour.
// Twenty is the sidebar's whole history of recent rejections and more than a developer steps back
// through; an older revision is gone (GET /api/dev/revisions/{n} answers 404), the active one
// never (the host restarts from its bundle).
const KeptRevisions = 20

// pruneRevisions deletes the world's revisions that are neither the active one nor among the
// newest KeptRevisions, bundles included, in the caller's transaction: the new revision, the
// active pointer and the pruning commit together (a killed host has all or none). SQLite reuses
// the freed pages for the next revisions, so the database file stays near its size at
// KeptRevisions + 1 bundles.
func pruneRevisions(ctx context.Context, tx *sql.Tx, worldID string) error {
	_, err := tx.ExecContext(ctx, `DELETE FROM revisions WHERE world_id = ?
		AND number <= (SELECT MAX(number) FROM revisions WHERE world_id = ?) - ?
		AND number IS NOT (SELECT active_revision FROM worlds WHERE id = ?)`, worldID, worldID, KeptRevisions, worldID)
	return err
}

// revisionCount is how many revisions the world has stored, and the bytes of their bundles.
func (s *DB) RevisionCount(ctx context.Context, worldID string) (n int, bundleBytes int64, err error) {
	err = s.db.QueryRowContext(ctx, `SELECT COUNT(*), COALESCE(SUM(LENGTH(bundle)), 0) FROM revisions WHERE world_id = ?`, worldID).Scan(&n, &bundleBytes)
	return n, bundleBytes, err
}

// StoreBound is what the database files may hold for one world, whatever was uploaded: the
// bundles of the active revision and the KeptRevisions newest, and 16 MiB for everything else
// (the other tables, page overhead, and the write-ahead log, which SQLite checkpoints back into
// the database at 1,000 pages, 4 MiB, plus the transaction that passed it). Measured: 25.3 MiB
// after 60 uploads of 1 MiB (TestUploadFloodKeepsTheStoreBounded); unpruned, a MiB per upload.
func StoreBound() int64 { return int64(KeptRevisions+1)*protocol.MaxBundleBytes + 16<<20 }
