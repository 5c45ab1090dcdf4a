package designer

import (
	"slices"

	"github.com/labstack/echo/v4"

	"xiangzhi/engine/httpx"
	"xiangzhi/engine/schema"
	"xiangzhi/modules/system"
)

// options are the lists the property panels pick from.
type options struct {
	FieldTypes []schema.FieldType `json:"fieldTypes"`
	Dicts      []dictRef          `json:"dicts"`
	Groups     []schema.Group     `json:"groups"`
	Modules    []moduleRef        `json:"modules"`
	Roles      []system.RoleRef   `json:"roles"`
}

type dictRef struct {
	Type  string `json:"type"`
	Title string `json:"title"`
}

type moduleRef struct {
	Name   string     `json:"name"`
	Title  string     `json:"title"`
	Fields []fieldRef `json:"fields"`
}

type fieldRef struct {
	Name  string           `json:"name"`
	Label string           `json:"label"`
	Type  schema.FieldType `json:"type"`
}

func (s *service) options(c echo.Context) error {
	set := s.app.Modules()
	out := options{FieldTypes: schema.FieldTypes, Dicts: []dictRef{}, Groups: set.Groups, Modules: []moduleRef{}}
	if out.Groups == nil {
		out.Groups = []schema.Group{}
	}
	for _, d := range set.Dicts {
		out.Dicts = append(out.Dicts, dictRef{Type: d.Type, Title: d.Title})
	}
	slices.SortFunc(out.Dicts, func(a, b dictRef) int { return compare(a.Type, b.Type) })
	for _, m := range set.Modules {
		ref := moduleRef{Name: m.Name, Title: m.Title, Fields: []fieldRef{}}
		for _, f := range m.Fields {
			ref.Fields = append(ref.Fields, fieldRef{f.Name, f.Label, f.Type})
		}
		out.Modules = append(out.Modules, ref)
	}
	slices.SortFunc(out.Modules, func(a, b moduleRef) int { return compare(a.Name, b.Name) })
	roles, err := s.sys.TenantRoles(c.Request().Context(), viewer(c).TenantID)
	if err != nil {
		return err
	}
	out.Roles = roles
	return httpx.OK(c, out)
}

func compare(a, b string) int {
	switch {
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
}
