package system

import (
	"context"
	"fmt"
	"net/http"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"github.com/labstack/echo/v4"

	"xiangzhi/engine"
	"xiangzhi/engine/auth"
	"xiangzhi/engine/httpx"
	"xiangzhi/engine/msg"
	"xiangzhi/engine/schema"
	"xiangzhi/generated/ent"
	"xiangzhi/generated/ent/dict"
	"xiangzhi/generated/ent/dictitem"
	"xiangzhi/generated/ent/predicate"
)

// Dictionaries (code tables): /api/sysdict and /api/sysdictitem edit them,
// selectSysDictItemList answers the items of one or more types for the
// console's pickers and filters. The tables of schemas/_dicts.yaml are
// loaded into them at start and on every schema reload (syncDicts); they
// are read-only through the API, while dictionaries and items an
// administrator adds are theirs to change (and survive every sync).
func (s *Service) dictRoutes() []engine.Route {
	return []engine.Route{
		{Method: http.MethodGet, Path: "/api/sysdict", Code: CodeDictList, Name: routeListDicts, Handler: s.listDicts},
		{Method: http.MethodGet, Path: "/api/sysdict/:id", Code: CodeDictList, Name: routeGetDict, Handler: s.getDict},
		{Method: http.MethodPost, Path: "/api/sysdict", Code: CodeDictAdd, Name: routeCreateDict, Handler: s.createDict},
		{Method: http.MethodPut, Path: "/api/sysdict", Code: CodeDictEdit, Name: routeUpdateDict, Handler: s.updateDict},
		{Method: http.MethodPut, Path: "/api/sysdict/:id", Code: CodeDictEdit, Name: routeUpdateDict, Handler: s.updateDict},
		{Method: http.MethodDelete, Path: "/api/sysdict/:id", Code: CodeDictDel, Name: routeDeleteDict, Handler: s.deleteDict},
		{Method: http.MethodGet, Path: "/api/sysdictitem", Code: CodeDictList, Name: routeListDictItems,
			Handler: s.listDictItems},
		{Method: http.MethodGet, Path: "/api/sysdictitem/:id", Code: CodeDictList, Name: routeGetDictItem,
			Handler: s.getDictItem},
		{Method: http.MethodPost, Path: "/api/sysdictitem", Code: CodeDictAdd, Name: routeCreateDictItem,
			Handler: s.createDictItem},
		{Method: http.MethodPut, Path: "/api/sysdictitem", Code: CodeDictEdit, Name: routeUpdateDictItem,
			Handler: s.updateDictItem},
		{Method: http.MethodPut, Path: "/api/sysdictitem/:id", Code: CodeDictEdit, Name: routeUpdateDictItem,
			Handler: s.updateDictItem},
		{Method: http.MethodDelete, Path: "/api/sysdictitem/:id", Code: CodeDictDel, Name: routeDeleteDictItem,
			Handler: s.deleteDictItem},
		{Method: http.MethodPost, Path: "/api/sysdictitem/selectSysDictItemList", Code: auth.SignedIn,
			Name: routeSelectDictItems, Handler: s.selectDictItems},
	}
}

// schemaDict is the dictionary of type as the schema set being served
// defines it, or nil for one an administrator added.
func (s *Service) schemaDict(typ string) *schema.Dict {
	if s.app == nil {
		return nil
	}
	set := s.app.Modules()
	if set == nil {
		return nil
	}
	return set.Dicts[typ]
}

// schemaItem reports whether the schema's dictionary of type has value.
func (s *Service) schemaItem(typ, value string) bool {
	d := s.schemaDict(typ)
	return d != nil && slices.ContainsFunc(d.Items, func(o schema.Option) bool { return optionText(o.Value) == value })
}

// optionText is a dictionary value as the tables store it.
func optionText(v any) string {
	switch x := v.(type) {
	case string:
		return x
	case int:
		return strconv.Itoa(x)
	case int64:
		return strconv.FormatInt(x, 10)
	case float64:
		return strconv.FormatFloat(x, 'f', -1, 64)
	}
	return fmt.Sprint(v)
}

// dictDTO is a dictionary; system marks one _dicts.yaml defines. The
// detail carries its items.
type dictDTO struct {
	ID     int64         `json:"id"`
	Type   string        `json:"type"`
	Title  string        `json:"title"`
	System bool          `json:"system"`
	Items  []dictItemDTO `json:"items,omitempty"`
}

// dictItemDTO is one item; type is its dictionary's.
type dictItemDTO struct {
	ID     int64  `json:"id"`
	DictID int64  `json:"dictId"`
	Type   string `json:"type"`
	Value  string `json:"value"`
	Label  string `json:"label"`
	Sort   int    `json:"sort"`
	Color  string `json:"color"`
	System bool   `json:"system"`
}

func (s *Service) toDictDTO(d *ent.Dict) dictDTO {
	out := dictDTO{ID: d.ID, Type: d.Type, Title: d.Title, System: s.schemaDict(d.Type) != nil}
	for _, it := range d.Edges.Items {
		out.Items = append(out.Items, s.toDictItemDTO(it, d.Type))
	}
	return out
}

func (s *Service) toDictItemDTO(it *ent.DictItem, typ string) dictItemDTO {
	return dictItemDTO{ID: it.ID, DictID: it.DictID, Type: typ, Value: it.Value, Label: it.Label, Sort: it.Sort,
		Color: it.Color, System: s.schemaItem(typ, it.Value)}
}

// itemOrder orders items as pickers show them.
func itemOrder(q *ent.DictItemQuery) *ent.DictItemQuery {
	return q.Order(ent.Asc(dictitem.FieldSort), ent.Asc(dictitem.FieldID))
}

// listDicts answers a page of dictionaries, filtered by type and title
// (contains; also typeLike and titleLike).
func (s *Service) listDicts(c echo.Context) error {
	if err := onlyParams(c, "page", "size", "type", "typeLike", "title", "titleLike"); err != nil {
		return err
	}
	page, size, err := pageParams(c)
	if err != nil {
		return err
	}
	q := s.ent.Dict.Query()
	for _, f := range []struct {
		param string
		pred  func(string) predicate.Dict
	}{
		{"type", dict.TypeContainsFold}, {"typeLike", dict.TypeContainsFold},
		{"title", dict.TitleContainsFold}, {"titleLike", dict.TitleContainsFold},
	} {
		text, err := likeParam(c, f.param, 100)
		if err != nil {
			return err
		}
		if text != "" {
			q = q.Where(f.pred(text))
		}
	}
	return answerPage(c, q.Order(ent.Asc(dict.FieldID)), page, size, "dictionaries", s.toDictDTO)
}

// loadDict loads a dictionary by id (404 otherwise), with its items when
// items is set.
func (s *Service) loadDict(ctx context.Context, id int64, items bool) (*ent.Dict, error) {
	q := s.ent.Dict.Query().Where(dict.ID(id))
	if items {
		q = q.WithItems(func(q *ent.DictItemQuery) { itemOrder(q) })
	}
	d, err := q.Only(ctx)
	if ent.IsNotFound(err) {
		return nil, notFound(DictNotFound)
	}
	if err != nil {
		return nil, fmt.Errorf("load dictionary %d: %w", id, err)
	}
	return d, nil
}

// getDict answers one dictionary with its items.
func (s *Service) getDict(c echo.Context) error {
	id, err := httpx.PathID(c, "id")
	if err != nil {
		return err
	}
	d, err := s.loadDict(c.Request().Context(), id, true)
	if err != nil {
		return err
	}
	return httpx.OK(c, s.toDictDTO(d))
}

// dictBody is the dictionary form; system is what the API answered and is
// ignored.
type dictBody struct {
	ID     flexID `json:"id"`
	Type   string `json:"type"`
	Title  string `json:"title"`
	System *bool  `json:"system"`
}

// dictTypePattern is what a dictionary type may hold, as in _dicts.yaml
// (docs/schema/dicts.schema.json): module schemas name it in their dict:
// keys. maxDictType is its length limit there.
var dictTypePattern = regexp.MustCompile(`^[A-Za-z][A-Za-z0-9_]*$`)

const maxDictType = 60

func (b *dictBody) check() error {
	b.Type, b.Title = strings.TrimSpace(b.Type), strings.TrimSpace(b.Title)
	var cs checks
	switch {
	case b.Type == "":
		cs.add("type", DictTypeRequired)
	case !dictTypePattern.MatchString(b.Type):
		cs.add("type", DictTypeInvalid)
	}
	cs.maxLen("type", b.Type, maxDictType, fmt.Sprintf(msg.FieldTooLong, DictType, maxDictType))
	if b.Title == "" {
		cs.add("title", DictTitleRequired)
	}
	cs.maxLen("title", b.Title, 100, fmt.Sprintf(msg.FieldTooLong, DictTitle, 100))
	return cs.err()
}

// createDict adds a dictionary of the administrator's.
func (s *Service) createDict(c echo.Context) error {
	var b dictBody
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
	if err := s.dictTypeFree(ctx, b.Type, 0); err != nil {
		return err
	}
	d, err := s.ent.Dict.Create().SetType(b.Type).SetTitle(b.Title).Save(ctx)
	if ent.IsConstraintError(err) {
		return invalid(schema.FieldError{Field: "type", Message: DictTypeTaken})
	}
	if err != nil {
		return fmt.Errorf("create dictionary: %w", err)
	}
	return httpx.OK(c, s.toDictDTO(d))
}

// updateDict changes an administrator's dictionary (the id in the body or
// the path).
func (s *Service) updateDict(c echo.Context) error {
	var b dictBody
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
	d, err := s.loadDict(ctx, id, false)
	if err != nil {
		return err
	}
	if s.schemaDict(d.Type) != nil || s.schemaDict(b.Type) != nil {
		return httpx.NewError(http.StatusForbidden, DictFromSchema)
	}
	if err := s.dictTypeFree(ctx, b.Type, id); err != nil {
		return err
	}
	d, err = d.Update().SetType(b.Type).SetTitle(b.Title).Save(ctx)
	if ent.IsConstraintError(err) {
		return invalid(schema.FieldError{Field: "type", Message: DictTypeTaken})
	}
	if err != nil {
		return fmt.Errorf("update dictionary %d: %w", id, err)
	}
	return httpx.OK(c, s.toDictDTO(d))
}

func (s *Service) dictTypeFree(ctx context.Context, typ string, self int64) error {
	taken, err := s.ent.Dict.Query().Where(dict.Type(typ), dict.IDNEQ(self)).Exist(ctx)
	if err != nil {
		return fmt.Errorf("check dictionary type: %w", err)
	}
	if taken {
		return invalid(schema.FieldError{Field: "type", Message: DictTypeTaken})
	}
	return nil
}

// deleteDict removes an administrator's dictionary with its items.
func (s *Service) deleteDict(c echo.Context) error {
	id, err := httpx.PathID(c, "id")
	if err != nil {
		return err
	}
	ctx := c.Request().Context()
	d, err := s.loadDict(ctx, id, false)
	if err != nil {
		return err
	}
	if s.schemaDict(d.Type) != nil {
		return httpx.NewError(http.StatusForbidden, DictFromSchema)
	}
	err = withTx(ctx, s.ent, func(tx *ent.Tx) error {
		if _, err := tx.DictItem.Delete().Where(dictitem.DictID(id)).Exec(ctx); err != nil {
			return fmt.Errorf("delete items of dictionary %d: %w", id, err)
		}
		if err := tx.Dict.DeleteOneID(id).Exec(ctx); err != nil {
			return fmt.Errorf("delete dictionary %d: %w", id, err)
		}
		return nil
	})
	if err != nil {
		return err
	}
	return httpx.OK(c, nil)
}

// bodyOrPathID is the id of a PUT: the path's when the route has one (the
// body's, if any, must agree), else the body's.
func bodyOrPathID(c echo.Context, body int64) (int64, error) {
	if c.Param("id") == "" {
		if body <= 0 {
			return 0, httpx.BadRequest(msg.IDRequired)
		}
		return body, nil
	}
	id, err := httpx.PathID(c, "id")
	if err != nil {
		return 0, err
	}
	if body != 0 && body != id {
		return 0, httpx.BadRequest(msg.IDMismatch)
	}
	return id, nil
}
