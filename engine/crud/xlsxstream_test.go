package crud

import (
	"archive/zip"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"math"
	"math/rand/v2"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/xuri/excelize/v2"

	"xiangzhi/engine/httpx"
	"xiangzhi/engine/msg"
	"xiangzhi/engine/schema"
)

// excelizeBook is the export as it was made before sheetStream: every row
// through excelize's StreamWriter, the workbook assembled by File.Write.
func excelizeBook(t *testing.T, cols []column, rows [][]any) []byte {
	t.Helper()
	b, err := newBook(cols)
	if err != nil {
		t.Fatal(err)
	}
	defer b.close()
	for i, row := range rows {
		cell, _ := excelize.CoordinatesToCellName(1, i+2)
		if err := b.sw.SetRow(cell, row); err != nil {
			t.Fatal(err)
		}
	}
	if err := b.sw.Flush(); err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	if err := b.f.Write(&out); err != nil {
		t.Fatal(err)
	}
	return out.Bytes()
}

func frameOf(t *testing.T, cols []column) []byte {
	t.Helper()
	frame, err := headerBook(cols)
	if err != nil {
		t.Fatal(err)
	}
	return frame
}

func streamedBook(t *testing.T, cols []column, rows [][]any) []byte {
	t.Helper()
	var out bytes.Buffer
	s, err := startSheet(&out, frameOf(t, cols), len(cols))
	if err != nil {
		t.Fatal(err)
	}
	for _, row := range rows {
		if err := s.add(row); err != nil {
			t.Fatal(err)
		}
	}
	if err := s.close(); err != nil {
		t.Fatal(err)
	}
	return out.Bytes()
}

// parts is a workbook's zip entries, inflated.
func parts(t *testing.T, book []byte) map[string]string {
	t.Helper()
	zr, err := zip.NewReader(bytes.NewReader(book), int64(len(book)))
	if err != nil {
		t.Fatal(err)
	}
	out := map[string]string{}
	for _, f := range zr.File {
		b, err := readPart(f)
		if err != nil {
			t.Fatal(err)
		}
		out[f.Name] = string(b)
	}
	return out
}

func exportTestColumns(n int) []column {
	cols := make([]column, n)
	for i := range cols {
		cols[i] = column{f: &schema.Field{Name: "f" + string(rune('a'+i%26)), Label: "字段" + strings.Repeat("长", i%5), Type: schema.TypeString}}
	}
	cols[0].f.Type = schema.TypeIDCard
	return cols
}

// The streamed workbook holds exactly the parts excelize wrote, byte for
// byte once inflated, for every kind of value a cell gets and for text
// with everything XML and Excel escape. (A time.Time, which the store never
// hands back, is written as text rather than as excelize's styled date.)
func TestSheetStreamMatchesExcelize(t *testing.T) {
	cols := exportTestColumns(8)
	rows := [][]any{
		{"张三", "110101199003077777", int64(42), 100.5, true, false, nil, "已通过"},
		{nil, "", int64(-7), 0.1, 1e21, -0.0, math.NaN(), math.Inf(1)},
		{" 前后空格 ", "\t制表", "换行\n中间", "尾\r", "<a href=\"x\">&'</a>", "\x01\x02控制", "坏\xff字节", "\uFFFE\uFFFF"},
		{"_x0041_", "_x005F_x0041_", "a_x12G4_b", "_x005F_", "snake_case_x", "😀 emoji 𠀀", strings.Repeat("长", 40000), strings.Repeat("a", 32768)},
		{map[string]any{"lng": 1.5}, []any{"a", 2}, json.Number("3.25"), 7, int64(math.MaxInt64), "", "x", "y"},
	}
	r := rand.New(rand.NewPCG(1, 2))
	alphabet := []string{"a", "Z", "0", " ", "\t", "\n", "\r", "\x00", "\x1f", "&", "<", ">", "\"", "'", "_", "x", "_x", "005F", "00e9", "ABCD",
		"中", "文", "é", "\u2028", "\ufffd", "\ufffe", "😀", "\xed\xa0\x80", "\xff", "\xe4\xb8"}
	for range 400 {
		row := make([]any, len(cols))
		for j := range row {
			var b strings.Builder
			for range r.IntN(12) {
				b.WriteString(alphabet[r.IntN(len(alphabet))])
			}
			row[j] = b.String()
		}
		rows = append(rows, row)
	}
	want := parts(t, excelizeBook(t, cols, rows))
	got := parts(t, streamedBook(t, cols, rows))
	if len(got) != len(want) {
		t.Errorf("parts %d, want %d", len(got), len(want))
	}
	for name, w := range want {
		g, ok := got[name]
		switch {
		case !ok:
			t.Errorf("part %s missing", name)
		case g != w:
			i := 0
			for i < len(g) && i < len(w) && g[i] == w[i] {
				i++
			}
			t.Errorf("part %s differs at byte %d:\n got %q\nwant %q", name, i, g[max(0, i-80):min(len(g), i+80)], w[max(0, i-80):min(len(w), i+80)])
		}
	}
	// And excelize reads it back.
	f, err := excelize.OpenReader(bytes.NewReader(streamedBook(t, cols, rows[:1])))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	got2, err := f.GetRows(msg.ExportSheet)
	if err != nil || len(got2) != 2 || got2[1][0] != "张三" || got2[1][3] != "100.5" || got2[1][4] != "TRUE" {
		t.Errorf("read back = %q, %v", got2, err)
	}
}

// countingWriter records the largest single write and the bytes so far.
type countingWriter struct{ n, largest int }

func (w *countingWriter) Write(p []byte) (int, error) {
	w.n += len(p)
	w.largest = max(w.largest, len(p))
	return len(p), nil
}

// The rows leave as they are added: what has not reached the writer yet is
// bounded by the compressor's window, not by the rows written.
func TestSheetStreamWritesAsRowsCome(t *testing.T) {
	cols := exportTestColumns(40)
	w := &countingWriter{}
	s, err := startSheet(w, frameOf(t, cols), len(cols))
	if err != nil {
		t.Fatal(err)
	}
	r := rand.New(rand.NewPCG(3, 4))
	row := make([]any, len(cols))
	var seen []int
	for i := range 20_000 {
		for j := range row {
			row[j] = strings.Repeat("乡", r.IntN(6)) + string(rune('a'+r.IntN(26)))
		}
		if err := s.add(row); err != nil {
			t.Fatal(err)
		}
		if i%5000 == 4999 {
			seen = append(seen, w.n)
		}
	}
	before := w.n
	if err := s.close(); err != nil {
		t.Fatal(err)
	}
	if w.n-before > 256<<10 {
		t.Errorf("%d of %d bytes were held until the end", w.n-before, w.n)
	}
	for i := 1; i < len(seen); i++ {
		if seen[i] <= seen[i-1] {
			t.Errorf("nothing written between rows %d and %d: %v", i*5000, (i+1)*5000, seen)
		}
	}
	if w.largest > 64<<10 {
		t.Errorf("largest write %d bytes", w.largest)
	}
}

// A failed export is never closed, so the client cannot read a truncated
// workbook as a whole one.
func TestSheetStreamUnclosedIsUnreadable(t *testing.T) {
	var out bytes.Buffer
	s, err := startSheet(&out, frameOf(t, exportTestColumns(3)), 3)
	if err != nil {
		t.Fatal(err)
	}
	if err := s.add([]any{"a", "b", "c"}); err != nil {
		t.Fatal(err)
	}
	if _, err := excelize.OpenReader(bytes.NewReader(out.Bytes())); err == nil {
		t.Error("an unfinished workbook opened")
	}
}

// The export slots: at most MaxExports at once; another waits, and after
// ExportWait is answered 503 with the Chinese message; a freed slot is taken
// by the next.
func TestExportSlots(t *testing.T) {
	d := New(Options{MaxExports: 2, ExportWait: 30 * time.Millisecond})
	ctx := context.Background()
	rel1, err := d.exportSlot(ctx)
	if err != nil {
		t.Fatal(err)
	}
	rel2, err := d.exportSlot(ctx)
	if err != nil {
		t.Fatal(err)
	}
	_, err = d.exportSlot(ctx)
	var he *httpx.Error
	if !errors.As(err, &he) || he.Status != http.StatusServiceUnavailable || he.Message != msg.ExportBusy {
		t.Fatalf("third export = %v, want 503 %s", err, msg.ExportBusy)
	}
	gone, cancel := context.WithCancel(ctx)
	cancel()
	if _, err := d.exportSlot(gone); !errors.Is(err, context.Canceled) {
		t.Errorf("cancelled wait = %v", err)
	}
	waiting := make(chan error, 1)
	d.opts.ExportWait = 5 * time.Second
	go func() {
		rel, err := d.exportSlot(ctx)
		if err == nil {
			rel()
		}
		waiting <- err
	}()
	time.Sleep(10 * time.Millisecond)
	rel1()
	if err := <-waiting; err != nil {
		t.Errorf("waiting export after a release: %v", err)
	}
	rel2()
}
