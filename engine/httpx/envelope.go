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
	"sync"

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
	return blobJSON(c, func(b []byte) ([]byte, error) {
		b = append(b, `{"code":0,"msg":`...)
		b = appendString(b, OKMessage(c))
		b = append(b, `,"data":{"data":`...)
		b, err := appendRows(b, rows)
		if err != nil {
			return nil, err
		}
		b = append(b, `,"recordsTotal":`...)
		b = strconv.AppendInt(b, total, 10)
		return append(b, "}}\n"...), nil
	})
}

// OKObject answers 200 with one record, as OKObjects does.
func OKObject[M ~map[string]any](c echo.Context, rec M) error {
	return blobJSON(c, func(b []byte) ([]byte, error) {
		b = append(b, `{"code":0,"msg":`...)
		b = appendString(b, OKMessage(c))
		b = append(b, `,"data":`...)
		b, err := appendObject(b, rec)
		if err != nil {
			return nil, err
		}
		return append(b, "}\n"...), nil
	})
}

// blobJSON answers 200 with the JSON put writes into a buffer kept between
// answers: the body is copied out by the response writer (or the gzip
// writer) before Blob returns, and a list page, ≈ 20 KB, allocated and
// grew a fresh buffer on every answer.
func blobJSON(c echo.Context, put func([]byte) ([]byte, error)) error {
	p := answerBufs.Get().(*[]byte)
	b, err := put((*p)[:0])
	if err == nil {
		err = c.Blob(http.StatusOK, echo.MIMEApplicationJSON, b)
	}
	if cap(b) <= maxKeptAnswer {
		*p = b[:0]
		answerBufs.Put(p)
	}
	return err
}

// answerBufs are blobJSON's buffers; one grown past maxKeptAnswer (an
// unusually large answer) is left to the collector.
var answerBufs = sync.Pool{New: func() any { b := make([]byte, 0, 4096); return &b }}

const maxKeptAnswer = 256 << 10

// OKPage answers 200 with one page of a list. A nil rows slice is sent as
// an empty array so clients never see null.
func OKPage[T any](c echo.Context, rows []T, total int64) error {
	if rows == nil {
		rows = []T{}
	}
	return OK(c, Page{Data: rows, RecordsTotal: total})
}
