package store

import (
	"container/list"
	"sync"
)

// countCacheSize bounds the number of list totals kept in memory.
const countCacheSize = 10_000

// countCache remembers the total of a count query together with the write
// sequence of its table when the total was taken. A total is good exactly as
// long as the table's sequence has not moved: every write to a module bumps
// the sequence in the same transaction (see docs/store.md). The cache is a
// bounded LRU.
type countCache struct {
	mu    sync.Mutex
	max   int
	ll    *list.List // front = most recently used
	items map[string]*list.Element
}

type countEntry struct {
	key   string
	seq   int64
	total int64
}

func newCountCache(max int) *countCache {
	return &countCache{max: max, ll: list.New(), items: make(map[string]*list.Element)}
}

// get returns the cached total for key if it was taken at sequence seq.
func (c *countCache) get(key string, seq int64) (int64, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	el, ok := c.items[key]
	if !ok {
		return 0, false
	}
	e := el.Value.(*countEntry)
	if e.seq != seq {
		return 0, false
	}
	c.ll.MoveToFront(el)
	return e.total, true
}

// put stores the total of key taken at sequence seq. An entry taken at a
// later sequence is never replaced by an older one.
func (c *countCache) put(key string, seq, total int64) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if el, ok := c.items[key]; ok {
		e := el.Value.(*countEntry)
		if seq >= e.seq {
			e.seq, e.total = seq, total
		}
		c.ll.MoveToFront(el)
		return
	}
	c.items[key] = c.ll.PushFront(&countEntry{key: key, seq: seq, total: total})
	for c.ll.Len() > c.max {
		last := c.ll.Back()
		c.ll.Remove(last)
		delete(c.items, last.Value.(*countEntry).key)
	}
}

// len is the number of cached totals.
func (c *countCache) len() int {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.ll.Len()
}
