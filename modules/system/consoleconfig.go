package system

import (
	"net/http"

	"github.com/labstack/echo/v4"

	"xiangzhi/engine"
	"xiangzhi/engine/auth"
	"xiangzhi/engine/httpx"
)

// consoleConfigRoutes serve the server settings the console's widgets need.
func (s *Service) consoleConfigRoutes() []engine.Route {
	return []engine.Route{
		{Method: http.MethodGet, Path: "/api/system/consoleConfig", Code: auth.SignedIn, Name: routeConsoleConfig, Handler: s.consoleConfig},
	}
}

// consoleConfig is what the console reads of the server's configuration:
// the map pickers' tile and place search URL templates (empty when not
// configured: a plain grid, no place search).
type consoleConfig struct {
	MapTileURL     string `json:"mapTileUrl"`
	MapGeocoderURL string `json:"mapGeocoderUrl"`
}

// consoleConfig is GET /api/system/consoleConfig.
func (s *Service) consoleConfig(c echo.Context) error {
	cfg := s.app.Config()
	return httpx.OK(c, consoleConfig{MapTileURL: cfg.MapTileURL, MapGeocoderURL: cfg.MapGeocoderURL})
}
