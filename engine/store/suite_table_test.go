package store

import (
	"fmt"
	"net/url"
	"reflect"
	"testing"

	"entgo.io/ent/dialect"
	entsql "entgo.io/ent/dialect/sql"

	"xiangzhi/engine/query"
	"xiangzhi/engine/schema"
)

// testTable checks that ListTable hands back, key for key, the values List
// puts in its records (same types, same values, same total), over every
// field type, NULLs, empty values and JSON text the store did not write
// itself, for the pages a list answer asks for.
func testTable(t *testing.T, s *Store) {
	m := setup(t, s)
	mustCreate(t, s, m, viewer, fromJSON(t, `{
		"name": "张三", "idCard": "110101199003077777", "mobile": "13800000000", "email": "a@b.cn",
		"grade": 2, "kind": 2, "color": "red", "tags": ["a_1", "c"], "helpers": [7, 8],
		"amount": 1234.56, "age": 30, "poor": true, "applyDate": "2024-03-01",
		"visitedAt": "2024-03-01 08:30:00", "villager": 42, "photo": "/files/a.png",
		"proofs": [{"name": "证明.pdf", "url": "/files/1"}],
		"location": {"lng": 120.123456, "lat": 30.5},
		"boundary": {"type": "Polygon", "coordinates": [[[120, 30], [121, 30], [121, 31], [120, 30]]]},
		"extra": {"k": "v", "n": 1.5, "ok": false}, "remark": "", "intro": "<p>你好</p>",
		"family": [{"name": "李四", "relation": "spouse", "birthday": "1990-01-02"}]
	}`))
	mustCreate(t, s, m, viewer, fromJSON(t, `{"name": "李", "idCard": "110101199003071110"}`))
	mustCreate(t, s, m, viewer, fromJSON(t, `{
		"name": "王\"五\\ <b>&", "idCard": "11010119900307123X", "kind": 1, "tags": [], "helpers": [1],
		"amount": 0, "age": 0, "poor": false, "applyDate": "1999-12-31", "visitedAt": "2000-01-01 00:00:00",
		"extra": {"html": "<a&b>", "big": 1e21, "small": 0.000001, "neg": -3, "list": [{"x": null}, "\u2028"]},
		"remark": "一\n二\t三"
	}`))
	// JSON text other writers may have left: spaced, escaped, not JSON,
	// numbers beyond int64, an empty array.
	mt := s.metaOf(m)
	for i, raw := range []string{`{ "b": 1, "a": [1, 2] }`, `["a\"b", "c"]`, `not json`, `[12345678901234567890]`, `[]`, `[-0,1,"x"]`, `[1,]`} {
		r := mustCreate(t, s, m, viewer, fromJSON(t, fmt.Sprintf(`{"name": "甲%d", "idCard": "1101011990030%04d"}`, i, i)))
		qs, args := entsql.Dialect(s.dialect).Update(mt.table).Set("extra", raw).Set("tags", raw).
			Where(entsql.EQ(colID, r["id"])).Query()
		if _, err := s.db.ExecContext(ctx, qs, args...); err != nil {
			t.Fatal(err)
		}
	}
	for _, raw := range []string{"", "page=1&size=3", "sort=name,asc", "sort=age,desc&size=4", "sort=visitedAt,asc",
		"name.contains=甲", "kind.in=1,2", "page=9&size=5", "tags.in=a_1"} {
		want := listQ(t, s, m, viewer, raw)
		q := parseQ(t, m, raw)
		got, err := s.ListTable(ctx, m, viewer, q)
		if err != nil {
			t.Fatalf("%q: %v", raw, err)
		}
		if got.Total != want.Total || len(got.Rows) != len(want.Rows) {
			t.Fatalf("%q: table has %d rows of %d, list %d of %d", raw, len(got.Rows), got.Total, len(want.Rows), want.Total)
		}
		for i, row := range got.Rows {
			if len(row) != len(got.Keys) || cap(row) != len(got.Keys)+1 {
				t.Fatalf("%q: row %d has %d values (cap %d) for %d keys", raw, i, len(row), cap(row), len(got.Keys))
			}
			rec := Record{}
			for j, k := range got.Keys {
				rec[k] = row[j]
			}
			if !reflect.DeepEqual(rec, want.Rows[i]) {
				t.Fatalf("%q: row %d\ntable %#v\nlist  %#v", raw, i, rec, want.Rows[i])
			}
		}
	}
}

func parseQ(t *testing.T, m *schema.Module, raw string) *query.Query {
	t.Helper()
	v, err := url.ParseQuery(raw)
	if err != nil {
		t.Fatal(err)
	}
	q, err := query.Parse(m, v)
	if err != nil {
		t.Fatalf("Parse(%q): %v", raw, err)
	}
	return q
}

// testPlainRead checks List's records against the columns read as they
// were before dates were selected as text on SQLite: each column as
// itself (the driver parsing SQLite's DATE and DATETIME text into
// time.Time), decoded by decode. On SQLite it also writes date and
// datetime texts in every form the driver parses or refuses.
func testPlainRead(t *testing.T, s *Store) {
	m := setup(t, s)
	mt := s.metaOf(m)
	mustCreate(t, s, m, viewer, fromJSON(t, `{"name": "甲", "idCard": "110101199003077777", "applyDate": "2024-03-01",
		"visitedAt": "2024-03-01 08:30:00", "amount": 12.5, "tags": ["a_1"], "extra": {"a": [1, 2.5]}}`))
	mustCreate(t, s, m, viewer, fromJSON(t, `{"name": "乙", "idCard": "110101199003071110"}`))
	if s.dialect == dialect.SQLite {
		odd := []any{
			"2024-03-01 10:00:00", "2024-03-01", "2024-03-01T10:00:00Z", "2024-03-01T10:00:00", "2024-03-01 10:00",
			"2024-03-01T10:00", "2024-03-01 10:00:00.123456", "2024-03-01 10:00:00.5+08:00", "2024-03-01T23:30:00-05:00",
			"2024-03-01 10:00:00 +0800 CST", "2024-03-01 10:00:00.1 +0000 UTC m=+0.000000001", "2024-03-01 1:00:00Z",
			"2024-13-45 10:00:00", "2024-02-30", "2024-3-1", "24:00:00", "garbage", "", "2024-03-01 10:00:00Z",
			"0001-01-01 00:00:00", "9999-12-31 23:59:59", "２０２４-03-01", "2024-03-01 10:00:00xyz", "2024-03-01x",
			int64(1700000000), int64(1700000000123), 3.5, []byte("2024-03-01 10:00:00"),
		}
		for i, v := range odd {
			r := mustCreate(t, s, m, viewer, fromJSON(t, fmt.Sprintf(`{"name": "丙%d", "idCard": "1101011990031%04d"}`, i, i)))
			if _, err := s.db.ExecContext(ctx, "UPDATE "+mt.table+" SET apply_date = ?, visited_at = ?, created_at = ? WHERE id = ?",
				v, v, v, r["id"]); err != nil {
				t.Fatal(err)
			}
		}
	}
	names := make([]string, len(mt.cols))
	for i, c := range mt.cols {
		names[i] = c.name
	}
	qs, args := entsql.Dialect(s.dialect).Select(names...).From(entsql.Table(mt.table)).
		Where(entsql.IsNull(colDeletedAt)).OrderBy(colID).Query()
	rows, err := s.db.QueryContext(ctx, qs, args...)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	want := map[int64]Record{}
	vals := make([]any, len(names))
	ptrs := make([]any, len(names))
	for i := range vals {
		ptrs[i] = &vals[i]
	}
	for rows.Next() {
		if err := rows.Scan(ptrs...); err != nil {
			t.Fatal(err)
		}
		r := Record{}
		for i, c := range mt.cols {
			r[c.api] = decode(c, vals[i])
		}
		want[r["id"].(int64)] = r
	}
	if err := rows.Err(); err != nil {
		t.Fatal(err)
	}
	page := listQ(t, s, m, viewer, "size=100")
	if len(page.Rows) != len(want) {
		t.Fatalf("list has %d records, the table %d", len(page.Rows), len(want))
	}
	for _, got := range page.Rows {
		id := got["id"].(int64)
		if !reflect.DeepEqual(got, want[id]) {
			t.Fatalf("record %d\nlist  %#v\nplain %#v", id, got, want[id])
		}
		one, err := s.Get(ctx, m, viewer, id)
		if err != nil {
			t.Fatal(err)
		}
		for k, v := range want[id] {
			if !reflect.DeepEqual(one[k], v) {
				t.Fatalf("record %d: Get's %s = %#v, plain %#v", id, k, one[k], v)
			}
		}
	}
}
