package crud

// Bounds of an uploaded workbook, checked before excelize inflates it: an
// xlsx is a zip of XML parts, and a small file may inflate enormously (a
// zip bomb) or declare far more rows than an import takes. The upload's
// size is bounded before it is buffered (openUpload); then, reading only the
// zip directory and the first bytes of the first sheet, a workbook is
// refused when a part or the whole inflates past the limits (the sizes the
// zip declares, which archive/zip holds every read to: a part that inflates
// past its declared size fails as malformed) or when the first sheet's
// <dimension ref="A1:K300001"/> reaches past the header and MaxImportRows
// data rows. A sheet without a dimension (or with a false one) is still
// stopped at the row limit while its rows stream (readSheet).

import (
	"archive/zip"
	"encoding/xml"
	"errors"
	"io"
	"path"
	"strconv"
	"strings"

	"xiangzhi/engine/httpx"
	"xiangzhi/engine/msg"
)

var (
	errInflated    = httpx.BadRequest(msg.FileInflated)
	errTooManyRows = httpx.BadRequest(msg.TooManyRows)
)

// checkWorkbook checks the zip of size bytes read through r against the
// inflation limits and the first sheet's declared dimension. It answers
// errBadFile for what is not a readable xlsx, errInflated for a zip bomb
// and errTooManyRows for a sheet declaring too many rows.
func checkWorkbook(r io.ReaderAt, size int64) error {
	zr, err := zip.NewReader(r, size)
	if err != nil {
		return errBadFile.Wrap(err)
	}
	var total uint64
	parts := make(map[string]*zip.File, len(zr.File))
	for _, f := range zr.File {
		total += f.UncompressedSize64
		if f.UncompressedSize64 > maxUnzipXML || total > maxUnzip {
			return errInflated
		}
		parts[strings.TrimPrefix(f.Name, "/")] = f
	}
	sheet, err := firstSheet(parts)
	if err != nil {
		return errBadFile.Wrap(err)
	}
	last, err := declaredLastRow(sheet)
	if err != nil {
		return errBadFile.Wrap(err)
	}
	if last > MaxImportRows+1 { // row 1 is the header
		return errTooManyRows
	}
	return nil
}

// firstSheet finds the part of the workbook's first sheet (the one
// excelize lists first): xl/workbook.xml names it by relationship id, and
// xl/_rels/workbook.xml.rels gives that relationship's target.
func firstSheet(parts map[string]*zip.File) (*zip.File, error) {
	var book struct {
		Sheets []struct {
			ID string `xml:"http://schemas.openxmlformats.org/officeDocument/2006/relationships id,attr"`
		} `xml:"sheets>sheet"`
	}
	if err := decodePart(parts["xl/workbook.xml"], &book); err != nil {
		return nil, err
	}
	if len(book.Sheets) == 0 {
		return nil, errors.New("workbook without sheets")
	}
	var rels struct {
		Rels []struct {
			ID     string `xml:"Id,attr"`
			Target string `xml:"Target,attr"`
		} `xml:"Relationship"`
	}
	if err := decodePart(parts["xl/_rels/workbook.xml.rels"], &rels); err != nil {
		return nil, err
	}
	for _, rel := range rels.Rels {
		if rel.ID != book.Sheets[0].ID {
			continue
		}
		name := path.Join("xl", rel.Target)
		if strings.HasPrefix(rel.Target, "/") {
			name = strings.TrimPrefix(rel.Target, "/")
		}
		if f := parts[name]; f != nil {
			return f, nil
		}
	}
	return nil, errors.New("first sheet's part missing")
}

// decodePart unmarshals a small XML part (the workbook, its relationships).
func decodePart(f *zip.File, v any) error {
	if f == nil {
		return errors.New("workbook part missing")
	}
	rc, err := f.Open()
	if err != nil {
		return err
	}
	defer rc.Close()
	return xml.NewDecoder(rc).Decode(v)
}

// declaredLastRow reads the sheet part only up to its dimension (which
// comes before the rows) and answers the last row it declares; 0 when the
// sheet declares none.
func declaredLastRow(f *zip.File) (int, error) {
	rc, err := f.Open()
	if err != nil {
		return 0, err
	}
	defer rc.Close()
	dec := xml.NewDecoder(rc)
	for {
		tok, err := dec.Token()
		if err == io.EOF {
			return 0, nil
		}
		if err != nil {
			return 0, err
		}
		start, ok := tok.(xml.StartElement)
		if !ok {
			continue
		}
		switch start.Name.Local {
		case "sheetData":
			return 0, nil
		case "dimension":
			for _, a := range start.Attr {
				if a.Name.Local == "ref" {
					return lastRowOf(a.Value), nil
				}
			}
			return 0, nil
		}
	}
}

// lastRowOf is the row of a range's last cell ("A1:K300001" → 300001,
// "A1" → 1); 0 when unreadable (the row limit still holds while reading).
func lastRowOf(ref string) int {
	cell := ref[strings.LastIndex(ref, ":")+1:]
	digits := strings.TrimLeft(cell, "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz$")
	n, err := strconv.Atoi(digits)
	if err != nil {
		return 0
	}
	return n
}
