package query

import (
	"net/url"
	"testing"
	"time"

	"xiangzhi/engine/schema"
)

// FuzzParse checks that Parse never panics and that whatever it accepts names
// a declared or common field with an operator that field allows, with values
// of the field's Go type and within the paging limits.
func FuzzParse(f *testing.F) {
	for _, seed := range []string{
		"", "page=1&size=20&sort=name,desc", "name.contains=张&kind.in=1,2", "usernameLike=a",
		"applyDate.greaterThan=2024-01-01&visitedAt.lessThan=2024-01-01T00:00:00Z",
		"amount.lessThanOrEqual=1e3&poor=true&tags.notIn=a,b", "proofs.specified=true",
		"sort=register_time&sort=id,asc", "id.in=1,2,3&auditStatus=2", ".=&..=.&Like=1",
	} {
		f.Add(seed)
	}
	m := testModule()
	fields := fieldIndex(m)
	f.Fuzz(func(t *testing.T, raw string) {
		v, err := url.ParseQuery(raw)
		if err != nil {
			return
		}
		q, err := Parse(m, v, "ids")
		if err != nil {
			if _, ok := err.(*Error); !ok {
				t.Fatalf("Parse(%q) error %T, want *Error", raw, err)
			}
			return
		}
		if q.Page < 0 || q.Size < 1 || q.Size > MaxSize {
			t.Fatalf("Parse(%q) paging %d/%d out of range", raw, q.Page, q.Size)
		}
		for _, s := range q.Sort {
			fd := fields[s.Field]
			if fd == nil || !fd.Sort {
				t.Fatalf("Parse(%q) sorts by %q", raw, s.Field)
			}
		}
		for _, c := range q.Filters {
			fd := fields[c.Field]
			if fd == nil {
				t.Fatalf("Parse(%q) filters on undeclared %q", raw, c.Field)
			}
			if !Allowed(fd, c.Op) {
				t.Fatalf("Parse(%q) allows %s on %q", raw, c.Op, c.Field)
			}
			if len(c.Values) == 0 || len(c.Values) > MaxInValues ||
				len(c.Values) > 1 && c.Op != In && c.Op != NotIn {
				t.Fatalf("Parse(%q) gives %d values to %s", raw, len(c.Values), c.Op)
			}
			for _, x := range c.Values {
				checkType(t, raw, fd, c, x)
			}
		}
	})
}

// checkType fails unless x has the Go type the field's kind converts to.
func checkType(t *testing.T, raw string, fd *schema.Field, c Filter, x any) {
	t.Helper()
	var ok bool
	switch {
	case c.Op == Specified:
		_, ok = x.(bool)
	case c.Op == Contains || c.Op == DoesNotContain:
		_, ok = x.(string)
	default:
		switch kindOf(fd) {
		case kindInt:
			_, ok = x.(int64)
		case kindDecimal:
			_, ok = x.(float64)
		case kindBool:
			_, ok = x.(bool)
		case kindDate, kindDateTime:
			_, ok = x.(time.Time)
		case kindChoice, kindMulti:
			if fd.IntEnum() || fd.Type == schema.TypeRef {
				_, ok = x.(int64)
			} else {
				_, ok = x.(string)
			}
		default:
			_, ok = x.(string)
		}
	}
	if !ok {
		t.Fatalf("Parse(%q) value %#v of type %T for %s.%s", raw, x, x, c.Field, c.Op)
	}
}
