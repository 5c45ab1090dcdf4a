// Package httpx is the HTTP layer every endpoint shares: the response
// envelope, the one error adapter that turns any error into that envelope,
// strict JSON binding (BindObject, BindFields with an allow-list, BindInto a
// struct), request ids and paging (ParseID, PathID, QueryID, Paging), the
// middleware chain (recover, request id, access log, _method override,
// metrics), the health endpoints and the embedded console.
//
// Every answer has the shape
//
//	{"code": 0, "msg": "操作成功", "data": …}
//
// where code 0 is success. Errors carry the HTTP status as code, a Chinese
// msg for people and, for validation, the field errors:
//
//	{"code": 400, "msg": "…", "errors": [{"field": "idCard", "message": "…"}]}
//
// A page of a list is data: {"data": […], "recordsTotal": N}.
package httpx

import (
	"net/http"

	"github.com/labstack/echo/v4"

	"xiangzhi/engine/msg"
	"xiangzhi/engine/schema"
)

// Envelope is the body of every JSON answer.
type Envelope struct {
	Code   int                 `json:"code"`
	Msg    string              `json:"msg"`
	Data   any                 `json:"data,omitempty"`
	Errors []schema.FieldError `json:"errors,omitempty"`
}

// Page is the data of a paged list: the rows and the total of matching rows.
type Page struct {
	Data         any   `json:"data"`
	RecordsTotal int64 `json:"recordsTotal"`
}

// OK answers 200 with data in a success envelope.
func OK(c echo.Context, data any) error {
	return c.JSON(http.StatusOK, Envelope{Code: 0, Msg: msg.OK, Data: data})
}

// OKPage answers 200 with one page of a list. A nil rows slice is sent as
// an empty array so clients never see null.
func OKPage[T any](c echo.Context, rows []T, total int64) error {
	if rows == nil {
		rows = []T{}
	}
	return OK(c, Page{Data: rows, RecordsTotal: total})
}
