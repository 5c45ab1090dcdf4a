package crud

import (
	"context"
	"fmt"
	"net/http"
	"strings"
	"time"

	"github.com/labstack/echo/v4"
	"github.com/xuri/excelize/v2"

	"xiangzhi/engine/httpx"
	"xiangzhi/engine/msg"
	"xiangzhi/engine/query"
	"xiangzhi/engine/schema"
	"xiangzhi/engine/store"
)

// MIMEXLSX is the content type of xlsx workbooks.
const MIMEXLSX = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"

// export answers GET {api}/export: every row the same criteria and scope
// would list (paging ignored), read from the store a batch at a time and
// written into the xlsx as it comes (sheetStream), with the fields' Chinese
// labels as headers and labels instead of codes. The answer starts with
// the first row (or the end of an empty export), so a query the store
// refuses is still answered as an error; a failure after that truncates the
// download. At most MaxExports run at once; the others wait for a slot
// before they hold anything.
func (d *Dispatcher) export(c echo.Context, x *call) error {
	q, err := query.Parse(x.m, c.QueryParams(), reserved...)
	if err != nil {
		return err
	}
	release, err := d.exportSlot(c.Request().Context())
	if err != nil {
		return err
	}
	defer release()
	cols := exportColumns(x.m, x.set)
	frame, err := headerBook(cols)
	if err != nil {
		return err
	}
	var out *sheetStream
	start := func() (err error) {
		attach(c, x.m.Title, x.m.Name)
		c.Response().WriteHeader(http.StatusOK)
		out, err = startSheet(c.Response(), frame, len(cols))
		return err
	}
	row := make([]any, len(cols))
	err = d.opts.Store.Each(c.Request().Context(), x.m, x.scope, q, func(rec store.Record) error {
		if out == nil {
			if err := start(); err != nil {
				return err
			}
		}
		for i, col := range cols {
			row[i] = col.cell(rec[col.f.Name])
		}
		return out.add(row)
	})
	if err == nil && out == nil {
		err = start()
	}
	if err == nil {
		err = out.close()
	}
	if err != nil {
		return fmt.Errorf("export %s: %w", x.m.Name, err)
	}
	return nil
}

// exportSlot waits for one of the MaxExports export slots, at most
// ExportWait; a busy instance answers 503 with msg.ExportBusy.
func (d *Dispatcher) exportSlot(ctx context.Context) (release func(), err error) {
	t := time.NewTimer(d.opts.ExportWait)
	defer t.Stop()
	select {
	case d.exports <- struct{}{}:
		return func() { <-d.exports }, nil
	case <-t.C:
		return nil, errExportBusy
	case <-ctx.Done():
		return nil, ctx.Err()
	}
}

var errExportBusy = httpx.NewError(http.StatusServiceUnavailable, msg.ExportBusy)

// template answers GET {api}/import/template: an empty workbook with the
// importable columns' headers and drop-down lists for short choices.
func (d *Dispatcher) template(c echo.Context, x *call) error {
	if err := onlyParams(c); err != nil {
		return err
	}
	cols := importColumns(x.m, x.set)
	book, err := newTemplate(cols)
	if err != nil {
		return err
	}
	defer book.close()
	return book.send(c, x.m.Title+msg.OpTemplate, x.m.Name+"_template")
}

// book is an excelize workbook: an export's header row (the frame
// sheetStream writes its rows into), or the import template.
type book struct {
	f  *excelize.File
	sw *excelize.StreamWriter // nil for a template
}

// startBook makes a workbook with one sheet named for data and the header
// style.
func startBook() (*excelize.File, int, error) {
	f := excelize.NewFile()
	if err := f.SetSheetName("Sheet1", msg.ExportSheet); err != nil {
		return nil, 0, fmt.Errorf("name sheet: %w", err)
	}
	bold, err := f.NewStyle(&excelize.Style{Font: &excelize.Font{Bold: true}})
	if err != nil {
		return nil, 0, fmt.Errorf("header style: %w", err)
	}
	return f, bold, nil
}

// headerOf is the header row and the column widths.
func headerOf(cols []column) ([]any, []float64) {
	header := make([]any, len(cols))
	widths := make([]float64, len(cols))
	for i, col := range cols {
		header[i] = col.f.Label
		widths[i] = float64(max(12, 2*len([]rune(col.f.Label))+4))
		if col.f.Type == schema.TypeIDCard || col.f.Type == schema.TypeDateTime {
			widths[i] = 22
		}
	}
	return header, widths
}

// newBook starts a streamed workbook whose first row is the columns'
// labels in bold.
func newBook(cols []column) (*book, error) {
	f, bold, err := startBook()
	if err != nil {
		return nil, err
	}
	sw, err := f.NewStreamWriter(msg.ExportSheet)
	if err != nil {
		return nil, fmt.Errorf("stream writer: %w", err)
	}
	header, widths := headerOf(cols)
	for i, w := range widths {
		if err := sw.SetColWidth(i+1, i+1, w); err != nil {
			return nil, fmt.Errorf("column width: %w", err)
		}
	}
	if err := sw.SetRow("A1", header, excelize.RowOpts{StyleID: bold}); err != nil {
		return nil, fmt.Errorf("header row: %w", err)
	}
	return &book{f: f, sw: sw}, nil
}

// maxDropList is the longest list Excel's data validation holds inline.
const maxDropList = 255

// newTemplate makes the import template: the header row, and drop-down
// lists of labels on the single-choice and yes/no columns whose labels fit.
func newTemplate(cols []column) (*book, error) {
	f, bold, err := startBook()
	if err != nil {
		return nil, err
	}
	b := &book{f: f}
	header, widths := headerOf(cols)
	if err := f.SetSheetRow(msg.ExportSheet, "A1", &header); err != nil {
		return nil, fmt.Errorf("header row: %w", err)
	}
	for i, col := range cols {
		name, err := excelize.ColumnNumberToName(i + 1)
		if err != nil {
			return nil, err
		}
		if err := f.SetColWidth(msg.ExportSheet, name, name, widths[i]); err != nil {
			return nil, fmt.Errorf("column width: %w", err)
		}
		labels := make([]string, 0, len(col.options))
		for _, o := range col.options {
			labels = append(labels, o.Label)
		}
		if col.f.Type == schema.TypeBool {
			labels = []string{msg.BoolTrue, msg.BoolFalse}
		}
		if len(labels) == 0 || col.f.Multiple || len(strings.Join(labels, ",")) > maxDropList {
			continue
		}
		dv := excelize.NewDataValidation(true)
		dv.Sqref = fmt.Sprintf("%s2:%s%d", name, name, MaxImportRows+1)
		if err := dv.SetDropList(labels); err != nil {
			continue // too long for Excel: the column stays free text
		}
		if err := f.AddDataValidation(msg.ExportSheet, dv); err != nil {
			return nil, fmt.Errorf("drop list %s: %w", col.f.Name, err)
		}
	}
	if len(cols) > 0 {
		last, _ := excelize.ColumnNumberToName(len(cols))
		if err := f.SetCellStyle(msg.ExportSheet, "A1", last+"1", bold); err != nil {
			return nil, fmt.Errorf("header style: %w", err)
		}
	}
	return b, nil
}

// send writes the workbook as an attachment.
func (b *book) send(c echo.Context, title, asciiName string) error {
	attach(c, title, asciiName)
	c.Response().WriteHeader(http.StatusOK)
	if err := b.f.Write(c.Response()); err != nil {
		// Headers are out; the client sees a truncated download.
		return fmt.Errorf("write workbook: %w", err)
	}
	return nil
}

// attach sets the headers of an xlsx attachment named
// <title>_<yyyyMMddHHmmss>.xlsx (RFC 5987 for the Chinese name, an ASCII
// fallback from the module name).
func attach(c echo.Context, title, asciiName string) {
	stamp := time.Now().Format("20060102150405")
	h := c.Response().Header()
	h.Set(echo.HeaderContentType, MIMEXLSX)
	h.Set(echo.HeaderContentDisposition, ContentDisposition(title+"_"+stamp+".xlsx", asciiName+"_"+stamp+".xlsx"))
	h.Set(echo.HeaderCacheControl, "no-store")
}

func (b *book) close() { _ = b.f.Close() }

// ContentDisposition is an attachment header carrying name in RFC 5987
// form (filename*=UTF-8”…) with fallback, an ASCII name for old clients.
func ContentDisposition(name, fallback string) string {
	var enc strings.Builder
	for _, c := range []byte(name) {
		if isAttrChar(c) {
			enc.WriteByte(c)
		} else {
			fmt.Fprintf(&enc, "%%%02X", c)
		}
	}
	safe := strings.Map(func(r rune) rune {
		if r < 0x20 || r > 0x7e || r == '"' || r == '\\' {
			return '_'
		}
		return r
	}, fallback)
	return fmt.Sprintf(`attachment; filename="%s"; filename*=UTF-8''%s`, safe, enc.String())
}

// isAttrChar reports whether c may stand unencoded in an RFC 5987 value.
func isAttrChar(c byte) bool {
	switch {
	case c >= 'a' && c <= 'z', c >= 'A' && c <= 'Z', c >= '0' && c <= '9':
		return true
	}
	return strings.IndexByte("!#$&+-.^_`|~", c) >= 0
}
