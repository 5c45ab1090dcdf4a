package httpx

import "github.com/labstack/echo/v4"

// Keys of the values the middleware keeps in the echo context.
const (
	keyRequestID = "xz.requestId"
	keyRoute     = "xz.route"
	keyGroup     = "xz.routeGroup"
	keyUser      = "xz.user"
)

// RequestID is the id of the request being served ("" before the
// middleware ran).
func RequestID(c echo.Context) string {
	s, _ := c.Get(keyRequestID).(string)
	return s
}

// SetRoute names the route a request was served by, for the access log and
// the metrics, when echo's own route pattern says too little (the module
// dispatcher serves every module under one catch-all route).
func SetRoute(c echo.Context, route string) { c.Set(keyRoute, route) }

// Route is the route pattern that served the request: the one SetRoute
// gave, else echo's, else "unmatched".
func Route(c echo.Context) string {
	if s, ok := c.Get(keyRoute).(string); ok && s != "" {
		return s
	}
	if p := c.Path(); p != "" {
		return p
	}
	return "unmatched"
}

// SetRouteGroup names the group of routes a request belongs to for the
// metrics, where one series per route would be too many: every route of a
// module counts under the module's base path.
func SetRouteGroup(c echo.Context, group string) { c.Set(keyGroup, group) }

// MetricsRoute is the label the metrics count a request under: its route
// group when it has one, else its route.
func MetricsRoute(c echo.Context) string {
	if s, ok := c.Get(keyGroup).(string); ok && s != "" {
		return s
	}
	return Route(c)
}

// SetUser records who is asking, for the access log. The authentication
// layer calls it once it knows.
func SetUser(c echo.Context, user string) { c.Set(keyUser, user) }

// User is who is asking, "" when unknown.
func User(c echo.Context) string {
	s, _ := c.Get(keyUser).(string)
	return s
}
