package httpx

import (
	"cmp"
	"slices"
)

// Label is one display value of a record's references: in the record's
// "_labels", Field's object maps ID to Name.
type Label struct{ Field, ID, Name string }

// Labels are a record's "_labels" as a list of entries rather than a
// map[string]map[string]string, written (as a *Labels value) with the bytes
// encoding/json writes for the maps holding the same entries: fields
// sorted, ids sorted within a field, {} for none. A list page's labels are
// then a slice per page instead of maps per row. Make them with
// SortLabels.
type Labels []Label

// SortLabels puts entries in the order Labels are written, keeping of the
// entries with the same field and id the last one, as setting them in a
// map in turn would; it reuses ls.
func SortLabels(ls []Label) Labels {
	slices.SortStableFunc(ls, func(a, b Label) int {
		if c := cmp.Compare(a.Field, b.Field); c != 0 {
			return c
		}
		return cmp.Compare(a.ID, b.ID)
	})
	out := ls[:0]
	for i, l := range ls {
		if i+1 < len(ls) && ls[i+1].Field == l.Field && ls[i+1].ID == l.ID {
			continue // a later entry sets the same key
		}
		out = append(out, l)
	}
	return out
}

// appendLabels writes ls as the object of objects they stand for.
func appendLabels(b []byte, ls Labels) []byte {
	b = append(b, '{')
	for i, l := range ls {
		switch {
		case i == 0 || l.Field != ls[i-1].Field:
			if i > 0 {
				b = append(b, '}', ',')
			}
			b = appendString(b, l.Field)
			b = append(b, ':', '{')
		default:
			b = append(b, ',')
		}
		b = appendString(b, l.ID)
		b = append(b, ':')
		b = appendString(b, l.Name)
	}
	if len(ls) > 0 {
		b = append(b, '}')
	}
	return append(b, '}')
}
