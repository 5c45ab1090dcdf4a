package message

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"

	"xiangzhi/engine/crud"
	"xiangzhi/engine/schema"
	"xiangzhi/engine/store"
	"xiangzhi/generated/ent/message"
)

// onTransition tells the people a status action concerns: the record's
// creator (kind status) and every user a user field of the record names,
// such as an event's 承办人 or a repair order's 维修人 (kind assign) —
// except whoever took the action. It runs after the action committed;
// failures are logged, never answered (the action is done).
func (s *Service) onTransition(ctx context.Context, m *schema.Module, sc store.Scope, a schema.Action,
	comment string, rec store.Record) {
	id := asInt64(rec["id"])
	if id == 0 {
		return
	}
	done := map[int64]bool{sc.UserID: true}
	var drafts []Draft
	add := func(uid int64, kind message.Kind, title, body string) {
		if uid == 0 || done[uid] {
			return
		}
		done[uid] = true
		if comment != "" {
			body += fmt.Sprintf(MessageCommentSuffix, comment)
		}
		drafts = append(drafts, Draft{TenantID: sc.TenantID, RecipientID: uid, SenderID: sc.UserID, Kind: kind,
			Title: title, Body: body, Module: m.Name, RecordID: id})
	}
	add(asInt64(rec["createdBy"]), message.KindStatus, fmt.Sprintf(MessageStatusTitle, m.Title, a.Label),
		fmt.Sprintf(MessageStatusBody, m.Title, id, a.Label))
	for _, f := range m.Fields {
		if f.Type == schema.TypeRef && f.Ref == schema.RefUser && !f.ReadOnly {
			add(asInt64(rec[f.Name]), message.KindAssign, fmt.Sprintf(MessageAssignTitle, m.Title, a.Label),
				fmt.Sprintf(MessageAssignBody, m.Title, id, a.Label))
		}
	}
	if _, err := s.Send(ctx, drafts); err != nil {
		s.log.Error("transition messages not sent", "module", m.Name, "id", id, "err", err.Error())
	}
}

// onAssign tells the users a create or an edit newly names in a writable
// user field (an event's 承办人 set by editing the record, a repair order's
// 维修人, an interview's 约谈人) that the record is now theirs (kind assign),
// except the writer. Users the field already named before the edit are
// not told again. An import's rows are told like single creates. It runs
// after the write committed; a failure is logged, never answered.
func (s *Service) onAssign(ctx context.Context, w *store.Write) error {
	if w.New == nil || w.ID == 0 {
		return nil
	}
	done := map[int64]bool{w.Scope.UserID: true}
	var drafts []Draft
	for _, f := range w.Module.Fields {
		if f.Type != schema.TypeRef || f.Ref != schema.RefUser || f.ReadOnly {
			continue
		}
		had := crud.RefIDs(w.Old[f.Name])
		for _, uid := range crud.RefIDs(w.New[f.Name]) {
			if done[uid] || slices.Contains(had, uid) {
				continue
			}
			done[uid] = true
			drafts = append(drafts, Draft{TenantID: w.Scope.TenantID, RecipientID: uid, SenderID: w.Scope.UserID,
				Kind: message.KindAssign, Title: fmt.Sprintf(MessageAssignedTitle, w.Module.Title),
				Body: fmt.Sprintf(MessageAssignedBody, w.Module.Title, w.ID, f.Label), Module: w.Module.Name, RecordID: w.ID})
		}
	}
	if _, err := s.Send(ctx, drafts); err != nil {
		s.log.Error("assignment messages not sent", "module", w.Module.Name, "id", w.ID, "err", err.Error())
	}
	return nil
}

// asInt64 reads an id out of a record value.
func asInt64(v any) int64 {
	switch x := v.(type) {
	case int64:
		return x
	case int:
		return int64(x)
	case float64:
		return int64(x)
	case json.Number:
		n, _ := x.Int64()
		return n
	}
	return 0
}
