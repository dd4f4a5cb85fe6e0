package store

import (
	"context"
	"database/sql"
	"encoding/json"
	"fmt"
	"time"

	wm "github.com/scapeworld/scape/world"
)

// gridColumns are the instance columns the world's grid added: where an instance stands, who
// placed it and its link group. A database from before the grid gets them by migrateGrid (its
// instances then have no cell until the world first loads them: Instances.Instances).
var gridColumns = []struct{ name, decl string }{
	{"floor", "INTEGER NOT NULL DEFAULT 0"},
	{"cell_x", "INTEGER"},
	{"cell_y", "INTEGER"},
	{"placer", "TEXT NOT NULL DEFAULT ''"},
	{"link_id", "TEXT NOT NULL DEFAULT ''"},
}

// migrateGrid adds the grid's columns the instances table lacks, in one transaction.
func migrateGrid(db *sql.DB) error {
	rows, err := db.Query(`PRAGMA table_info(instances)`)
	if err != nil {
		return err
	}
	have := map[string]bool{}
	for rows.Next() {
		var cid, notNull, pk int
		var name, typ string
		var def sql.NullString
		if err := rows.Scan(&cid, &name, &typ, &notNull, &def, &pk); err != nil {
			rows.Close()
			return err
		}
		have[name] = true
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return err
	}
	tx, err := db.Begin()
	if err != nil {
		return err
	}
	defer tx.Rollback()
	for _, c := range gridColumns {
		if !have[c.name] {
			if _, err := tx.Exec(`ALTER TABLE instances ADD COLUMN ` + c.name + ` ` + c.decl); err != nil {
				return fmt.Errorf("adding instances.%s: %w", c.name, err)
			}
		}
	}
	return tx.Commit()
}

// Instances is the world model's Store (world.Store) on the host's SQLite database, for one
// world: the only reader and writer of placed instances. Each Commit is one transaction, so an
// action's state and its reaction's removals land together or not at all.
type Instances struct {
	DB    *DB
	World string
	Now   func() time.Time
	// Owner is the placer recorded for instances saved before the grid (they had none).
	Owner string
}

// Instances implements world.Store, in placement order (rowid: an upsert keeps its row). An
// instance saved before the grid has no cell: it gets the first free surface cell in reading
// order, saved in one transaction before the world sees it.
func (g Instances) Instances(ctx context.Context) ([]wm.Instance, error) {
	rows, err := g.DB.db.QueryContext(ctx, `SELECT id, type, version, state, floor, cell_x, cell_y, placer, link_id FROM instances WHERE world_id = ? ORDER BY rowid`, g.World)
	if err != nil {
		return nil, err
	}
	var out []wm.Instance
	var unplaced []int
	taken := map[[3]int]bool{}
	for rows.Next() {
		var in wm.Instance
		var state string
		var floor int
		var x, y sql.NullInt64
		if err := rows.Scan(&in.ID, &in.Type, &in.Version, &state, &floor, &x, &y, &in.Placer, &in.LinkID); err != nil {
			rows.Close()
			return nil, err
		}
		in.State, in.Floor = json.RawMessage(state), wm.Floor(floor)
		if x.Valid && y.Valid {
			in.Cell = wm.Cell{X: int(x.Int64), Y: int(y.Int64)}
			taken[[3]int{floor, in.Cell.X, in.Cell.Y}] = true
		} else {
			unplaced = append(unplaced, len(out))
		}
		out = append(out, in)
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return nil, err
	}
	if len(unplaced) == 0 {
		return out, nil
	}
	var fix []wm.Instance
	next := 0
	for _, i := range unplaced {
		for ; next < wm.Width*wm.Height && taken[[3]int{0, next % wm.Width, next / wm.Width}]; next++ {
		}
		if next == wm.Width*wm.Height {
			return nil, fmt.Errorf("instance %s (%s) has no cell and the surface is full", out[i].ID, out[i].Type)
		}
		out[i].Floor, out[i].Cell = wm.Surface, wm.Cell{X: next % wm.Width, Y: next / wm.Width}
		if out[i].Placer == "" {
			out[i].Placer = g.Owner
		}
		next++
		fix = append(fix, out[i])
	}
	if err := g.Commit(ctx, wm.Change{Put: fix}); err != nil {
		return nil, fmt.Errorf("placing the instances saved before the grid: %w", err)
	}
	return out, nil
}

// Commit implements world.Store: every delete and put in one transaction.
func (g Instances) Commit(ctx context.Context, c wm.Change) error {
	tx, err := g.DB.db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	now := ms(g.Now())
	for _, id := range c.Delete {
		if _, err := tx.ExecContext(ctx, `DELETE FROM instances WHERE world_id = ? AND id = ?`, g.World, id); err != nil {
			return err
		}
	}
	for _, in := range c.Put {
		_, err := tx.ExecContext(ctx, `INSERT INTO instances(id, world_id, type, version, state, floor, cell_x, cell_y, placer, link_id, created_at, updated_at)
VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
ON CONFLICT(id) DO UPDATE SET type = excluded.type, version = excluded.version, state = excluded.state, floor = excluded.floor,
	cell_x = excluded.cell_x, cell_y = excluded.cell_y, placer = excluded.placer, link_id = excluded.link_id, updated_at = excluded.updated_at`,
			in.ID, g.World, in.Type, in.Version, string(in.State), int(in.Floor), in.Cell.X, in.Cell.Y, in.Placer, in.LinkID, now, now)
		if err != nil {
			return err
		}
	}
	return tx.Commit()
}
