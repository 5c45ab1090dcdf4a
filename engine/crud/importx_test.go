package crud

import (
	"bytes"
	"fmt"
	"testing"

	"github.com/xuri/excelize/v2"
)

// streamedWorkbook is a workbook of a header and n rows of inline text.
func streamedWorkbook(t *testing.T, n int) []byte {
	t.Helper()
	f := excelize.NewFile()
	defer f.Close()
	sw, err := f.NewStreamWriter("Sheet1")
	if err != nil {
		t.Fatal(err)
	}
	if err := sw.SetRow("A1", []any{"姓名", "身份证号", "备注"}); err != nil {
		t.Fatal(err)
	}
	for i := 2; i <= n+1; i++ {
		cell, _ := excelize.CoordinatesToCellName(1, i)
		if err := sw.SetRow(cell, []any{fmt.Sprint("村民", i), fmt.Sprintf("11010519900101%04d", i), "备注写得长一些"}); err != nil {
			t.Fatal(err)
		}
	}
	if err := sw.Flush(); err != nil {
		t.Fatal(err)
	}
	var b bytes.Buffer
	if err := f.Write(&b); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

// An uploaded sheet over sheetInMemory is inflated into a temporary file
// and its rows are read from there; a small one stays in memory. Either
// way every row arrives.
func TestUploadedSheetNotInMemory(t *testing.T) {
	for _, tt := range []struct {
		rows     int
		inMemory bool
	}{{20, true}, {MaxImportRows, false}} {
		data := streamedWorkbook(t, tt.rows)
		f, err := openWorkbook(bytes.NewReader(data), int64(len(data)))
		if err != nil {
			t.Fatal(err)
		}
		if _, held := f.Pkg.Load(sheetPart); held != tt.inMemory {
			t.Errorf("%d rows: sheet held in memory = %v, want %v", tt.rows, held, tt.inMemory)
		}
		head, rows, err := sheetCells(f)
		if err != nil || len(head) != 3 || len(rows) != tt.rows || rows[tt.rows-1].cells[0] != fmt.Sprint("村民", tt.rows+1) {
			t.Errorf("%d rows: read %d rows (%v), head %q", tt.rows, len(rows), err, head)
		}
		if err := f.Close(); err != nil {
			t.Errorf("close: %v", err)
		}
	}
}
