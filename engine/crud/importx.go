package crud

import (
	"errors"
	"fmt"
	"io"
	"net/http"
	"slices"
	"strings"

	"github.com/labstack/echo/v4"
	"github.com/xuri/excelize/v2"

	"xiangzhi/engine/httpx"
	"xiangzhi/engine/msg"
	"xiangzhi/engine/query"
	"xiangzhi/engine/richtext"
	"xiangzhi/engine/schema"
	"xiangzhi/engine/store"
)

// Limits of an import.
const (
	MaxImportBytes = 10 << 20 // the uploaded file
	MaxImportRows  = 10000    // data rows of the first sheet
	// unzip limits guard against a small file that inflates enormously.
	maxUnzip    = 256 << 20
	maxUnzipXML = 64 << 20
	// sheetInMemory is the largest sheet or shared-string part excelize
	// inflates into memory; a larger one goes to a temporary file that the
	// rows are read from.
	sheetInMemory = 1 << 20
)

// ImportReport is the answer of a dry run: how many data rows the file has,
// how many would be imported, and what is wrong with the others. Row is the
// Excel row number (the header is row 1).
type ImportReport struct {
	Total  int           `json:"total"`
	Valid  int           `json:"valid"`
	Errors []ImportError `json:"errors"`
}

// ImportError is one problem of one row (or of the header, row 1).
type ImportError struct {
	Row     int    `json:"row"`
	Field   string `json:"field"`
	Message string `json:"message"`
}

// ImportResult is the answer of a committed import.
type ImportResult struct {
	Imported int `json:"imported"`
}

var (
	errBadFile      = httpx.BadRequest(msg.BadFile)
	errFileRequired = httpx.BadRequest(msg.FileRequired)
	errFileTooLarge = httpx.NewError(http.StatusRequestEntityTooLarge, msg.FileTooLarge)
)

// importFile answers POST {api}/import with the multipart file "file". By
// default (dryRun=true) it only reports; with dryRun=false it inserts every
// row in one transaction, and only when no row has a problem.
func (d *Dispatcher) importFile(c echo.Context, x *call) error {
	dry, err := parseDryRun(c.QueryParam("dryRun"))
	if err != nil {
		return err
	}
	if err := onlyParams(c, "dryRun"); err != nil {
		return err
	}
	f, err := openUpload(c)
	if err != nil {
		return err
	}
	defer f.Close()
	rows, report, err := readSheet(f, x.m, x.set)
	if err != nil {
		return err
	}
	if err := d.checkUnique(c, x, rows, report); err != nil {
		return err
	}
	if err := d.checkImportRefs(c.Request().Context(), x, rows, report); err != nil {
		return err
	}
	report.finish()
	if dry {
		return httpx.OK(c, report)
	}
	if len(report.Errors) > 0 {
		return &httpx.Error{Status: http.StatusBadRequest, Message: msg.ImportHasErrors, Data: report}
	}
	recs := make([]store.Record, len(rows))
	for i, r := range rows {
		recs[i] = r.rec
	}
	if err := d.opts.Store.CreateMany(c.Request().Context(), x.m, x.scope, recs); err != nil {
		var r *store.Refusal
		if errors.As(err, &r) && r.Row > 0 && r.Row <= len(rows) {
			return refusedRow(rows[r.Row-1].num, r, report)
		}
		return fmt.Errorf("import %s: %w", x.m.Name, err)
	}
	return httpx.OK(c, ImportResult{Imported: len(recs)})
}

// refusedRow answers an import a write hook refused at sheet row num:
// nothing was imported; msg names the row, the report's errors carry it.
func refusedRow(num int, r *store.Refusal, report *ImportReport) error {
	report.Valid = report.Total - 1
	report.Errors = []ImportError{{Row: num, Field: r.Field, Message: r.Message}}
	return &httpx.Error{Status: r.Status, Message: fmt.Sprintf(msg.ImportRowRefused, num, r.Message),
		Fields: r.FieldErrors(), Data: report, Err: r}
}

func parseDryRun(s string) (bool, error) {
	switch strings.ToLower(s) {
	case "", "true", "1":
		return true, nil
	case "false", "0":
		return false, nil
	}
	return false, httpx.BadRequest(msg.BadDryRun)
}

// openUpload reads the multipart part "file" as an xlsx workbook.
func openUpload(c echo.Context) (*excelize.File, error) {
	req := c.Request()
	req.Body = http.MaxBytesReader(c.Response(), req.Body, MaxImportBytes+1<<20)
	fh, err := c.FormFile("file")
	var mbe *http.MaxBytesError
	switch {
	case errors.As(err, &mbe):
		return nil, errFileTooLarge.Wrap(err)
	case err != nil:
		return nil, errFileRequired.Wrap(err)
	case fh.Size > MaxImportBytes:
		return nil, errFileTooLarge
	}
	src, err := fh.Open()
	if err != nil {
		return nil, fmt.Errorf("open upload: %w", err)
	}
	defer src.Close()
	return openWorkbook(src, fh.Size)
}

// openWorkbook checks the bounds of an uploaded workbook of size bytes
// (checkWorkbook) and opens it. A sheet or shared-string part over
// sheetInMemory is inflated into a temporary file (removed by File.Close)
// and its rows are read from there, so the sheet is never whole in memory.
func openWorkbook(src interface {
	io.ReaderAt
	io.ReadSeeker
}, size int64) (*excelize.File, error) {
	if err := checkWorkbook(src, size); err != nil {
		return nil, err
	}
	if _, err := src.Seek(0, io.SeekStart); err != nil {
		return nil, fmt.Errorf("rewind upload: %w", err)
	}
	f, err := excelize.OpenReader(src, excelize.Options{UnzipSizeLimit: maxUnzip, UnzipXMLSizeLimit: sheetInMemory})
	if err != nil {
		return nil, errBadFile.Wrap(err)
	}
	return f, nil
}

// importRow is one data row read from the sheet.
type importRow struct {
	num int
	rec store.Record
}

// readSheet reads the first sheet: the header maps labels (or field names)
// to columns, then each non-empty row becomes a record, converted and
// validated. Problems go to the report; only an unreadable file (or one
// over the row limit) is an error. The rows stream: the cells are read
// first, stopping at the row limit, and only then converted, so a sheet
// with too many rows is refused before any is validated.
func readSheet(f *excelize.File, m *schema.Module, set *schema.Set) ([]*importRow, *ImportReport, error) {
	head, cells, err := sheetCells(f)
	if err != nil {
		return nil, nil, err
	}
	if len(cells) == 0 {
		return nil, nil, httpx.BadRequest(msg.EmptyImport)
	}
	report := &ImportReport{Errors: []ImportError{}}
	header := readHeader(head, m, set, report)
	rows := make([]*importRow, len(cells))
	for i, r := range cells {
		rows[i] = readRow(r.num, r.cells, header, m, set, report)
	}
	report.Total = len(rows)
	return rows, report, nil
}

// sheetRow is the cells of one non-empty data row and its Excel number.
type sheetRow struct {
	num   int
	cells []string
}

// sheetCells streams the first sheet's rows: the header's cells and those
// of each non-empty data row, refusing the sheet at its MaxImportRows+1st.
func sheetCells(f *excelize.File) ([]string, []sheetRow, error) {
	sheets := f.GetSheetList()
	if len(sheets) == 0 {
		return nil, nil, errBadFile
	}
	it, err := f.Rows(sheets[0])
	if err != nil {
		return nil, nil, errBadFile.Wrap(err)
	}
	defer it.Close()
	var head []string
	var rows []sheetRow
	for num := 1; it.Next(); num++ {
		cells, err := it.Columns(excelize.Options{RawCellValue: true})
		if err != nil {
			return nil, nil, errBadFile.Wrap(err)
		}
		switch {
		case num == 1:
			head = cells
		case blank(cells):
		case len(rows) == MaxImportRows:
			return nil, nil, errTooManyRows
		default:
			rows = append(rows, sheetRow{num, cells})
		}
	}
	if err := it.Error(); err != nil {
		return nil, nil, errBadFile.Wrap(err)
	}
	return head, rows, nil
}

// readHeader maps each header cell to its column (nil for an empty or
// skipped one). Export-only columns (the status, read-only fields) are
// skipped quietly so an exported file imports again.
func readHeader(cells []string, m *schema.Module, set *schema.Set, report *ImportReport) []*column {
	importable := importColumns(m, set)
	exported := exportColumns(m, set)
	header := make([]*column, len(cells))
	seen := map[string]bool{}
	for i, text := range cells {
		name := strings.TrimSpace(strings.TrimLeft(strings.TrimSpace(text), "*＊"))
		if name == "" {
			continue
		}
		if seen[name] {
			report.add(1, name, fmt.Sprintf(msg.DuplicateColumn, name))
			continue
		}
		seen[name] = true
		if col := findColumn(importable, name); col != nil {
			header[i] = col
			continue
		}
		if findColumn(exported, name) == nil {
			report.add(1, name, fmt.Sprintf(msg.UnknownColumn, name))
		}
	}
	return header
}

func findColumn(cols []column, name string) *column {
	for i := range cols {
		if cols[i].f.Label == name || cols[i].f.Name == name {
			return &cols[i]
		}
	}
	return nil
}

func blank(cells []string) bool {
	for _, s := range cells {
		if strings.TrimSpace(s) != "" {
			return false
		}
	}
	return true
}

// readRow converts one row's cells and validates the record.
func readRow(num int, cells []string, header []*column, m *schema.Module, set *schema.Set, report *ImportReport) *importRow {
	row := &importRow{num: num, rec: store.Record{}}
	badCell := map[string]bool{}
	for i, col := range header {
		if col == nil || i >= len(cells) || strings.TrimSpace(cells[i]) == "" {
			continue
		}
		v, cerr := col.value(cells[i])
		if cerr != nil {
			badCell[col.f.Name] = true
			report.add(num, col.f.Name, cerr.message)
			continue
		}
		row.rec[col.f.Name] = v
	}
	row.rec = richtext.Sanitize(m, schema.ApplyDefaults(m, row.rec))
	err := schema.Validate(m, set, row.rec, false)
	var ve *schema.ValidationError
	switch {
	case errors.As(err, &ve):
		for _, fe := range ve.Errors {
			if !badCell[fe.Field] {
				report.add(num, fe.Field, fe.Message)
			}
		}
	case err != nil:
		report.add(num, "", err.Error())
	}
	return row
}

// uniqueBatch is how many values one lookup of existing unique values
// sends.
const uniqueBatch = 500

// checkUnique reports rows whose unique values repeat an earlier row of
// the file or a record of the tenant.
func (d *Dispatcher) checkUnique(c echo.Context, x *call, rows []*importRow, report *ImportReport) error {
	wide := x.scope
	wide.Mode = store.ScopeAll // uniqueness holds across the whole tenant
	for i := range x.m.Fields {
		f := &x.m.Fields[i]
		if !f.Unique || !f.Stored() {
			continue
		}
		first := map[string]int{}
		var values []any
		holders := map[string][]*importRow{}
		for _, r := range rows {
			v, ok := r.rec[f.Name]
			if !ok || v == nil {
				continue
			}
			k := key(v)
			if at, dup := first[k]; dup {
				report.add(r.num, f.Name, fmt.Sprintf(msg.DuplicateInFile, f.Label, at))
				continue
			}
			first[k] = r.num
			if qv, ok := filterValue(f, v); ok {
				values = append(values, qv)
				holders[k] = append(holders[k], r)
			}
		}
		for chunk := range slices.Chunk(values, uniqueBatch) {
			q := &query.Query{Filters: []query.Filter{{Field: f.Name, Op: query.In, Values: chunk}}, Size: len(chunk)}
			err := d.opts.Store.Each(c.Request().Context(), x.m, wide, q, func(rec store.Record) error {
				for _, r := range holders[key(rec[f.Name])] {
					report.add(r.num, f.Name, fmt.Sprintf(msg.DuplicateInTable, f.Label))
				}
				return nil
			})
			if err != nil {
				return fmt.Errorf("import %s: check %s: %w", x.m.Name, f.Name, err)
			}
		}
	}
	return nil
}

// filterValue is v as the store's criteria carry it (the field's Go type),
// for the types a unique lookup supports.
func filterValue(f *schema.Field, v any) (any, bool) {
	switch f.Type {
	case schema.TypeString, schema.TypeIDCard, schema.TypeMobile, schema.TypeEmail:
		s, ok := v.(string)
		return s, ok
	case schema.TypeInt, schema.TypeRef:
		n, ok := asInt(v)
		return n, ok
	case schema.TypeEnum:
		if f.Multiple {
			return nil, false
		}
		if n, ok := asInt(v); ok && f.IntEnum() {
			return n, true
		}
		s, ok := v.(string)
		return s, ok
	}
	return nil, false // the database's unique index still refuses a repeat at commit
}

func (r *ImportReport) add(row int, field, message string) {
	r.Errors = append(r.Errors, ImportError{Row: row, Field: field, Message: message})
}

// finish orders the problems by row and counts the rows without any.
func (r *ImportReport) finish() {
	slices.SortStableFunc(r.Errors, func(a, b ImportError) int { return a.Row - b.Row })
	bad := map[int]bool{}
	for _, e := range r.Errors {
		if e.Row > 1 { // row 1 is the header
			bad[e.Row] = true
		}
	}
	r.Valid = r.Total - len(bad)
}
