package store

import (
	"testing"

	"xiangzhi/engine/query"
)

// TestWriteStatementsPrepared: on SQLite a create's INSERT and the write
// sequence's UPDATE are learned in the first transaction, prepared on the
// writer after it, and run prepared by the next creates, whose records and
// total are exact.
func TestWriteStatementsPrepared(t *testing.T) {
	s, err := Open(ctx, "", t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	m := testModule()
	if err := s.Migrate(ctx, m, false); err != nil {
		t.Fatal(err)
	}
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
