package load

import (
	"context"
	"math/rand/v2"
	"net/url"
	"testing"

	"xiangzhi/engine/query"
	"xiangzhi/engine/schema"
	"xiangzhi/engine/store"
)

func TestRowsAreValidRecords(t *testing.T) {
	set, m, err := WriteSchemas(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	r := rand.New(rand.NewPCG(7, 7))
	for i := 0; i < 200; i++ {
		rec := Row(r)
		if !schema.ValidIDCard(rec["idCard"].(string)) {
			t.Fatalf("row %d: invalid id card %v", i, rec["idCard"])
		}
		if err := schema.Validate(m, set, rec, false); err != nil {
			t.Fatalf("row %d does not validate: %v (%v)", i, err, rec)
		}
	}
}

func TestFillLoadsExactlyN(t *testing.T) {
	dir := t.TempDir()
	_, m, err := WriteSchemas(dir + "/schemas")
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	st, err := store.Open(ctx, "", dir)
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	if err := st.Migrate(ctx, m, false); err != nil {
		t.Fatal(err)
	}
	sc := store.Scope{TenantID: 1, UserID: 1, OrgID: 1, OrgPath: "/1/", Mode: store.ScopeAll}
	var reports int
	if err := Fill(ctx, st, m, sc, 250, 100, func(int) { reports++ }); err != nil {
		t.Fatal(err)
	}
	q, err := query.Parse(m, url.Values{})
	if err != nil {
		t.Fatal(err)
	}
	page, err := st.List(ctx, m, sc, q)
	if err != nil {
		t.Fatal(err)
	}
	if page.Total != 250 || reports != 3 {
		t.Errorf("total %d after %d batches, want 250 after 3", page.Total, reports)
	}
}
