package engine

import (
	"net"
	"net/http/httptest"
	"testing"

	"github.com/labstack/echo/v4"
)

func TestIPExtractorTrustsOnlyConfiguredProxies(t *testing.T) {
	_, proxyNet, err := net.ParseCIDR("10.0.0.0/8")
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name    string
		proxies []*net.IPNet
		peer    string
		xff     string
		want    string
	}{
		{"no proxies: header ignored", nil, "203.0.113.5:1234", "1.2.3.4", "203.0.113.5"},
		{"loopback peer is no proxy by default", nil, "127.0.0.1:1234", "1.2.3.4", "127.0.0.1"},
		{"trusted proxy: client from header", []*net.IPNet{proxyNet}, "10.1.2.3:1234", "198.51.100.7", "198.51.100.7"},
		{"untrusted peer with header: peer", []*net.IPNet{proxyNet}, "192.0.2.9:1234", "198.51.100.7", "192.0.2.9"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			req := httptest.NewRequest("GET", "/", nil)
			req.RemoteAddr = tt.peer
			req.Header.Set(echo.HeaderXForwardedFor, tt.xff)
			if got := ipExtractor(tt.proxies)(req); got != tt.want {
				t.Errorf("client IP = %q, want %q", got, tt.want)
			}
		})
	}
}
