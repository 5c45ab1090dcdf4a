package message

import (
	"context"
	"fmt"
	"slices"
	"sync"
	"sync/atomic"
	"time"

	"entgo.io/ent/dialect"
	"entgo.io/ent/dialect/sql"

	"xiangzhi/engine/schema"
	"xiangzhi/generated/ent"
	"xiangzhi/generated/ent/message"
	"xiangzhi/generated/ent/user"
)

// Message is a stored message as the API and the socket send it.
type Message struct {
	ID        int64  `json:"id"`
	Seq       int64  `json:"seq"`
	Kind      string `json:"kind"`
	Title     string `json:"title"`
	Body      string `json:"body"`
	SenderID  int64  `json:"senderId,omitempty"`
	Module    string `json:"module,omitempty"`
	RecordID  int64  `json:"recordId,omitempty"`
	TaskID    int64  `json:"taskId,omitempty"`
	CreatedAt string `json:"createdAt"`
	ReadAt    string `json:"readAt,omitempty"`
	// audience is the organisation subtree an announcement was sent to,
	// checked again at delivery; it travels on the bus, not to clients.
	audience string
	tenantID int64
	userID   int64
}

// Draft is a message to store: the recipient and what it says.
type Draft struct {
	TenantID, RecipientID, SenderID int64
	Kind                            message.Kind
	Title, Body                     string
	Module                          string
	RecordID, TaskID                int64
	// Audience is the organisation path an announcement went to.
	Audience string
}

// storeBatch bounds the messages one insert carries.
const storeBatch = 500

// store saves drafts, giving each the next sequence number of its
// recipient (last + 1, under the unique index (recipient_id, seq)). On
// PostgreSQL and MySQL the recipients' user rows are locked first (in id
// order, so batches never deadlock), which makes concurrent stores for one
// user take turns: the numbers of a recipient are committed in increasing
// order, and a client that saw n has seen every message before it. SQLite
// has one writer at a time. The last number of a recipient comes from
// s.seqs once this instance has given or read it; it may be behind when
// another instance has written since (or two calls of this one raced), and
// then the insert collides on the index: the batch's recipients are
// forgotten and it is retried with numbers read afresh.
func (s *Service) store(ctx context.Context, drafts []Draft) ([]Message, error) {
	var out []Message
	for start := 0; start < len(drafts); start += storeBatch {
		batch := drafts[start:min(start+storeBatch, len(drafts))]
		var rows []*ent.Message
		var err error
		for attempt := 0; attempt < 20; attempt++ {
			if rows, err = s.insertLocked(ctx, batch); err == nil || !ent.IsConstraintError(err) {
				break
			}
			s.seqs.forget(recipients(batch))
			time.Sleep(time.Duration(attempt+1) * time.Millisecond)
		}
		if err != nil {
			return out, fmt.Errorf("store messages: %w", err)
		}
		s.seqs.given(rows)
		for i, r := range rows {
			m := toMessage(r)
			m.audience = batch[i].Audience
			out = append(out, m)
		}
	}
	return out, nil
}

// seqCache is the last sequence number this instance gave (or read) per
// recipient, so that a message to someone already written to needs no read
// of the messages table: a read per insert was ≈ 7% of a grid event's
// status action in the county bench, most of it compiling the statement.
type seqCache struct {
	mu   sync.Mutex
	last map[int64]int64
	// reads counts the reads of the messages table (for the tests).
	reads atomic.Int64
}

// known answers the cached numbers of ids and the ids it does not know.
func (c *seqCache) known(ids []int64) (map[int64]int64, []int64) {
	c.mu.Lock()
	defer c.mu.Unlock()
	next := make(map[int64]int64, len(ids))
	var missing []int64
	for _, id := range ids {
		if n, ok := c.last[id]; ok {
			next[id] = n
		} else {
			missing = append(missing, id)
		}
	}
	return next, missing
}

// given records committed messages' numbers; a number never goes back.
func (c *seqCache) given(rows []*ent.Message) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.last == nil {
		c.last = map[int64]int64{}
	}
	for _, r := range rows {
		c.last[r.RecipientID] = max(c.last[r.RecipientID], r.Seq)
	}
}

func (c *seqCache) forget(ids []int64) {
	c.mu.Lock()
	defer c.mu.Unlock()
	for _, id := range ids {
		delete(c.last, id)
	}
}

// insertLocked runs insert in a transaction holding the recipients' user
// rows, except on SQLite (see store).
func (s *Service) insertLocked(ctx context.Context, batch []Draft) ([]*ent.Message, error) {
	if s.app.Store().Dialect() == dialect.SQLite {
		return s.insert(ctx, s.ent, batch)
	}
	tx, err := s.ent.Tx(ctx)
	if err != nil {
		return nil, fmt.Errorf("begin: %w", err)
	}
	ids := recipients(batch)
	if _, err := tx.User.Query().Where(user.IDIn(ids...)).Order(ent.Asc(user.FieldID)).ForUpdate().IDs(ctx); err != nil {
		_ = tx.Rollback()
		return nil, fmt.Errorf("lock recipients: %w", err)
	}
	rows, err := s.insert(ctx, tx.Client(), batch)
	if err != nil {
		_ = tx.Rollback()
		return nil, err
	}
	if err := tx.Commit(); err != nil {
		return nil, fmt.Errorf("commit: %w", err)
	}
	return rows, nil
}

// recipients lists the batch's recipients in id order, once each.
func recipients(batch []Draft) []int64 {
	ids := make([]int64, 0, len(batch))
	for _, d := range batch {
		ids = append(ids, d.RecipientID)
	}
	slices.Sort(ids)
	return slices.Compact(ids)
}

// insert numbers the batch after each recipient's last number (read for
// the recipients s.seqs does not know) and inserts it.
func (s *Service) insert(ctx context.Context, client *ent.Client, batch []Draft) ([]*ent.Message, error) {
	next, missing := s.seqs.known(recipients(batch))
	if len(missing) > 0 {
		s.seqs.reads.Add(1)
		var maxes []struct {
			RecipientID int64 `json:"id"`
			Max         int64 `json:"max"`
		}
		err := client.User.Query().Where(user.IDIn(missing...)).Select(user.FieldID).Aggregate(lastSeq).Scan(ctx, &maxes)
		if err != nil {
			return nil, fmt.Errorf("read sequence numbers: %w", err)
		}
		for _, m := range maxes {
			next[m.RecipientID] = m.Max
		}
	}
	now := time.Now()
	creates := make([]*ent.MessageCreate, len(batch))
	for i, d := range batch {
		next[d.RecipientID]++
		creates[i] = client.Message.Create().SetTenantID(d.TenantID).SetRecipientID(d.RecipientID).
			SetSeq(next[d.RecipientID]).SetKind(d.Kind).SetTitle(clip(d.Title, 100)).SetBody(clip(d.Body, 2000)).
			SetSenderID(d.SenderID).SetModule(d.Module).SetRecordID(d.RecordID).SetTaskID(d.TaskID).
			SetAudiencePath(d.Audience).SetCreatedAt(now).SetUpdatedAt(now)
	}
	return client.Message.CreateBulk(creates...).Save(ctx)
}

// lastSeq selects, per user row, the number of the user's last message (0
// when none): a correlated MAX that each database answers with one seek
// of the (recipient_id, seq) index, where a GROUP BY recipient_id over the
// messages reads every message of each recipient.
func lastSeq(s *sql.Selector) string {
	m := sql.Table(message.Table).As("m")
	sub := sql.Dialect(s.Dialect()).Select(sql.Max(m.C(message.FieldSeq))).From(m).
		Where(sql.ColumnsEQ(m.C(message.FieldRecipientID), s.C(user.FieldID)))
	q, _ := sub.Query()
	return sql.As("COALESCE(("+q+"), 0)", "max")
}

// page lists a user's messages, newest first, with the total.
func (s *Service) page(ctx context.Context, tenantID, userID int64, f listFilter) ([]Message, int64, error) {
	q := s.ent.Message.Query().Where(message.TenantID(tenantID), message.RecipientID(userID))
	if f.kind != "" {
		q = q.Where(message.KindEQ(message.Kind(f.kind)))
	}
	switch f.read {
	case "unread":
		q = q.Where(message.ReadAtIsNil())
	case "read":
		q = q.Where(message.ReadAtNotNil())
	}
	total, err := q.Clone().Count(ctx)
	if err != nil {
		return nil, 0, fmt.Errorf("count messages: %w", err)
	}
	rows, err := q.Order(ent.Desc(message.FieldSeq)).Offset(f.page * f.size).Limit(f.size).All(ctx)
	if err != nil {
		return nil, 0, fmt.Errorf("list messages: %w", err)
	}
	return toMessages(rows), int64(total), nil
}

// unread counts a user's unread messages.
func (s *Service) unread(ctx context.Context, tenantID, userID int64) (int, error) {
	n, err := s.ent.Message.Query().
		Where(message.TenantID(tenantID), message.RecipientID(userID), message.ReadAtIsNil()).Count(ctx)
	if err != nil {
		return 0, fmt.Errorf("count unread messages: %w", err)
	}
	return n, nil
}

// markRead marks messages of a user read (all of them when ids is nil)
// and returns how many changed.
func (s *Service) markRead(ctx context.Context, tenantID, userID int64, ids []int64) (int, error) {
	u := s.ent.Message.Update().
		Where(message.TenantID(tenantID), message.RecipientID(userID), message.ReadAtIsNil())
	if ids != nil {
		u = u.Where(message.IDIn(ids...))
	}
	n, err := u.SetReadAt(time.Now()).Save(ctx)
	if err != nil {
		return 0, fmt.Errorf("mark messages read: %w", err)
	}
	return n, nil
}

// remove deletes messages of a user and returns how many it deleted.
func (s *Service) remove(ctx context.Context, tenantID, userID int64, ids []int64) (int, error) {
	n, err := s.ent.Message.Delete().
		Where(message.TenantID(tenantID), message.RecipientID(userID), message.IDIn(ids...)).Exec(ctx)
	if err != nil {
		return 0, fmt.Errorf("delete messages: %w", err)
	}
	return n, nil
}

// since lists at most limit messages of a user numbered after seq, oldest
// first: what a reconnecting socket missed.
func (s *Service) since(ctx context.Context, tenantID, userID, seq int64, limit int) ([]Message, error) {
	rows, err := s.ent.Message.Query().
		Where(message.TenantID(tenantID), message.RecipientID(userID), message.SeqGT(seq)).
		Order(ent.Asc(message.FieldSeq)).Limit(limit).All(ctx)
	if err != nil {
		return nil, fmt.Errorf("messages since %d: %w", seq, err)
	}
	return toMessages(rows), nil
}

func toMessages(rows []*ent.Message) []Message {
	out := make([]Message, len(rows))
	for i, r := range rows {
		out[i] = toMessage(r)
	}
	return out
}

func toMessage(r *ent.Message) Message {
	m := Message{ID: r.ID, Seq: r.Seq, Kind: string(r.Kind), Title: r.Title, Body: r.Body,
		SenderID: r.SenderID, Module: r.Module, RecordID: r.RecordID, TaskID: r.TaskID,
		CreatedAt: r.CreatedAt.In(time.Local).Format(schema.DateTimeLayout),
		audience:  r.AudiencePath, tenantID: r.TenantID, userID: r.RecipientID}
	if r.ReadAt != nil {
		m.ReadAt = r.ReadAt.In(time.Local).Format(schema.DateTimeLayout)
	}
	return m
}

// clip cuts s to n characters, the column's limit.
func clip(s string, n int) string {
	r := []rune(s)
	if len(r) <= n {
		return s
	}
	return string(r[:n])
}
