package store

import (
	"errors"
	"fmt"
	"strings"
	"testing"

	"xiangzhi/engine/query"
)

// TestWriteStatementsPrepared: on SQLite a create's INSERT and the write
// sequence's UPDATE are learned in the first transaction, prepared on the
// writer after it, and run prepared by the next creates, whose records and
// total are exact.
func TestWriteStatementsPrepared(t *testing.T) {
	s := openSQLite(t)
	m := setup(t, s)
	if _, err := s.Create(ctx, m, viewer, Record{"name": "张三", "mobile": "13800001111", "kind": 1}); err != nil {
		t.Fatal(err)
	}
	if n := s.wstmts.cache.ll.Len(); n < 2 {
		t.Fatalf("%d writer statements prepared after the first create, want the INSERT and the sequence UPDATE", n)
	}
	for i := 0; i < 5; i++ {
		if _, err := s.Create(ctx, m, viewer, Record{"name": "李四", "mobile": "13800001112", "kind": 2}); err != nil {
			t.Fatal(err)
		}
	}
	page, err := s.List(ctx, m, viewer, &query.Query{Size: 10})
	if err != nil {
		t.Fatal(err)
	}
	if page.Total != 6 || len(page.Rows) != 6 {
		t.Fatalf("total %d, %d rows, want 6", page.Total, len(page.Rows))
	}
}

// TestWriteReadsPrepared: on SQLite the reads inside a write transaction —
// the unique check and the read-back of a created record — are learned
// and prepared on the writer like its writes, and stay right when run
// prepared: a duplicate is refused, a new record is read back whole.
func TestWriteReadsPrepared(t *testing.T) {
	s := openSQLite(t)
	m := setup(t, s)
	ids := []string{"110101199003077777", "11010119900307535X", "110101199003071734", "110101199003078139"}
	if _, err := s.Create(ctx, m, viewer, Record{"name": "张三", "idCard": ids[0]}); err != nil {
		t.Fatal(err)
	}
	kept := 0
	for e := s.wstmts.cache.ll.Front(); e != nil; e = e.Next() {
		if q := e.Value.(*stmtEntry).query; strings.HasPrefix(q, "SELECT") {
			kept++
		}
	}
	if kept < 2 {
		t.Fatalf("%d reads prepared on the writer after a create, want the unique check and the read-back", kept)
	}
	for i, id := range ids[1:] {
		rec, err := s.Create(ctx, m, viewer, Record{"name": fmt.Sprintf("李四%d", i), "idCard": id})
		if err != nil {
			t.Fatal(err)
		}
		if rec["idCard"] != id || rec["name"] != fmt.Sprintf("李四%d", i) || rec["id"] == nil {
			t.Fatalf("read back %v", rec)
		}
		var ue *UniqueError
		if _, err := s.Create(ctx, m, viewer, Record{"name": "重复", "idCard": id}); !errors.As(err, &ue) {
			t.Fatalf("a duplicate id card: err %v, want *UniqueError", err)
		}
	}
}
