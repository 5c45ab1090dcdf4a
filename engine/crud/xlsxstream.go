package crud

// An export's workbook is written to the response as its rows come.
// excelize's StreamWriter keeps the sheet's XML in memory up to 16 MB (a
// temporary file beyond) and File.Write then assembles the whole zip in a
// bytes.Buffer before the first byte leaves: an export of 2,000 villagers
// held ≈ 15 MB, one of 500,000 the whole compressed workbook. Here excelize
// still makes everything around the rows (styles, workbook, the sheet's
// columns and header row: a workbook of one row), and the rows are encoded
// as its StreamWriter encodes them, straight into the zip's compressor, so
// an export holds one batch of records and the compressor's window
// whatever its size.

import (
	"archive/zip"
	"bytes"
	"encoding/xml"
	"errors"
	"fmt"
	"io"
	"math"
	"regexp"
	"strconv"
	"strings"
	"time"
	"unicode/utf16"
	"unicode/utf8"

	"github.com/xuri/excelize/v2"

	"xiangzhi/engine/schema"
)

// sheetPart is the zip entry of a new workbook's only sheet.
const sheetPart = "xl/worksheets/sheet1.xml"

// sheetStream is an xlsx being written to w: the parts around the sheet
// are out, the sheet is open after its header row.
type sheetStream struct {
	zw    *zip.Writer
	sheet io.Writer // the sheet's entry, compressing into zw
	tail  []byte    // the sheet's XML after its rows
	names []string  // column letters
	next  int       // the next row number
	buf   []byte    // the row being encoded
	esc   bytes.Buffer
}

// startSheet writes frame, a workbook of the header row of ncols columns
// (headerBook), to w up to its first data row.
func startSheet(w io.Writer, frame []byte, ncols int) (*sheetStream, error) {
	zr, err := zip.NewReader(bytes.NewReader(frame), int64(len(frame)))
	if err != nil {
		return nil, fmt.Errorf("read workbook frame: %w", err)
	}
	s := &sheetStream{zw: zip.NewWriter(w), next: 2}
	var sheet *zip.File
	for _, f := range zr.File {
		if f.Name == sheetPart {
			sheet = f
			continue
		}
		if err := s.zw.Copy(f); err != nil {
			return nil, fmt.Errorf("copy %s: %w", f.Name, err)
		}
	}
	if sheet == nil {
		return nil, errors.New("workbook frame has no " + sheetPart)
	}
	xmlText, err := readPart(sheet)
	if err != nil {
		return nil, err
	}
	end := bytes.LastIndex(xmlText, []byte("</sheetData>"))
	if end < 0 {
		return nil, errors.New("workbook frame's sheet has no sheetData")
	}
	s.tail = xmlText[end:]
	hdr := &zip.FileHeader{Name: sheetPart, Method: zip.Deflate, Modified: sheet.Modified}
	if s.sheet, err = s.zw.CreateHeader(hdr); err != nil {
		return nil, fmt.Errorf("open sheet: %w", err)
	}
	if _, err := s.sheet.Write(xmlText[:end]); err != nil {
		return nil, err
	}
	s.names = make([]string, ncols)
	for i := range s.names {
		if s.names[i], err = excelize.ColumnNumberToName(i + 1); err != nil {
			return nil, err
		}
	}
	return s, nil
}

// headerBook is a whole workbook holding only cols' header row, as
// excelize writes it.
func headerBook(cols []column) ([]byte, error) {
	b, err := newBook(cols)
	if err != nil {
		return nil, err
	}
	defer b.close()
	if err := b.sw.Flush(); err != nil {
		return nil, fmt.Errorf("flush sheet: %w", err)
	}
	buf, err := b.f.WriteToBuffer()
	if err != nil {
		return nil, fmt.Errorf("write workbook frame: %w", err)
	}
	return buf.Bytes(), nil
}

func readPart(f *zip.File) ([]byte, error) {
	r, err := f.Open()
	if err != nil {
		return nil, fmt.Errorf("open %s: %w", f.Name, err)
	}
	defer r.Close()
	return io.ReadAll(r)
}

// add writes the next row; nil cells are left out, as excelize does.
func (s *sheetStream) add(row []any) error {
	r := strconv.Itoa(s.next)
	s.next++
	b := append(s.buf[:0], `<row r="`...)
	b = append(b, r...)
	b = append(b, `">`...)
	for i, v := range row {
		if v == nil {
			continue
		}
		b = append(b, `<c r="`...)
		b = append(b, s.names[i]...)
		b = append(b, r...)
		b = append(b, '"')
		b = s.value(b, v)
		b = append(b, `</c>`...)
	}
	b = append(b, `</row>`...)
	s.buf = b
	_, err := s.sheet.Write(b)
	return err
}

// value appends a cell's type attribute, the end of its start tag and its
// value, as excelize's StreamWriter.SetRow writes the value's type.
func (s *sheetStream) value(b []byte, v any) []byte {
	switch v := v.(type) {
	case string:
		return s.inline(b, v)
	case int64:
		return number(b, strconv.FormatInt(v, 10))
	case int:
		return number(b, strconv.Itoa(v))
	case float64:
		if math.IsNaN(v) || math.IsInf(v, 0) {
			return s.inline(b, fmt.Sprint(v))
		}
		return number(b, strconv.FormatFloat(v, 'f', -1, 64))
	case bool:
		b = append(b, ` t="b"><v>`...)
		if v {
			b = append(b, '1')
		} else {
			b = append(b, '0')
		}
		return append(b, `</v>`...)
	case time.Time: // never from the store, which hands dates back as text
		return s.inline(b, v.Format(schema.DateTimeLayout))
	}
	return s.inline(b, fmt.Sprint(v))
}

func number(b []byte, text string) []byte {
	b = append(b, `><v>`...)
	b = append(b, text...)
	return append(b, `</v>`...)
}

// inline appends a text cell as excelize's setInlineStr makes it: clipped
// to Excel's 32,767 UTF-16 units, XML-escaped with line feeds kept, space
// preserved when the text starts or ends with white space, and literal
// _xHHHH_ sequences escaped so Excel does not read them as characters.
func (s *sheetStream) inline(b []byte, text string) []byte {
	if len(text) > maxCellChars {
		text = clipUTF16(text, maxCellChars)
	}
	b = append(b, ` t="inlineStr"><is><t`...)
	if text != "" && (isXMLSpace(text[0]) || isXMLSpace(text[len(text)-1])) {
		b = append(b, ` xml:space="preserve"`...)
	}
	b = append(b, '>')
	if plainText(text) {
		b = append(b, text...)
	} else {
		s.esc.Reset()
		_ = xml.EscapeText(&s.esc, []byte(text))
		escaped := strings.ReplaceAll(s.esc.String(), "&#xA;", "\n")
		if strings.Contains(escaped, "_x") {
			escaped = bstrMarshal(escaped)
		}
		b = append(b, escaped...)
	}
	return append(b, `</t></is>`...)
}

// close ends the sheet and the zip. A failed export is never closed: a
// client must not take a truncated download for a whole one.
func (s *sheetStream) close() error {
	if _, err := s.sheet.Write(s.tail); err != nil {
		return err
	}
	return s.zw.Close()
}

// maxCellChars is the most UTF-16 units an Excel cell holds.
const maxCellChars = excelize.TotalCellChars

func clipUTF16(s string, n int) string {
	count := 0
	for i, r := range s {
		if count += utf16.RuneLen(r); count > n {
			return s[:i]
		}
	}
	return s
}

func isXMLSpace(c byte) bool { return c == '\t' || c == '\n' || c == '\r' || c == ' ' }

// plainText reports whether xml.EscapeText and the _xHHHH_ escape would
// leave text as it is: no markup or control characters, no "_x", valid
// UTF-8 of characters XML allows — the common case, copied as it is.
func plainText(text string) bool {
	for i := 0; i < len(text); {
		c := text[i]
		if c < utf8.RuneSelf {
			switch {
			case c < 0x20, c == '&', c == '<', c == '>', c == '"', c == '\'':
				return false
			case c == '_' && i+1 < len(text) && text[i+1] == 'x':
				return false
			}
			i++
			continue
		}
		r, n := utf8.DecodeRuneInString(text[i:])
		if r == utf8.RuneError && n == 1 || !(r <= 0xD7FF || r >= 0xE000 && r <= 0xFFFD || r >= 0x10000) {
			return false
		}
		i += n
	}
	return true
}

var (
	bstrExp       = regexp.MustCompile(`_x[a-fA-F\d]{4}_`)
	bstrEscapeExp = regexp.MustCompile(`x[a-fA-F\d]{4}_`)
)

// bstrMarshal is excelize's (lib.go, BSD-3-Clause): it escapes text that
// Excel would read as an _xHHHH_ character reference.
func bstrMarshal(s string) (result string) {
	matches, l, cursor := bstrExp.FindAllStringSubmatchIndex(s, -1), len(s), 0
	for _, match := range matches {
		result += s[cursor:match[0]]
		subStr := s[match[0]:match[1]]
		if subStr == "_x005F_" {
			cursor = match[1]
			if match[1]+6 <= l && bstrEscapeExp.MatchString(s[match[1]:match[1]+6]) {
				_, err := strconv.Unquote(`"\u` + s[match[1]+1:match[1]+5] + `"`)
				if err == nil {
					result += subStr + "x005F" + subStr
					continue
				}
			}
			result += subStr + "x005F_"
			continue
		}
		if bstrExp.MatchString(subStr) {
			cursor = match[1]
			if _, err := strconv.Unquote(`"\u` + s[match[0]+2:match[1]-1] + `"`); err == nil {
				result += "_x005F" + subStr
				continue
			}
		}
	}
	if cursor < l {
		result += s[cursor:]
	}
	return result
}
