package schema

// ListSpec is the list page of a module as the console draws it: the
// columns, the filter bar, the default sort, the page size and the workflow.
type ListSpec struct {
	Columns  []ListColumn `json:"columns"`
	Filters  []ListFilter `json:"filters"`
	Sort     string       `json:"sort"`
	PageSize int          `json:"pageSize"`
	Status   *ListStatus  `json:"status,omitempty"`
}

// ListColumn is one list column: a field declared with list: true, or the
// status field.
type ListColumn struct {
	Name     string    `json:"name"`
	Label    string    `json:"label"`
	Type     FieldType `json:"type"`
	Multiple bool      `json:"multiple,omitempty"`
	Options  []Option  `json:"options,omitempty"` // enum choices, inline or from the dictionary
	Dict     string    `json:"dict,omitempty"`
	Ref      string    `json:"ref,omitempty"`
	Display  string    `json:"display,omitempty"`
	Sortable bool      `json:"sortable"`
	Width    int       `json:"width,omitempty"`
	Mask     string    `json:"mask,omitempty"`
}

// ListFilter is one entry of the filter bar: a field declared with filter:,
// or the status field, with the criteria operators it accepts.
type ListFilter struct {
	Name      string    `json:"name"`
	Label     string    `json:"label"`
	Type      FieldType `json:"type"`
	Filter    Filter    `json:"filter"`
	Operators []string  `json:"operators"`
	Multiple  bool      `json:"multiple,omitempty"`
	Options   []Option  `json:"options,omitempty"`
	Dict      string    `json:"dict,omitempty"`
	Ref       string    `json:"ref,omitempty"`
	Display   string    `json:"display,omitempty"`
}

// ListStatus is a module's workflow as the list shows it: the status values
// in ascending order and the actions with the permission code each needs.
type ListStatus struct {
	Field   string       `json:"field"`
	Label   string       `json:"label"`
	Values  []Option     `json:"values"`
	Initial int          `json:"initial"`
	Actions []ListAction `json:"actions"`
}

// ListAction is one status action as a button: where it applies, where it
// leads, whether it asks for a comment and the code it requires.
type ListAction struct {
	Name    string  `json:"name"`
	Label   string  `json:"label"`
	From    []int   `json:"from"`
	To      int     `json:"to"`
	Comment Comment `json:"comment,omitempty"`
	Confirm string  `json:"confirm,omitempty"`
	Code    string  `json:"code"`
}

// DefaultSort is the list order of a module that sets none.
const DefaultSort = "id,desc"

// ListSort is the list's order when its page names none: the module's, or
// DefaultSort ("a,desc;b,asc").
func ListSort(m *Module) string {
	if m.List.Sort == "" {
		return DefaultSort
	}
	return m.List.Sort
}

// ListPageSize is the list's page size when its page names none.
func ListPageSize(m *Module) int {
	if m.List.PageSize == 0 {
		return DefaultPageSize
	}
	return m.List.PageSize
}

// ListConfig derives the list page configuration of a module. set supplies
// dictionary items and reference display defaults; it may be nil.
func ListConfig(m *Module, set *Set) *ListSpec {
	ls := &ListSpec{Columns: []ListColumn{}, Filters: []ListFilter{}, Sort: ListSort(m), PageSize: ListPageSize(m)}
	fields := make([]*Field, 0, len(m.Fields)+1)
	for i := range m.Fields {
		fields = append(fields, &m.Fields[i])
	}
	if sf := m.StatusField(); sf != nil {
		fields = append(fields, sf)
	}
	for _, f := range fields {
		display := set.DisplayField(f)
		if f.List {
			ls.Columns = append(ls.Columns, ListColumn{
				Name: f.Name, Label: f.Label, Type: f.Type, Multiple: f.Multiple, Options: Choices(f, set),
				Dict: f.Dict, Ref: f.Ref, Display: display, Sortable: f.Sort && f.Sortable(),
				Width: f.Width, Mask: f.Mask,
			})
		}
		if f.Filter != "" {
			ls.Filters = append(ls.Filters, ListFilter{
				Name: f.Name, Label: f.Label, Type: f.Type, Filter: f.Filter, Operators: f.Operators(),
				Multiple: f.Multiple, Options: Choices(f, set), Dict: f.Dict, Ref: f.Ref, Display: display,
			})
		}
	}
	if st := m.Status; st != nil {
		sf := m.StatusField()
		ls.Status = &ListStatus{Field: st.Field, Label: sf.Label, Values: sf.Options, Initial: st.Initial,
			Actions: []ListAction{}}
		for _, a := range st.Actions {
			ls.Status.Actions = append(ls.Status.Actions, ListAction{Name: a.Name, Label: a.Label,
				From: a.From, To: a.To, Comment: a.Comment, Confirm: a.Confirm, Code: m.ActionCode(a)})
		}
	}
	return ls
}

// DisplayField is the field of a reference's target that shows the
// referenced record: display when the field names one; else "name" for a
// system entity and for a module that has a name field; else the module's
// first string field; else "id". It is "" for fields that are not
// references. The receiver may be nil (target modules unknown).
func (s *Set) DisplayField(f *Field) string {
	if f.Type != TypeRef {
		return ""
	}
	if f.Display != "" {
		return f.Display
	}
	target := s.RefModule(f)
	if target == nil {
		return "name"
	}
	if target.Field("name") != nil {
		return "name"
	}
	for _, tf := range target.Fields {
		if tf.Type == TypeString {
			return tf.Name
		}
	}
	return "id"
}
