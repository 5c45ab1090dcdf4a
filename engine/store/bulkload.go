package store

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"entgo.io/ent/dialect"

	"xiangzhi/engine/schema"
)

// BulkLoad sets SQLite's writer up for one long load that is redone rather
// than recovered if it fails (the demo county), and answers the function
// that ends it. During the load:
//
//   - synchronous is OFF, so the checkpoints that copy the log into the
//     database no longer wait for the disk (fsync) — a power cut or OS
//     crash during the load can leave the database corrupt, and it is then
//     built again;
//   - temporary files are in memory (temp_store MEMORY): a multi-row
//     INSERT that a constraint could stop halfway keeps the pages it
//     changes in a statement journal, a temporary file, and writing it was
//     a fifth of the gram rows' cost (one pwrite a page); it holds one
//     statement's pages at most;
//   - the tables of the modules ms (and of their children) have no
//     secondary indexes but their unique ones: each
//     row written into a table with fifteen indexes was sixteen B-tree
//     inserts at random places, and building an index once from the
//     finished table is a sort. The indexes' own SQL (sqlite_master) is
//     kept and run again at the end, so they come back exactly as the
//     migration made them. Unique indexes stay: they refuse a duplicate as
//     they always do. The modules' migration digests are removed for the
//     load, so a process killed before the end leaves modules that the
//     next start migrates (which creates the missing indexes), not modules
//     it trusts as complete; the end puts the digests back.
//
// The end re-creates the indexes, puts the digests back, restores the
// store's setting (synchronous NORMAL) and checkpoints the log; call it
// whether the load succeeded or not. Other databases are left alone.
func (s *Store) BulkLoad(ctx context.Context, ms ...*schema.Module) (end func() error, err error) {
	if s.dialect != dialect.SQLite {
		return func() error { return nil }, nil
	}
	// The writer pool has one connection, kept open: its settings last.
	exec := func(stmts ...string) error {
		c, err := s.w.Conn(ctx)
		if err != nil {
			return err
		}
		defer c.Close()
		for _, q := range stmts {
			if _, err := c.ExecContext(ctx, q); err != nil {
				return fmt.Errorf("bulk load: %s: %w", q, err)
			}
		}
		return nil
	}
	if err := exec("PRAGMA synchronous=OFF", "PRAGMA temp_store=MEMORY"); err != nil {
		return nil, err
	}
	dropped, digests, err := s.dropIndexes(ctx, ms)
	if err != nil {
		return nil, errors.Join(err, exec("PRAGMA synchronous=NORMAL", "PRAGMA temp_store=DEFAULT"))
	}
	return func() error {
		// The indexes' sorts may spill to temporary files: on disk again.
		err := exec(append([]string{"PRAGMA temp_store=DEFAULT"}, dropped...)...)
		if err == nil {
			for table, d := range digests {
				if _, err = s.w.ExecContext(ctx, "INSERT INTO "+quoteIdent(MigratedTable)+
					" (table_name, digest) VALUES (?, ?)", table, d); err != nil {
					break
				}
			}
		}
		return errors.Join(err, exec("PRAGMA synchronous=NORMAL", "PRAGMA wal_checkpoint(TRUNCATE)"))
	}, nil
}

// dropIndexes drops the non-unique secondary indexes of the modules'
// tables and their children's, and their migration digests,
// in one transaction, and answers the statements that make the indexes
// again and the digests removed.
func (s *Store) dropIndexes(ctx context.Context, ms []*schema.Module) (create []string, digests map[string]string, err error) {
	tx, err := s.w.BeginTx(ctx, nil)
	if err != nil {
		return nil, nil, err
	}
	defer tx.Rollback()
	// Every index made by CREATE INDEX (those of primary keys and UNIQUE
	// constraints have no SQL), in one read: a pragma_index_list per table
	// was a second of CPU for the product's 200 tables.
	type index struct{ name, sql string }
	byTable := map[string][]index{}
	rows, err := tx.QueryContext(ctx, `SELECT tbl_name, name, sql FROM sqlite_master
		WHERE type = 'index' AND sql IS NOT NULL AND sql NOT LIKE 'CREATE UNIQUE %' ORDER BY name`)
	if err != nil {
		return nil, nil, err
	}
	for rows.Next() {
		var t string
		var ix index
		if err := rows.Scan(&t, &ix.name, &ix.sql); err != nil {
			rows.Close()
			return nil, nil, err
		}
		byTable[t] = append(byTable[t], ix)
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return nil, nil, err
	}
	digests = map[string]string{}
	recorded := s.migratedDigests(ctx)
	var drop []string
	for _, m := range ms {
		mt := s.metaOf(m)
		before := len(drop)
		// The gram table keeps its record_id index: a write that changes a
		// gram field deletes the record's grams by it, and its inserts come
		// in id order (appends).
		tables := []string{mt.table}
		for _, ch := range mt.children {
			tables = append(tables, ch.table)
		}
		for _, t := range tables {
			for _, ix := range byTable[t] {
				drop = append(drop, "DROP INDEX "+quoteIdent(ix.name))
				create = append(create, ix.sql)
			}
		}
		if d, ok := recorded[mt.table]; ok && len(drop) > before {
			digests[mt.table] = d
			if _, err := tx.ExecContext(ctx, "DELETE FROM "+quoteIdent(MigratedTable)+" WHERE table_name = ?", mt.table); err != nil {
				return nil, nil, err
			}
		}
	}
	for _, q := range drop {
		if _, err := tx.ExecContext(ctx, q); err != nil {
			return nil, nil, fmt.Errorf("bulk load: %s: %w", q, err)
		}
	}
	return create, digests, tx.Commit()
}

// quoteIdent quotes an SQLite identifier.
func quoteIdent(name string) string { return `"` + strings.ReplaceAll(name, `"`, `""`) + `"` }
