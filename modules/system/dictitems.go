package system

// Dictionary items: listing, reading, adding, editing and deleting the
// values of one dictionary.

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"reflect"
	"strings"

	"github.com/labstack/echo/v4"

	"xiangzhi/engine/httpx"
	"xiangzhi/engine/msg"
	"xiangzhi/engine/schema"
	"xiangzhi/generated/ent"
	"xiangzhi/generated/ent/dict"
	"xiangzhi/generated/ent/dictitem"
	"xiangzhi/generated/ent/predicate"
)

// loadDictItem loads an item with its dictionary (404 otherwise).
func (s *Service) loadDictItem(ctx context.Context, id int64) (*ent.DictItem, error) {
	it, err := s.ent.DictItem.Query().Where(dictitem.ID(id)).WithDict().Only(ctx)
	if ent.IsNotFound(err) {
		return nil, notFound(DictItemNotFound)
	}
	if err != nil {
		return nil, fmt.Errorf("load dictionary item %d: %w", id, err)
	}
	return it, nil
}

// listDictItems answers a page of items, filtered by dictionary (dictId,
// or its type), value (equals) and label (contains; also labelLike), in
// dictionary and picker order.
func (s *Service) listDictItems(c echo.Context) error {
	if err := onlyParams(c, "page", "size", "dictId", "type", "value", "label", "labelLike"); err != nil {
		return err
	}
	page, size, err := pageParams(c)
	if err != nil {
		return err
	}
	q := s.ent.DictItem.Query()
	dictID, err := httpx.QueryID(c, "dictId", false)
	if err != nil {
		return err
	}
	if dictID != 0 {
		q = q.Where(dictitem.DictID(dictID))
	}
	for _, f := range []struct {
		param string
		pred  func(string) predicate.DictItem
	}{
		{"type", func(v string) predicate.DictItem { return dictitem.HasDictWith(dict.Type(v)) }},
		{"value", dictitem.ValueEQ},
		{"label", dictitem.LabelContainsFold},
		{"labelLike", dictitem.LabelContainsFold},
	} {
		text, err := likeParam(c, f.param, 100)
		if err != nil {
			return err
		}
		if text != "" {
			q = q.Where(f.pred(text))
		}
	}
	return answerPage(c, itemOrder(q.Order(ent.Asc(dictitem.FieldDictID))).WithDict(), page, size,
		"dictionary items", func(it *ent.DictItem) dictItemDTO { return s.toDictItemDTO(it, it.Edges.Dict.Type) })
}

// getDictItem answers one item.
func (s *Service) getDictItem(c echo.Context) error {
	id, err := httpx.PathID(c, "id")
	if err != nil {
		return err
	}
	it, err := s.loadDictItem(c.Request().Context(), id)
	if err != nil {
		return err
	}
	return httpx.OK(c, s.toDictItemDTO(it, it.Edges.Dict.Type))
}

// dictItemBody is the item form: the dictionary by dictId or by type (on
// create only: an item stays in its dictionary), value (text or number),
// label, sort (after the others when absent on create) and color; system
// is what the API answered and is ignored.
type dictItemBody struct {
	ID     flexID    `json:"id"`
	DictID flexID    `json:"dictId"`
	Type   string    `json:"type"`
	Value  textValue `json:"value"`
	Label  string    `json:"label"`
	Sort   *int      `json:"sort"`
	Color  string    `json:"color"`
	System *bool     `json:"system"`
}

func (b *dictItemBody) check() error {
	b.Value, b.Label, b.Color = textValue(strings.TrimSpace(string(b.Value))), strings.TrimSpace(b.Label),
		strings.TrimSpace(b.Color)
	var cs checks
	if b.Value == "" {
		cs.add("value", DictItemValueRequired)
	}
	cs.maxLen("value", string(b.Value), 100, fmt.Sprintf(msg.FieldTooLong, DictItemValue, 100))
	if b.Label == "" {
		cs.add("label", DictItemLabelRequired)
	}
	cs.maxLen("label", b.Label, 100, fmt.Sprintf(msg.FieldTooLong, DictItemLabel, 100))
	cs.maxLen("color", b.Color, 20, fmt.Sprintf(msg.FieldTooLong, DictItemColor, 20))
	return cs.err()
}

// textValue is a dictionary value sent as a JSON string or number.
type textValue string

// UnmarshalJSON reads a string, a number (as written) or null.
func (t *textValue) UnmarshalJSON(b []byte) error {
	var v any
	err := json.Unmarshal(b, &v)
	switch x := v.(type) {
	case nil:
		*t = ""
	case string:
		*t = textValue(x)
	case float64:
		*t = textValue(strings.TrimSpace(string(b)))
	default:
		err = &json.UnmarshalTypeError{Value: string(b), Type: reflect.TypeOf("")}
	}
	return err
}

// createDictItem adds an item to a dictionary (one of _dicts.yaml's too:
// syncs keep it).
func (s *Service) createDictItem(c echo.Context) error {
	var b dictItemBody
	if err := httpx.BindInto(c, s.maxBody, &b); err != nil {
		return err
	}
	if b.ID != 0 {
		return httpx.BadRequest(CreateWithID)
	}
	if err := b.check(); err != nil {
		return err
	}
	ctx := c.Request().Context()
	q := s.ent.Dict.Query()
	switch typ := strings.TrimSpace(b.Type); {
	case b.DictID != 0:
		q = q.Where(dict.ID(int64(b.DictID)))
	case typ != "":
		q = q.Where(dict.Type(typ))
	default:
		return invalid(schema.FieldError{Field: "dictId", Message: DictItemDict})
	}
	d, err := q.Only(ctx)
	if ent.IsNotFound(err) {
		return invalid(schema.FieldError{Field: "dictId", Message: DictNotFound})
	}
	if err != nil {
		return fmt.Errorf("load dictionary: %w", err)
	}
	if err := s.itemValueFree(ctx, d.ID, string(b.Value), 0); err != nil {
		return err
	}
	sort := 0
	if b.Sort != nil {
		sort = *b.Sort
	} else {
		last, err := s.ent.DictItem.Query().Where(dictitem.DictID(d.ID)).Order(ent.Desc(dictitem.FieldSort)).First(ctx)
		if err != nil && !ent.IsNotFound(err) {
			return fmt.Errorf("read items of dictionary %d: %w", d.ID, err)
		}
		if last != nil {
			sort = last.Sort
		}
		sort++
	}
	it, err := s.ent.DictItem.Create().SetDictID(d.ID).SetValue(string(b.Value)).SetLabel(b.Label).
		SetSort(sort).SetColor(b.Color).Save(ctx)
	if ent.IsConstraintError(err) {
		return invalid(schema.FieldError{Field: "value", Message: DictItemValueTaken})
	}
	if err != nil {
		return fmt.Errorf("create dictionary item: %w", err)
	}
	return httpx.OK(c, s.toDictItemDTO(it, d.Type))
}

// updateDictItem changes an item an administrator added.
func (s *Service) updateDictItem(c echo.Context) error {
	var b dictItemBody
	if err := httpx.BindInto(c, s.maxBody, &b); err != nil {
		return err
	}
	id, err := bodyOrPathID(c, int64(b.ID))
	if err != nil {
		return err
	}
	if err := b.check(); err != nil {
		return err
	}
	ctx := c.Request().Context()
	it, err := s.loadDictItem(ctx, id)
	if err != nil {
		return err
	}
	typ := it.Edges.Dict.Type
	if s.schemaItem(typ, it.Value) {
		return httpx.NewError(http.StatusForbidden, DictItemFromSchema)
	}
	if err := s.itemValueFree(ctx, it.DictID, string(b.Value), id); err != nil {
		return err
	}
	up := it.Update().SetValue(string(b.Value)).SetLabel(b.Label).SetColor(b.Color)
	if b.Sort != nil {
		up.SetSort(*b.Sort)
	}
	it, err = up.Save(ctx)
	if ent.IsConstraintError(err) {
		return invalid(schema.FieldError{Field: "value", Message: DictItemValueTaken})
	}
	if err != nil {
		return fmt.Errorf("update dictionary item %d: %w", id, err)
	}
	return httpx.OK(c, s.toDictItemDTO(it, typ))
}

func (s *Service) itemValueFree(ctx context.Context, dictID int64, value string, self int64) error {
	taken, err := s.ent.DictItem.Query().
		Where(dictitem.DictID(dictID), dictitem.ValueEQ(value), dictitem.IDNEQ(self)).Exist(ctx)
	if err != nil {
		return fmt.Errorf("check dictionary value: %w", err)
	}
	if taken {
		return invalid(schema.FieldError{Field: "value", Message: DictItemValueTaken})
	}
	return nil
}

// deleteDictItem removes an item an administrator added.
func (s *Service) deleteDictItem(c echo.Context) error {
	id, err := httpx.PathID(c, "id")
	if err != nil {
		return err
	}
	ctx := c.Request().Context()
	it, err := s.loadDictItem(ctx, id)
	if err != nil {
		return err
	}
	if s.schemaItem(it.Edges.Dict.Type, it.Value) {
		return httpx.NewError(http.StatusForbidden, DictItemFromSchema)
	}
	if err := s.ent.DictItem.DeleteOneID(id).Exec(ctx); err != nil {
		return fmt.Errorf("delete dictionary item %d: %w", id, err)
	}
	return httpx.OK(c, nil)
}
