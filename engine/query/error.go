package query

import (
	"fmt"
	"net/http"

	"xiangzhi/engine/msg"
)

// Error is a list request parameter the module does not accept: an unknown
// field or operator, a value of the wrong type, a page size over the limit.
// It is always the client's mistake (400) and names the parameter.
type Error struct {
	Param  string // the parameter as the client sent it, e.g. "name.contains"
	Reason string // lower-case English, for logs
	Public string // the Chinese message for people
}

// Error names the parameter and the reason, for logs.
func (e *Error) Error() string {
	return fmt.Sprintf("query parameter %q: %s", e.Param, e.Reason)
}

// HTTPStatus is 400: a bad list request is the client's mistake.
func (e *Error) HTTPStatus() int { return http.StatusBadRequest }

// PublicMessage is the Chinese message naming the parameter.
func (e *Error) PublicMessage() string { return e.Public }

func errUnknown(param string) *Error {
	return &Error{Param: param, Reason: "unknown parameter", Public: fmt.Sprintf(msg.QueryUnknownParam, param)}
}

func errOpNotAllowed(param string) *Error {
	return &Error{Param: param, Reason: "operator not allowed on this field",
		Public: fmt.Sprintf(msg.QueryOpNotAllowed, param)}
}

func errBadValue(param, reason string) *Error {
	return &Error{Param: param, Reason: reason, Public: fmt.Sprintf(msg.QueryBadValue, param)}
}

func errTooMany(param string) *Error {
	return &Error{Param: param, Reason: fmt.Sprintf("more than %d values", MaxInValues),
		Public: fmt.Sprintf(msg.QueryTooManyValues, param)}
}

func errBadSort(param, key string) *Error {
	return &Error{Param: param, Reason: fmt.Sprintf("%q is not a sortable field", key),
		Public: fmt.Sprintf(msg.QueryBadSort, key)}
}
