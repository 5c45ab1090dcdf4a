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
	"strconv"

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
	return c.JSON(http.StatusOK, Envelope{Code: 0, Msg: OKMessage(c), Data: data})
}

// OKMessage is the success message (操作成功) in the locale the request asks
// for (locale.go); an answer worded in another locale says it varies by
// Accept-Language.
func OKMessage(c echo.Context) string { return Localized(c, msg.OK) }

// Localized is a message of a successful answer (操作成功, 添加成功) in the
// locale the request asks for, as LocalizeMessage words it.
func Localized(c echo.Context, text string) string {
	locale := RequestLocale(c.Request())
	if locale == "" {
		return text
	}
	c.Response().Header().Add("Vary", "Accept-Language")
	return LocalizeMessage(text, locale)
}

// OKObjects answers 200 with one page of records, encoded by Objects and
// written without a second pass over the bytes (encoding/json validates and
// compacts what a Marshaler returns). The bytes are those c.JSON writes.
func OKObjects[M ~map[string]any](c echo.Context, rows []M, total int64) error {
	b := make([]byte, 0, 1024*len(rows)+64)
	b = append(b, `{"code":0,"msg":`...)
	b = appendString(b, OKMessage(c))
	b = append(b, `,"data":{"data":`...)
	b, err := appendRows(b, rows)
	if err != nil {
		return err
	}
	b = append(b, `,"recordsTotal":`...)
	b = strconv.AppendInt(b, total, 10)
	b = append(b, "}}\n"...)
	return c.Blob(http.StatusOK, echo.MIMEApplicationJSON, b)
}

// OKObject answers 200 with one record, as OKObjects does.
func OKObject[M ~map[string]any](c echo.Context, rec M) error {
	b := make([]byte, 0, 2048)
	b = append(b, `{"code":0,"msg":`...)
	b = appendString(b, OKMessage(c))
	b = append(b, `,"data":`...)
	b, err := appendObject(b, rec)
	if err != nil {
		return err
	}
	b = append(b, "}\n"...)
	return c.Blob(http.StatusOK, echo.MIMEApplicationJSON, b)
}

// OKPage answers 200 with one page of a list. A nil rows slice is sent as
// an empty array so clients never see null.
func OKPage[T any](c echo.Context, rows []T, total int64) error {
	if rows == nil {
		rows = []T{}
	}
	return OK(c, Page{Data: rows, RecordsTotal: total})
}
