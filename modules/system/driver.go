package system

import (
	"context"
	"database/sql"
	"errors"
	"fmt"

	"entgo.io/ent/dialect"
	entsql "entgo.io/ent/dialect/sql"

	"xiangzhi/generated/ent"
)

// newDriver is the ent driver over the engine's database. On SQLite every
// transaction begins IMMEDIATE: a deferred transaction that reads and then
// writes fails at once with SQLITE_BUSY when another connection writes
// meanwhile (the busy timeout does not apply to that upgrade), while an
// immediate one waits for the write lock up front. The store's own writes
// already work that way.
func newDriver(dialectName string, db *sql.DB) dialect.Driver {
	drv := entsql.OpenDB(dialectName, db)
	if dialectName != dialect.SQLite {
		return drv
	}
	return &immediateDriver{Driver: drv, db: db}
}

// immediateDriver is an ent SQLite driver whose transactions begin with
// BEGIN IMMEDIATE on a connection of their own.
type immediateDriver struct {
	*entsql.Driver
	db *sql.DB
}

// Tx begins an immediate transaction.
func (d *immediateDriver) Tx(ctx context.Context) (dialect.Tx, error) {
	conn, err := d.db.Conn(ctx)
	if err != nil {
		return nil, fmt.Errorf("sqlite connection: %w", err)
	}
	if _, err := conn.ExecContext(ctx, "BEGIN IMMEDIATE"); err != nil {
		conn.Close()
		return nil, fmt.Errorf("begin immediate: %w", err)
	}
	return &immediateTx{Conn: entsql.Conn{ExecQuerier: conn}, conn: conn}, nil
}

// BeginTx ignores the options: SQLite transactions are serializable.
func (d *immediateDriver) BeginTx(ctx context.Context, _ *sql.TxOptions) (dialect.Tx, error) {
	return d.Tx(ctx)
}

// immediateTx is an open BEGIN IMMEDIATE on conn.
type immediateTx struct {
	entsql.Conn
	conn *sql.Conn
}

// Commit commits and hands the connection back; a failed COMMIT leaves
// SQLite's transaction open, so it is rolled back before the connection
// returns to the pool.
func (t *immediateTx) Commit() error {
	_, err := t.conn.ExecContext(context.Background(), "COMMIT")
	if err != nil {
		_, rerr := t.conn.ExecContext(context.Background(), "ROLLBACK")
		err = errors.Join(fmt.Errorf("commit: %w", err), rerr)
	}
	return errors.Join(err, t.conn.Close())
}

// Rollback rolls back and hands the connection back.
func (t *immediateTx) Rollback() error {
	_, err := t.conn.ExecContext(context.Background(), "ROLLBACK")
	return errors.Join(err, t.conn.Close())
}

// txOnly is a driver that runs everything in one open transaction: ent
// statements that would begin their own transaction join it instead.
type txOnly struct {
	tx   dialect.Tx
	name string
}

func (d txOnly) Exec(ctx context.Context, query string, args, v any) error {
	return d.tx.Exec(ctx, query, args, v)
}

func (d txOnly) Query(ctx context.Context, query string, args, v any) error {
	return d.tx.Query(ctx, query, args, v)
}

func (d txOnly) Tx(context.Context) (dialect.Tx, error) { return dialect.NopTx(d), nil }
func (d txOnly) Close() error                           { return nil }
func (d txOnly) Dialect() string                        { return d.name }

// withTx runs fn in a transaction, committing when it returns nil.
func withTx(ctx context.Context, client *ent.Client, fn func(tx *ent.Tx) error) error {
	tx, err := client.Tx(ctx)
	if err != nil {
		return fmt.Errorf("begin: %w", err)
	}
	if err := fn(tx); err != nil {
		if rerr := tx.Rollback(); rerr != nil {
			return fmt.Errorf("%w (rollback: %v)", err, rerr)
		}
		return err
	}
	if err := tx.Commit(); err != nil {
		return fmt.Errorf("commit: %w", err)
	}
	return nil
}
