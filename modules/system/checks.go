package system

// Form checks: field errors collected into one 400 answer, and 404s.

import (
	"net/http"
	"unicode/utf8"

	"xiangzhi/engine/httpx"
	"xiangzhi/engine/schema"
)

// invalid is the 400 of a refused form: msg is the first field's message,
// errors lists them all.
func invalid(errs ...schema.FieldError) error {
	return &httpx.Error{Status: http.StatusBadRequest, Message: errs[0].Message, Fields: errs}
}

// checks collects field errors in the order they are found.
type checks []schema.FieldError

func (cs *checks) add(field, message string) {
	*cs = append(*cs, schema.FieldError{Field: field, Message: message})
}

// maxLen adds message when value has more than n characters.
func (cs *checks) maxLen(field, value string, n int, message string) {
	if utf8.RuneCountInString(value) > n {
		cs.add(field, message)
	}
}

// has reports whether field already has an error.
func (cs checks) has(field string) bool {
	for _, e := range cs {
		if e.Field == field {
			return true
		}
	}
	return false
}

// err is the collected errors as one 400, or nil.
func (cs checks) err() error {
	if len(cs) == 0 {
		return nil
	}
	return invalid(cs...)
}

// notFound is the 404 of an id that does not exist, belongs to another
// tenant or lies outside the viewer's reach.
func notFound(text string) error { return httpx.NewError(http.StatusNotFound, text) }
