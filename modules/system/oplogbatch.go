package system

import (
	"context"
	"sync"

	"xiangzhi/generated/ent"
)

// Operation-log rows are written in group commits. Each row was a
// transaction of its own: on SQLite its commit (the WAL write, the lock
// round trips) cost more than the insert, and under concurrent writes it
// was about a tenth of a create's server time. A request still returns
// only once its row is committed (or failed), as before; rows of requests
// that finish while a batch is being written are written together in the
// next one, by the first of them to arrive (the leader), so a lone request
// writes at once and waits for nobody.

// opLogBatchMax bounds the rows of one batch.
const opLogBatchMax = 200

// opLogBatcher queues rows and hands the writing to one leader at a time.
type opLogBatcher struct {
	mu      sync.Mutex
	pending []*opLogWait
	writing bool // a leader is writing a batch
}

// opLogWait is a queued row and where its writer hears the outcome: nil
// or an error (its row was written or failed), or errLead (it is now the
// leader and writes the next batch, its own row first).
type opLogWait struct {
	row *ent.OperationLogCreate
	res chan error
}

// errLead is the signal, never an outcome, that makes a waiter the leader.
var errLead = leadSignal{}

type leadSignal struct{}

func (leadSignal) Error() string { return "lead the next operation-log batch" }

// write commits row, alone or with the rows queued with it.
func (b *opLogBatcher) write(ctx context.Context, client *ent.Client, row *ent.OperationLogCreate) error {
	w := &opLogWait{row: row, res: make(chan error, 1)}
	b.mu.Lock()
	b.pending = append(b.pending, w)
	lead := !b.writing
	b.writing = true
	b.mu.Unlock()
	if !lead {
		if err := <-w.res; err != errLead {
			return err
		}
	}
	// Lead: take the queue (this row is in it), write it, hand over.
	b.mu.Lock()
	n := min(len(b.pending), opLogBatchMax)
	batch := b.pending[:n:n]
	b.pending = b.pending[n:]
	b.mu.Unlock()
	b.commit(ctx, client, batch)
	b.mu.Lock()
	if len(b.pending) > 0 {
		b.pending[0].res <- errLead
	} else {
		b.writing = false
	}
	b.mu.Unlock()
	return <-w.res
}

// commit writes a batch in one statement; if that fails (one bad row
// fails them all), each row is written on its own so only bad rows fail.
func (b *opLogBatcher) commit(ctx context.Context, client *ent.Client, batch []*opLogWait) {
	if len(batch) > 1 {
		rows := make([]*ent.OperationLogCreate, len(batch))
		for i, w := range batch {
			rows[i] = w.row
		}
		if err := client.OperationLog.CreateBulk(rows...).Exec(ctx); err == nil {
			for _, w := range batch {
				w.res <- nil
			}
			return
		}
	}
	for _, w := range batch {
		w.res <- w.row.Exec(ctx)
	}
}
