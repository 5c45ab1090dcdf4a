package store

import (
	"context"
	"fmt"
	"sync"

	entsql "entgo.io/ent/dialect/sql"

	"xiangzhi/engine/schema"
)

// seqMemo holds the write sequences one request read, so that a request
// asking many statistics of the same tables (a dashboard) reads each
// sequence once: its answers are those of the moment it started.
type seqMemo struct {
	mu   sync.Mutex
	seqs map[string]int64
}

type seqMemoKey struct{}

// WithWriteSeqs returns a context in which statistics and WriteSeq read
// each table's write sequence once; the sequences of the given modules'
// tables are read at once, in one statement. A context that already holds
// every one of them (GetWithSeqs read them with the record) is answered as
// it is, without a statement.
func (s *Store) WithWriteSeqs(ctx context.Context, ms []*schema.Module) (context.Context, error) {
	if held, _ := ctx.Value(seqMemoKey{}).(*seqMemo); held != nil && held.holds(s, ms) {
		return ctx, nil
	}
	memo := &seqMemo{seqs: map[string]int64{}}
	var tables []any
	for _, m := range ms {
		t := s.metaOf(m).table
		if _, dup := memo.seqs[t]; !dup {
			memo.seqs[t] = 0 // a table never written has no row: 0
			tables = append(tables, t)
		}
	}
	if len(tables) > 0 {
		rows, err := s.query(ctx, s.db, s.seqsSQL(len(tables)), tables)
		if err != nil {
			return ctx, fmt.Errorf("read write sequences: %w", err)
		}
		defer rows.Close()
		for rows.Next() {
			var t string
			var seq int64
			if err := rows.Scan(&t, &seq); err != nil {
				return ctx, fmt.Errorf("read write sequences: %w", err)
			}
			memo.seqs[t] = seq
		}
		if err := rows.Err(); err != nil {
			return ctx, fmt.Errorf("read write sequences: %w", err)
		}
	}
	return context.WithValue(ctx, seqMemoKey{}, memo), nil
}

// holds reports whether the memo has the sequence of every module's table.
func (m *seqMemo) holds(s *Store, ms []*schema.Module) bool {
	m.mu.Lock()
	defer m.mu.Unlock()
	for _, mod := range ms {
		if _, ok := m.seqs[s.metaOf(mod).table]; !ok {
			return false
		}
	}
	return true
}

// currentSeq is the table's write sequence: from the request's memo when
// it has one (read and kept there otherwise), else read now.
func (s *Store) currentSeq(ctx context.Context, table string) (int64, error) {
	memo, _ := ctx.Value(seqMemoKey{}).(*seqMemo)
	if memo == nil {
		return s.readSeq(ctx, s.db, table)
	}
	memo.mu.Lock()
	seq, ok := memo.seqs[table]
	memo.mu.Unlock()
	if ok {
		return seq, nil
	}
	seq, err := s.readSeq(ctx, s.db, table)
	if err != nil {
		return 0, err
	}
	memo.mu.Lock()
	memo.seqs[table] = seq
	memo.mu.Unlock()
	return seq, nil
}

// seqsSQL reads the write sequences of n tables, the table names its
// arguments; seqSQL (n = 0) the sequence of one. The texts depend only on
// the dialect and n, so they are built once: every list, and every page's
// labels, read sequences.
func (s *Store) seqsSQL(n int) string {
	if qs, ok := s.seqTexts.Load(n); ok {
		return qs.(string)
	}
	var qs string
	if n == 0 {
		qs, _ = entsql.Dialect(s.dialect).Select("seq").From(entsql.Table(SeqTable)).Where(entsql.EQ("table_name", "")).Query()
	} else {
		names := make([]any, n) // placeholders: any non-nil argument will do
		for i := range names {
			names[i] = ""
		}
		qs, _ = entsql.Dialect(s.dialect).Select("table_name", "seq").From(entsql.Table(SeqTable)).
			Where(entsql.In("table_name", names...)).Query()
	}
	s.seqTexts.Store(n, qs)
	return qs
}
