package party_test

import (
	"bytes"
	"encoding/json"
	"io"
	"net/http/httptest"
	"testing"

	"xiangzhi/tools/demo/demotest"
)

// callIn sends a request as env.Call does, asking for locale with
// Accept-Language.
func callIn(t *testing.T, env *demotest.Env, token, locale, method, path string, body any) (int, map[string]any) {
	t.Helper()
	var r io.Reader
	if body != nil {
		b, err := json.Marshal(body)
		if err != nil {
			t.Fatal(err)
		}
		r = bytes.NewReader(b)
	}
	req := httptest.NewRequest(method, path, r)
	if r != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	req.Header.Set("Authorization", "Bearer "+token)
	req.Header.Set("Accept-Language", locale)
	req.RemoteAddr = "192.0.2.10:40000"
	rec := httptest.NewRecorder()
	env.App.Handler().ServeHTTP(rec, req)
	res := map[string]any{}
	if err := json.Unmarshal(rec.Body.Bytes(), &res); err != nil {
		t.Fatalf("%s %s: %v", method, path, err)
	}
	return rec.Code, res
}
