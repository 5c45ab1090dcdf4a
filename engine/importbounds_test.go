package engine_test

import (
	"archive/zip"
	"bytes"
	"compress/flate"
	"hash/crc32"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/xuri/excelize/v2"

	"xiangzhi/engine/apitest"
	"xiangzhi/engine/msg"
)

// sheetPart is the first sheet's part in the workbooks excelize writes.
const sheetPart = "xl/worksheets/sheet1.xml"

// bigWorkbook writes a workbook of a header and n rows with excelize's
// StreamWriter into a file under dir and answers its bytes.
func bigWorkbook(t *testing.T, dir string, n int) []byte {
	t.Helper()
	f := excelize.NewFile()
	defer f.Close()
	sw, err := f.NewStreamWriter("Sheet1")
	if err != nil {
		t.Fatal(err)
	}
	if err := sw.SetRow("A1", []any{"姓名", "身份证号"}); err != nil {
		t.Fatal(err)
	}
	for i := 2; i <= n+1; i++ {
		cell, _ := excelize.CoordinatesToCellName(1, i)
		if err := sw.SetRow(cell, []any{"张三", i}); err != nil {
			t.Fatal(err)
		}
	}
	if err := sw.Flush(); err != nil {
		t.Fatal(err)
	}
	name := filepath.Join(dir, "big.xlsx")
	if err := f.SaveAs(name); err != nil {
		t.Fatal(err)
	}
	data, err := os.ReadFile(name)
	if err != nil {
		t.Fatal(err)
	}
	return data
}

// rezip copies the zip data, letting edit replace the content of each part.
func rezip(t *testing.T, data []byte, edit func(name string, content []byte) []byte) []byte {
	t.Helper()
	zr, err := zip.NewReader(bytes.NewReader(data), int64(len(data)))
	if err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	zw := zip.NewWriter(&out)
	for _, f := range zr.File {
		rc, err := f.Open()
		if err != nil {
			t.Fatal(err)
		}
		content, err := io.ReadAll(rc)
		rc.Close()
		if err != nil {
			t.Fatal(err)
		}
		w, err := zw.Create(f.Name)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := w.Write(edit(f.Name, content)); err != nil {
			t.Fatal(err)
		}
	}
	if err := zw.Close(); err != nil {
		t.Fatal(err)
	}
	return out.Bytes()
}

var dimension = regexp.MustCompile(`<dimension ref="[^"]*"\s*(/>|></dimension>)`)

// withDimension sets the first sheet's declared dimension to ref, or
// removes it when ref is empty.
func withDimension(t *testing.T, data []byte, ref string) []byte {
	return rezip(t, data, func(name string, content []byte) []byte {
		if name != sheetPart {
			return content
		}
		repl := []byte(nil)
		if ref != "" {
			repl = []byte(`<dimension ref="` + ref + `"/>`)
		}
		if dimension.Match(content) {
			return dimension.ReplaceAll(content, repl)
		}
		return bytes.Replace(content, []byte("<sheetData"), append(repl, "<sheetData"...), 1)
	})
}

// bomb is a copy of the workbook whose sheet part inflates to 80 MB of
// blanks. With honest set, the zip declares that size; otherwise it
// declares 1 KB and the part inflates past it.
func bomb(t *testing.T, data []byte, honest bool) []byte {
	t.Helper()
	zr, err := zip.NewReader(bytes.NewReader(data), int64(len(data)))
	if err != nil {
		t.Fatal(err)
	}
	huge := append([]byte(`<?xml version="1.0" encoding="UTF-8"?><worksheet><sheetData>`), bytes.Repeat([]byte(" "), 80<<20)...)
	var out bytes.Buffer
	zw := zip.NewWriter(&out)
	for _, f := range zr.File {
		if f.Name != sheetPart {
			if err := zw.Copy(f); err != nil {
				t.Fatal(err)
			}
			continue
		}
		if honest {
			w, err := zw.Create(f.Name)
			if err != nil {
				t.Fatal(err)
			}
			if _, err := w.Write(huge); err != nil {
				t.Fatal(err)
			}
			continue
		}
		var deflated bytes.Buffer
		fw, _ := flate.NewWriter(&deflated, flate.BestCompression)
		fw.Write(huge)
		fw.Close()
		w, err := zw.CreateRaw(&zip.FileHeader{Name: f.Name, Method: zip.Deflate, CRC32: crc32.ChecksumIEEE(huge),
			CompressedSize64: uint64(deflated.Len()), UncompressedSize64: 1 << 10})
		if err != nil {
			t.Fatal(err)
		}
		if _, err := w.Write(deflated.Bytes()); err != nil {
			t.Fatal(err)
		}
	}
	if err := zw.Close(); err != nil {
		t.Fatal(err)
	}
	return out.Bytes()
}

// TestImportBounds: an import is refused by its declared dimension, by its
// rows while they stream, by what it inflates to and by its form — each a
// Chinese 400 — while a small valid file still imports.
func TestImportBounds(t *testing.T) {
	a := newTestApp(t, apitest.SQLiteURL(t))
	header := []any{"姓名", "身份证号", "性别"}
	small := workbook(t, [][]any{header, {"钱八", apitest.IDCard(40), "男"}, {"周九", apitest.IDCard(41), "女"}})
	big := bigWorkbook(t, t.TempDir(), 300000)
	if len(big) > 10<<20 {
		t.Fatalf("the 300,000-row workbook is %d bytes, over the upload limit", len(big))
	}
	// The StreamWriter declares only "A1"; Excel declares the used range.
	asExcel, undeclared := withDimension(t, big, "A1:B300001"), withDimension(t, big, "")
	if got := declared(t, asExcel); !strings.Contains(got, `"A1:B300001"`) {
		t.Fatalf("the workbook declares %q, want A1:B300001", got)
	}
	if got := declared(t, undeclared); got != "" {
		t.Fatalf("the workbook without a dimension declares %q", got)
	}
	tooMany := []string{`"code":400`, `"msg":"` + msg.TooManyRows + `"`}
	badFile := []string{`"code":400`, `"msg":"` + msg.BadFile + `"`}
	upload := func(name string, data []byte, dry string, status int, want ...string) apitest.Scenario {
		return apitest.Scenario{Name: name, Method: "POST", URL: subsidies + "/import?dryRun=" + dry,
			File: &apitest.File{Name: "a.xlsx", Data: data}, ExpectedStatus: status, ExpectedContent: want}
	}
	limit := withDimension(t, small, "A1:C10001")
	apitest.Run(t, a.Handler(), []apitest.Scenario{
		upload("300,000 rows declared", asExcel, "true", 400, tooMany...),
		upload("300,000 rows declared, committed", asExcel, "false", 400, tooMany...),
		upload("300,000 rows declaring one cell: stopped while streaming", big, "true", 400, tooMany...),
		upload("300,000 rows without a dimension: stopped while streaming", undeclared, "false", 400, tooMany...),
		upload("3 rows declaring 20,000", withDimension(t, small, "A1:C20000"), "true", 400, tooMany...),
		upload("3 rows declaring exactly the limit", limit, "true", 200, `"total":2`, `"valid":2`),
		upload("a zip bomb declaring its size", bomb(t, small, true), "true", 400, `"code":400`, `"msg":"`+msg.FileInflated+`"`),
		upload("a zip bomb hiding its size", bomb(t, small, false), "true", 400, badFile...),
		upload("not a zip", []byte(strings.Repeat("这不是表格", 100)), "true", 400, badFile...),
		upload("a truncated workbook", small[:len(small)/2], "true", 400, badFile...),
		upload("a zip without a workbook", rezip(t, small, func(_ string, c []byte) []byte { return c[:len(c)/3] }), "true", 400, badFile...),
		upload("a small valid file: dry run", small, "true", 200, `"total":2`, `"valid":2`, `"errors":[]`),
		upload("a small valid file: commit", small, "false", 200, `"imported":2`),
		{Name: "the rows are there", Method: "GET", URL: subsidies + "?name.contains=钱八", ExpectedStatus: 200,
			ExpectedContent: []string{`"recordsTotal":1`}},
	})
}

// declared is the first sheet's dimension element of a workbook ("" when
// it has none).
func declared(t *testing.T, data []byte) string {
	t.Helper()
	var out string
	rezip(t, data, func(name string, content []byte) []byte {
		if name == sheetPart {
			out = string(dimension.Find(content))
		}
		return content
	})
	return out
}
