package store

import (
	"container/list"
	"sync"
)

// statsCacheSize bounds the number of statistics kept in memory.
const statsCacheSize = 5_000

// seqCache is countCache for any key and value: an answer remembered with
// the write sequence of its table when it was taken, good while the
// sequence has not moved. A bounded LRU.
type seqCache[K comparable, V any] struct {
	mu    sync.Mutex
	max   int
	ll    *list.List // front = most recently used
	items map[K]*list.Element
}

type seqEntry[K comparable, V any] struct {
	key K
	seq int64
	val V
}

func newSeqCache[K comparable, V any](max int) *seqCache[K, V] {
	return &seqCache[K, V]{max: max, ll: list.New(), items: make(map[K]*list.Element)}
}

// get returns the value of key if it was taken at sequence seq.
func (c *seqCache[K, V]) get(key K, seq int64) (V, bool) {
	var zero V
	if c == nil {
		return zero, false
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	el, ok := c.items[key]
	if !ok {
		return zero, false
	}
	e := el.Value.(*seqEntry[K, V])
	if e.seq != seq {
		return zero, false
	}
	c.ll.MoveToFront(el)
	return e.val, true
}

// latest returns the value of key whatever the sequence it was taken at,
// with that sequence.
func (c *seqCache[K, V]) latest(key K) (int64, V, bool) {
	var zero V
	if c == nil {
		return 0, zero, false
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	el, ok := c.items[key]
	if !ok {
		return 0, zero, false
	}
	c.ll.MoveToFront(el)
	e := el.Value.(*seqEntry[K, V])
	return e.seq, e.val, true
}

// put stores the value of key taken at sequence seq; a value taken at a
// later sequence is never replaced by an older one.
func (c *seqCache[K, V]) put(key K, seq int64, val V) {
	if c == nil {
		return
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if el, ok := c.items[key]; ok {
		e := el.Value.(*seqEntry[K, V])
		if seq >= e.seq {
			e.seq, e.val = seq, val
		}
		c.ll.MoveToFront(el)
		return
	}
	c.items[key] = c.ll.PushFront(&seqEntry[K, V]{key: key, seq: seq, val: val})
	for c.ll.Len() > c.max {
		last := c.ll.Back()
		c.ll.Remove(last)
		delete(c.items, last.Value.(*seqEntry[K, V]).key)
	}
}

// len is the number of cached values.
func (c *seqCache[K, V]) len() int {
	if c == nil {
		return 0
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.ll.Len()
}
