package store

import (
	"fmt"
	"net/http"

	"xiangzhi/engine/msg"
)

// publicError is a sentinel that knows its HTTP status and Chinese message.
type publicError struct {
	text   string
	status int
	public string
}

func (e *publicError) Error() string         { return e.text }
func (e *publicError) HTTPStatus() int       { return e.status }
func (e *publicError) PublicMessage() string { return e.public }

// UniqueError is a write that would give a unique field a value another live
// record of the tenant already has (409).
type UniqueError struct {
	Field string // the field's API name
	Label string // the field's label, for the message
}

// Error names the field, for logs.
func (e *UniqueError) Error() string { return fmt.Sprintf("unique field %s already taken", e.Field) }

// HTTPStatus is 409 Conflict.
func (e *UniqueError) HTTPStatus() int { return http.StatusConflict }

// PublicMessage says "<label>已存在", e.g. 身份证号已存在.
func (e *UniqueError) PublicMessage() string { return fmt.Sprintf(msg.UniqueTaken, e.Label) }

// TransitionError is a status action the record's current status does not
// allow (409).
type TransitionError struct {
	Action string // the action's name
	Label  string // the action's label
	From   int    // the record's current status
}

// Error names the action and the status, for logs.
func (e *TransitionError) Error() string {
	return fmt.Sprintf("action %s not allowed from status %d", e.Action, e.From)
}

// HTTPStatus is 409 Conflict.
func (e *TransitionError) HTTPStatus() int { return http.StatusConflict }

// PublicMessage names the action: 当前状态不允许执行“通过”操作.
func (e *TransitionError) PublicMessage() string {
	return fmt.Sprintf(msg.TransitionNotAllowed, e.Label)
}

// InputError is a record value or stats parameter the store cannot accept: a
// key the module does not declare, a value of the wrong type, a missing
// required comment (400). The crud layer validates records against the JSON
// Schema first; this is the store's own guard.
type InputError struct {
	Field  string // the field or parameter
	Reason string // lower-case English, for logs
	Public string // the Chinese message
}

// Error names the field and the reason, for logs.
func (e *InputError) Error() string { return fmt.Sprintf("field %s: %s", e.Field, e.Reason) }

// HTTPStatus is 400 Bad Request.
func (e *InputError) HTTPStatus() int { return http.StatusBadRequest }

// PublicMessage is the Chinese message naming the field.
func (e *InputError) PublicMessage() string { return e.Public }

func errUnknownField(name string) *InputError {
	return &InputError{Field: name, Reason: "not declared by the module", Public: fmt.Sprintf(msg.UnknownField, name)}
}

func errBadValue(c *col, reason string) *InputError {
	label := c.api
	if c.field != nil && c.field.Label != "" {
		label = c.field.Label
	}
	return &InputError{Field: c.api, Reason: reason, Public: fmt.Sprintf(msg.BadFieldValue, label)}
}
