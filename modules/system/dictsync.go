package system

// Dictionaries as the console's pickers read them (selectSysDictItemList),
// and the dictionaries of _dicts.yaml kept in step with the schema set.

import (
	"context"
	"fmt"
	"slices"
	"strings"

	"github.com/labstack/echo/v4"

	"xiangzhi/engine/httpx"
	"xiangzhi/engine/msg"
	"xiangzhi/engine/schema"
	"xiangzhi/generated/ent"
	"xiangzhi/generated/ent/dict"
)

// dictOption is an item as pickers and filters read it.
type dictOption struct {
	Value string `json:"value"`
	Label string `json:"label"`
	Color string `json:"color,omitempty"`
}

// maxSelectTypes is the most dictionaries one selectSysDictItemList asks.
const maxSelectTypes = 200

// selectDictItems answers the items of the dictionary dictType (or type)
// names: [{value, label}] in picker order, [] for an unknown type. Given
// several types (a JSON array or a comma list) it answers an object
// mapping each type to its items.
func (s *Service) selectDictItems(c echo.Context) error {
	f, err := formFields(c, "dictType", "type")
	if err != nil {
		return err
	}
	var types []string
	for _, part := range strings.Split(f["dictType"]+","+f["type"], ",") {
		if part = strings.TrimSpace(part); part != "" && !slices.Contains(types, part) {
			types = append(types, part)
		}
	}
	if len(types) == 0 {
		return invalid(schema.FieldError{Field: "dictType", Message: DictTypeParamRequired})
	}
	if len(types) > maxSelectTypes {
		return httpx.BadRequest(fmt.Sprintf(msg.BadParam, "dictType"))
	}
	ds, err := s.ent.Dict.Query().Where(dict.TypeIn(types...)).
		WithItems(func(q *ent.DictItemQuery) { itemOrder(q) }).All(c.Request().Context())
	if err != nil {
		return fmt.Errorf("read dictionaries %v: %w", types, err)
	}
	out := make(map[string][]dictOption, len(types))
	for _, t := range types {
		out[t] = []dictOption{}
	}
	for _, d := range ds {
		for _, it := range d.Edges.Items {
			out[d.Type] = append(out[d.Type], dictOption{Value: it.Value, Label: it.Label, Color: it.Color})
		}
	}
	if len(types) == 1 {
		return httpx.OK(c, out[types[0]])
	}
	return httpx.OK(c, out)
}

// syncDicts loads the code tables of set (schemas/_dicts.yaml) into the
// dictionary tables: a missing dictionary or item is created, one whose
// title, label, order or colour changed is updated. Nothing else is
// touched: dictionaries and items an administrator added stay, and so do
// the tables of a _dicts.yaml that no longer lists them. Register calls it
// at start and after every schema reload. Two instances syncing at once
// are safe: the loser of a unique key tries again.
func (s *Service) syncDicts(ctx context.Context, set *schema.Set) error {
	if set == nil || len(set.Dicts) == 0 {
		return nil
	}
	var err error
	for try := 0; try < 3; try++ {
		err = withTx(ctx, s.ent, func(tx *ent.Tx) error { return syncDictsTx(ctx, tx, set.Dicts) })
		if err == nil || !ent.IsConstraintError(err) {
			break
		}
	}
	if err != nil {
		return fmt.Errorf("sync dictionaries: %w", err)
	}
	return nil
}

func syncDictsTx(ctx context.Context, tx *ent.Tx, dicts map[string]*schema.Dict) error {
	types := make([]string, 0, len(dicts))
	for t := range dicts {
		types = append(types, t)
	}
	slices.Sort(types)
	existing := map[string]*ent.Dict{}
	for start := 0; start < len(types); start += 500 {
		rows, err := tx.Dict.Query().Where(dict.TypeIn(types[start:min(start+500, len(types))]...)).
			WithItems().All(ctx)
		if err != nil {
			return fmt.Errorf("read dictionaries: %w", err)
		}
		for _, d := range rows {
			existing[d.Type] = d
		}
	}
	var add []*ent.DictItemCreate
	for _, t := range types {
		want := dicts[t]
		d := existing[t]
		var err error
		switch {
		case d == nil:
			d, err = tx.Dict.Create().SetType(t).SetTitle(want.Title).Save(ctx)
		case d.Title != want.Title:
			err = tx.Dict.UpdateOneID(d.ID).SetTitle(want.Title).Exec(ctx)
		}
		if err != nil {
			return fmt.Errorf("dictionary %s: %w", t, err)
		}
		have := map[string]*ent.DictItem{}
		for _, it := range d.Edges.Items {
			have[it.Value] = it
		}
		for i, o := range want.Items {
			value, sort := optionText(o.Value), i+1
			it := have[value]
			if it == nil {
				add = append(add, tx.DictItem.Create().SetDictID(d.ID).SetValue(value).SetLabel(o.Label).
					SetSort(sort).SetColor(o.Color))
				continue
			}
			if it.Label != o.Label || it.Sort != sort || it.Color != o.Color {
				err := tx.DictItem.UpdateOneID(it.ID).SetLabel(o.Label).SetSort(sort).SetColor(o.Color).Exec(ctx)
				if err != nil {
					return fmt.Errorf("dictionary %s item %s: %w", t, value, err)
				}
			}
		}
	}
	for start := 0; start < len(add); start += 200 {
		if err := tx.DictItem.CreateBulk(add[start:min(start+200, len(add))]...).Exec(ctx); err != nil {
			return fmt.Errorf("create dictionary items: %w", err)
		}
	}
	return nil
}
