package system

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"mime"
	"net/http"
	"net/url"
	"sort"
	"strings"
	"sync"
	"time"
	"unicode/utf8"

	"github.com/labstack/echo/v4"

	"xiangzhi/engine"
	"xiangzhi/engine/auth"
	"xiangzhi/engine/httpx"
	"xiangzhi/engine/msg"
)

// Limits of what an operation-log row keeps.
const (
	// opLogBodyPeek is the largest body the log reads to record; a larger
	// one is noted as omitted (it cannot be masked without reading it all).
	opLogBodyPeek = 64 << 10
	// opLogParamsMax bounds the recorded params, in characters.
	opLogParamsMax = 4000
	// opLogURIMax, opLogErrorMax and opLogNameMax fit the columns.
	opLogURIMax   = 2000
	opLogErrorMax = 2000
	opLogNameMax  = 100
	// opLogWriteTimeout bounds the insert of one row.
	opLogWriteTimeout = 5 * time.Second
	// masked replaces the value of a secret parameter.
	masked = "******"
)

// OperationLog is the echo middleware writing one operation-log row per
// mutating call (POST, PUT, DELETE, PATCH — after the _method override)
// that reached a route of the table, module routes included: who, the
// uri, method and ip, the time, the parameters (query and JSON or form
// body, with passwords, tokens, keys and secrets masked, truncated; never
// the bytes of an uploaded file), the route's name as message, the error
// message of a failed call, the HTTP status and the duration. The row is
// written after the handler answered (the error handler runs first), and
// a failure to write it is only logged: it never fails the request.
func (s *Service) OperationLog(next echo.HandlerFunc) echo.HandlerFunc {
	return func(c echo.Context) (err error) {
		req := c.Request()
		if !mutating(req.Method) {
			return next(c)
		}
		start, at := time.Now(), s.now()
		body := captureBody(c)
		defer func() {
			if r := recover(); r != nil {
				s.writeOpLog(c, body, at, time.Since(start), http.StatusInternalServerError, msg.Internal)
				panic(r)
			}
		}()
		if err = next(c); err != nil {
			// Answer first, so the row records the status actually sent.
			c.Error(err)
		}
		status, errText := c.Response().Status, ""
		if err != nil {
			var env httpx.Envelope
			status, env, _ = httpx.Resolve(err)
			errText = env.Msg
		}
		s.writeOpLog(c, body, at, time.Since(start), status, errText)
		return nil
	}
}

func mutating(method string) bool {
	switch method {
	case http.MethodPost, http.MethodPut, http.MethodDelete, http.MethodPatch:
		return true
	}
	return false
}

// capturedBody is what the log keeps of a request body.
type capturedBody struct {
	value any    // decoded JSON or form values, masked
	note  string // why the body is not recorded, when it is not
}

// captureBody reads a JSON or form body of at most opLogBodyPeek bytes
// for the log and puts it back for the handler; other bodies are noted,
// not read.
func captureBody(c echo.Context) capturedBody {
	req := c.Request()
	if req.Body == nil || req.Body == http.NoBody {
		return capturedBody{}
	}
	mt, _, _ := mime.ParseMediaType(req.Header.Get(echo.HeaderContentType))
	isForm := mt == echo.MIMEApplicationForm
	if mt == echo.MIMEMultipartForm {
		return capturedBody{note: OpLogMultipart}
	}
	if mt != "" && !isForm && !strings.Contains(mt, "json") {
		return capturedBody{note: OpLogBodyNotRecorded}
	}
	peek, err := io.ReadAll(io.LimitReader(req.Body, opLogBodyPeek+1))
	req.Body = readCloser{io.MultiReader(bytes.NewReader(peek), req.Body), req.Body}
	switch {
	case err != nil:
		return capturedBody{note: OpLogBodyNotRecorded}
	case len(peek) > opLogBodyPeek:
		return capturedBody{note: OpLogBodyTooLarge}
	case len(bytes.TrimSpace(peek)) == 0:
		return capturedBody{}
	case isForm:
		vals, err := url.ParseQuery(string(peek))
		if err != nil {
			return capturedBody{note: OpLogBodyNotRecorded}
		}
		return capturedBody{value: maskValues(vals)}
	}
	var v any
	dec := json.NewDecoder(bytes.NewReader(peek))
	dec.UseNumber()
	if err := dec.Decode(&v); err != nil {
		return capturedBody{note: OpLogBodyNotRecorded}
	}
	return capturedBody{value: maskJSON(v)}
}

// readCloser gives a replaced body the original's Close.
type readCloser struct {
	io.Reader
	io.Closer
}

// secretKey reports whether a parameter's name says its value is secret.
func secretKey(name string) bool {
	k := strings.ToLower(name)
	for _, part := range []string{"password", "pwd", "passwd", "token", "secret", "credential", "authorization", "challenge"} {
		if strings.Contains(k, part) {
			return true
		}
	}
	return k == "key" || strings.HasSuffix(k, "key") || strings.HasSuffix(k, "keys")
}

// maskJSON replaces the values of secret keys at any depth.
func maskJSON(v any) any {
	switch x := v.(type) {
	case map[string]any:
		for k, val := range x {
			if secretKey(k) {
				x[k] = masked
			} else {
				x[k] = maskJSON(val)
			}
		}
	case []any:
		for i := range x {
			x[i] = maskJSON(x[i])
		}
	}
	return v
}

// maskValues turns query or form values into a map, masking secrets; a
// single value stays a string.
func maskValues(vals url.Values) map[string]any {
	out := make(map[string]any, len(vals))
	for k, vs := range vals {
		switch {
		case secretKey(k):
			out[k] = masked
		case len(vs) == 1:
			out[k] = vs[0]
		default:
			out[k] = vs
		}
	}
	return out
}

// maskedURI is the request path with its query, secrets masked.
func maskedURI(r *http.Request) string {
	q := r.URL.Query()
	if len(q) == 0 {
		return r.URL.Path
	}
	for k := range q {
		if secretKey(k) {
			q[k] = []string{masked}
		}
	}
	return r.URL.Path + "?" + q.Encode()
}

// paramsText is the recorded params: {"query": …, "body": …} as JSON,
// truncated to opLogParamsMax characters.
func paramsText(r *http.Request, body capturedBody) string {
	p := map[string]any{}
	if q := r.URL.Query(); len(q) > 0 {
		p["query"] = maskValues(q)
	}
	switch {
	case body.note != "":
		p["body"] = body.note
	case body.value != nil:
		p["body"] = body.value
	}
	if len(p) == 0 {
		return ""
	}
	b, err := json.Marshal(p)
	if err != nil {
		return OpLogBodyNotRecorded
	}
	return cut(string(b), opLogParamsMax)
}

// cut truncates s to n characters.
func cut(s string, n int) string {
	if utf8.RuneCountInString(s) <= n {
		return s
	}
	return string([]rune(s)[:n])
}

// writeOpLog writes the row of a finished call to a known route.
func (s *Service) writeOpLog(c echo.Context, body capturedBody, at time.Time, took time.Duration, status int, errText string) {
	req := c.Request()
	route, ok := s.routeFor(req.Method, httpx.Route(c), body)
	if !ok {
		return // no route served it (404): nothing was operated on
	}
	tenantID, username := s.tenantID, ""
	var userID *int64
	if v := auth.ViewerFrom(req.Context()); v != nil {
		tenantID, username, userID = v.TenantID, v.Username, &v.UserID
	} else if m, ok := body.value.(map[string]any); ok {
		for _, k := range []string{"username", "userName"} {
			if name, ok := m[k].(string); ok {
				username = name
				break
			}
		}
	}
	ctx, cancel := context.WithTimeout(context.WithoutCancel(req.Context()), opLogWriteTimeout)
	defer cancel()
	row := s.ent.OperationLog.Create().SetTenantID(tenantID).SetNillableUserID(userID).
		SetUsername(cut(username, opLogNameMax)).SetURI(cut(maskedURI(req), opLogURIMax)).
		SetMethod(req.Method).SetIP(cut(c.RealIP(), 64)).SetTime(at).
		SetParams(paramsText(req, body)).SetMessage(cut(route.Name, 500)).
		SetStatus(status).SetDuration(took.Milliseconds())
	if errText != "" {
		row.SetError(cut(errText, opLogErrorMax))
	}
	if err := s.opLogs.write(ctx, s.ent, row); err != nil {
		s.log.Warn("operation log not written", "requestId", httpx.RequestID(c), "err", err.Error())
	}
}

// routeIndex maps "METHOD pattern" to the routes of the table (several
// for a module's status path, one per action).
type routeIndex struct {
	mu     sync.Mutex
	routes map[string][]engine.Route
}

// reset drops the index; the next lookup rebuilds it (after a reload).
func (ri *routeIndex) reset() {
	ri.mu.Lock()
	ri.routes = nil
	ri.mu.Unlock()
}

// routeFor finds the route that served method and pattern, rebuilding the
// index once on a miss (routes added since it was built). For a status
// path the body's action picks the route.
func (s *Service) routeFor(method, pattern string, body capturedBody) (engine.Route, bool) {
	key := method + " " + pattern
	ri := &s.routeIdx
	ri.mu.Lock()
	defer ri.mu.Unlock()
	rs, ok := ri.routes[key]
	if !ok {
		ri.routes = map[string][]engine.Route{}
		for _, r := range s.app.Routes() {
			k := r.Method + " " + r.Path
			ri.routes[k] = append(ri.routes[k], r)
		}
		if rs, ok = ri.routes[key]; !ok {
			return engine.Route{}, false
		}
	}
	if len(rs) > 1 {
		if m, ok := body.value.(map[string]any); ok {
			if action, ok := m["action"].(string); ok {
				for _, r := range rs {
					if strings.HasSuffix(r.Code, "."+action) {
						return r, true
					}
				}
			}
		}
		names := make([]string, len(rs))
		for i, r := range rs {
			names[i] = r.Name
		}
		sort.Strings(names)
		return engine.Route{Method: method, Path: pattern, Name: strings.Join(names, "/")}, true
	}
	return rs[0], true
}
