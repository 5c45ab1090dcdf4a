package crud

// Saving a record checks the values of its file fields (image, images,
// file, files, video) once more, after the upload did: each must be a link
// (or key) the file service handed out for the caller's tenant, of a type
// the field takes (its family and accept list), and no more of them than
// the field holds (maxCount).

import (
	"errors"
	"path"
	"strconv"
	"strings"

	"xiangzhi/engine/files"
	"xiangzhi/engine/httpx"
	"xiangzhi/engine/msg"
	"xiangzhi/engine/schema"
)

// fileValues are the addresses a file field's value holds ("" left out);
// ok is false for a value that is not a string or a list of strings (the
// schema validator reports those).
func fileValues(v any) (paths []string, ok bool) {
	switch x := v.(type) {
	case nil:
		return nil, true
	case string:
		if x == "" {
			return nil, true
		}
		return []string{x}, true
	case []any:
		for _, item := range x {
			s, isString := item.(string)
			if !isString {
				return nil, false
			}
			if s != "" {
				paths = append(paths, s)
			}
		}
		return paths, true
	}
	return nil, false
}

// checkFileFields refuses a record whose file fields name files the
// fields do not take (field errors, 400), before it is stored.
func checkFileFields(m *schema.Module, tenantID int64, rec map[string]any) error {
	var errs []schema.FieldError
	for i := range m.Fields {
		f := &m.Fields[i]
		if !f.HoldsFiles() {
			continue
		}
		paths, ok := fileValues(rec[f.Name])
		if !ok || len(paths) == 0 {
			continue
		}
		if err := checkFileField(f, tenantID, paths); err != nil {
			errs = append(errs, schema.FieldError{Field: f.Name, Message: publicMessage(err)})
		}
	}
	if len(errs) > 0 {
		return &schema.ValidationError{Errors: errs}
	}
	return nil
}

func checkFileField(f *schema.Field, tenantID int64, paths []string) error {
	if err := files.CheckCount(f, len(paths)); err != nil {
		return err
	}
	tenant := strconv.FormatInt(tenantID, 10) + "/"
	for _, p := range paths {
		key, ok := files.KeyFromURL(p)
		if !ok {
			key, ok = p, files.ValidKey(p)
		}
		if !ok || !strings.HasPrefix(key, tenant) {
			return httpx.BadRequest(msg.FileURLInvalid)
		}
		t, known := files.TypeByExt(strings.TrimPrefix(path.Ext(key), "."))
		if !known {
			return httpx.BadRequest(msg.FileBadFormat)
		}
		if err := files.CheckField(f, files.FileInfo{Name: path.Base(key), Type: t}); err != nil {
			return err
		}
	}
	return nil
}

// publicMessage is the Chinese text of a refusal.
func publicMessage(err error) string {
	var pe httpx.PublicError
	if errors.As(err, &pe) {
		return pe.PublicMessage()
	}
	return msg.FileBadFormat
}
