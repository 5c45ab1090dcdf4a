package schema

import (
	"fmt"
	"net/http"
	"strings"

	"xiangzhi/engine/msg"
)

// LoadError is one problem found in a schema file: where it is and what is
// wrong, in Chinese. Line is the line of the offending key (for a missing key,
// the line of the mapping that lacks it); Field is the path of the key, such
// as "fields.idCard.type" or "status.actions.approve.to".
type LoadError struct {
	File    string `json:"file"`
	Line    int    `json:"line"`
	Field   string `json:"field"`
	Problem string `json:"problem"`
}

// Error formats the problem as "file:line: field: problem"; the field or the
// line is left out when unknown.
func (e *LoadError) Error() string {
	var b strings.Builder
	b.WriteString(e.File)
	if e.Line > 0 {
		fmt.Fprintf(&b, ":%d", e.Line)
	}
	if e.Field != "" {
		b.WriteString(": ")
		b.WriteString(e.Field)
	}
	b.WriteString(": ")
	b.WriteString(e.Problem)
	return b.String()
}

// LoadErrors is a list of load problems used as one error.
type LoadErrors []*LoadError

// Error lists the problems, one a line.
func (es LoadErrors) Error() string {
	lines := make([]string, len(es))
	for i, e := range es {
		lines[i] = e.Error()
	}
	return strings.Join(lines, "\n")
}

// FieldError is one problem with one field of a submitted record. Field is
// the field's API name; for a row of a children field it is
// "<children>.<row>.<field>" with a zero-based row.
type FieldError struct {
	Field   string `json:"field"`
	Message string `json:"message"`
}

// ValidationError says why a submitted record was refused: one message per
// offending field, naming the field by its Chinese label.
type ValidationError struct {
	Errors []FieldError
}

// Error lists the field problems for logs.
func (e *ValidationError) Error() string {
	parts := make([]string, len(e.Errors))
	for i, fe := range e.Errors {
		parts[i] = fe.Field + ": " + fe.Message
	}
	return "invalid record: " + strings.Join(parts, "; ")
}

// HTTPStatus is 400: the client sent a record the module does not accept.
func (e *ValidationError) HTTPStatus() int { return http.StatusBadRequest }

// PublicMessage is the Chinese summary; the field messages travel in
// FieldErrors.
func (e *ValidationError) PublicMessage() string { return msg.ValidationFailed }

// FieldErrors lists the field problems for the response envelope.
func (e *ValidationError) FieldErrors() []FieldError { return e.Errors }
