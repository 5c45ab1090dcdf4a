package store

import "context"

// turns hands the read pool's connections out first come, first served.
//
// database/sql gives a freed connection to a random one of the callers
// waiting for it (DB.conn's connRequests.TakeRandom), so under more
// concurrent reads than connections — 50 clients on SQLite's 4 readers —
// a caller may lose that draw many times in a row: the county bench's
// sorted page waited ≈ 10 ms on average for a connection but its 99th
// percentile was four times its median (docs/performance.md, "Sorted page
// tail"). SQLite's readers get turns: a caller that takes one first never waits in the pool: there
// are as many turns as connections, and the turns are a channel, whose
// blocked senders are served in the order they came.
type turns chan struct{}

// setTurns gives the store n turns (see turns).
func (s *Store) setTurns(n int) {
	t := make(turns, n)
	s.turns, s.giveTurn = t, func() { <-t }
}

// ReadTurn waits, in arrival order, until one of the read pool's
// connections is free for the caller, and returns the function that gives
// the turn back. A request that reads the store several times in a row (a
// list page, then its labels) takes one turn for all of them, so it waits
// once; while holding it, it must not wait for another turn (nor may
// anything it calls). Without a turn reads still work: they wait in
// database/sql's pool as before. An error is the context's.
func (s *Store) ReadTurn(ctx context.Context) (release func(), err error) {
	if s.turns == nil {
		return func() {}, nil
	}
	select {
	case s.turns <- struct{}{}:
		return s.giveTurn, nil
	case <-ctx.Done():
		return nil, ctx.Err()
	}
}
