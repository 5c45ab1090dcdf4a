package engine

import (
	"net/http"
	"sync"

	"github.com/labstack/echo/v4"

	"xiangzhi/engine/auth"
	"xiangzhi/engine/msg"
	"xiangzhi/engine/openapi"
	"xiangzhi/engine/schema"
)

// apiDoc caches the encoded API document for one schema set and route
// count: a hot reload or a new route makes the next call build it anew.
type apiDoc struct {
	mu     sync.Mutex
	set    *schema.Set
	routes int
	body   []byte
}

// APIDocument is the OpenAPI document of every route served now, system and
// generated, encoded as generated/openapi.json holds it (openapi.Encode).
func (a *App) APIDocument() ([]byte, error) {
	routes, set := a.Routes(), a.Modules()
	a.doc.mu.Lock()
	defer a.doc.mu.Unlock()
	if a.doc.body != nil && a.doc.set == set && a.doc.routes == len(routes) {
		return a.doc.body, nil
	}
	rs := make([]openapi.Route, len(routes))
	for i, r := range routes {
		rs[i] = openapi.Route{Method: r.Method, Path: r.Path, Code: r.Code, Name: r.Name, Public: r.Public}
	}
	body, err := openapi.Encode(openapi.Document(openapi.Info{Title: msg.APIDocTitle, Version: "1"}, rs, set))
	if err != nil {
		return nil, err
	}
	a.doc.set, a.doc.routes, a.doc.body = set, len(routes), body
	return body, nil
}

// apiDocRoute serves the live document to any signed-in user (compressed
// by the Compress middleware like every JSON answer over 1 KB).
func (a *App) apiDocRoute() Route {
	return Route{Method: http.MethodGet, Path: "/api/openapi.json", Code: auth.SignedIn, Name: msg.APIDocRoute,
		Handler: func(c echo.Context) error {
			body, err := a.APIDocument()
			if err != nil {
				return err
			}
			c.Response().Header().Set(echo.HeaderCacheControl, "no-cache")
			return c.Blob(http.StatusOK, echo.MIMEApplicationJSON, body)
		}}
}
