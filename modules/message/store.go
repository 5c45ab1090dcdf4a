package message

import (
	"context"
	"fmt"
	"slices"
	"time"

	"entgo.io/ent/dialect"

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
// recipient (max + 1, under the unique index (recipient_id, seq)). On
// PostgreSQL and MySQL the recipients' user rows are locked first (in id
// order, so batches never deadlock), which makes concurrent stores for one
// user take turns: the numbers of a recipient are committed in increasing
// order, and a client that saw n has seen every message before it. SQLite
// has one writer at a time; an insert that still collides on the index is
// retried with fresh numbers.
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
			time.Sleep(time.Duration(attempt+1) * time.Millisecond)
		}
		if err != nil {
			return out, fmt.Errorf("store messages: %w", err)
		}
		for i, r := range rows {
			m := toMessage(r)
			m.audience = batch[i].Audience
			out = append(out, m)
		}
	}
	return out, nil
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

// insert reads the last number of each recipient and inserts the batch.
func (s *Service) insert(ctx context.Context, client *ent.Client, batch []Draft) ([]*ent.Message, error) {
	var maxes []struct {
		RecipientID int64 `json:"recipient_id"`
		Max         int64 `json:"max"`
	}
	err := client.Message.Query().Where(message.RecipientIDIn(recipients(batch)...)).
		GroupBy(message.FieldRecipientID).Aggregate(ent.Max(message.FieldSeq)).Scan(ctx, &maxes)
	if err != nil {
		return nil, fmt.Errorf("read sequence numbers: %w", err)
	}
	next := map[int64]int64{}
	for _, m := range maxes {
		next[m.RecipientID] = m.Max
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
