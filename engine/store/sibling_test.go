package store

import "errors"

func asError[T error](err error, target *T) bool { return errors.As(err, target) }

// sibling is another app instance on the same database: its own caches,
// no migrations run (so no gram index known complete).
func sibling(s *Store) *Store {
	o := &Store{db: s.db, w: s.w, dialect: s.dialect, counts: newCountCache(10), grams: &gramSet{},
		statsCache: newSeqCache[string, []Bucket](statsCacheSize), statsParts: newSeqCache[string, *statParts](statsCacheSize)}
	if s.stmts != nil {
		o.stmts = newStmtCache(s.db)
	}
	return o
}
