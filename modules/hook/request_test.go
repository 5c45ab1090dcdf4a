package hook

import (
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/labstack/echo/v4"
)

func TestID(t *testing.T) {
	tests := []struct {
		name string
		in   any
		want int64
		ok   bool
	}{
		{"number", json.Number("12"), 12, true},
		{"string", "7", 7, true},
		{"zero", json.Number("0"), 0, false},
		{"negative", "-3", -3, false},
		{"text", "x1", 0, false},
		{"float", json.Number("1.5"), 0, false},
		{"other type", true, 0, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, ok := ID(tt.in)
			if ok != tt.ok || (ok && got != tt.want) {
				t.Errorf("ID(%v) = %d, %v; want %d, %v", tt.in, got, ok, tt.want, tt.ok)
			}
		})
	}
}

func TestIDs(t *testing.T) {
	got, err := IDs([]any{json.Number("3"), "3", json.Number("5")}, "ids")
	if err != nil {
		t.Fatal(err)
	}
	if d := cmp.Diff([]int64{3, 5}, got); d != "" {
		t.Errorf("IDs (-want +got):\n%s", d)
	}
	for _, bad := range []any{"1,2", []any{"x"}, make([]any, MaxBatch+1)} {
		if _, err := IDs(bad, "ids"); err == nil {
			t.Errorf("IDs(%T len) accepted a bad list", bad)
		}
	}
}

func TestBodyRefusesUndeclaredKeys(t *testing.T) {
	e := echo.New()
	tests := []struct {
		name, body string
		wantErr    bool
	}{
		{"declared keys", `{"id": 1}`, false},
		{"undeclared key", `{"id": 1, "evil": 2}`, true},
		{"not an object", `[1]`, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			req := httptest.NewRequest(http.MethodPost, "/", strings.NewReader(tt.body))
			req.Header.Set(echo.HeaderContentType, echo.MIMEApplicationJSON)
			_, err := Body(e.NewContext(req, httptest.NewRecorder()), "id")
			if (err != nil) != tt.wantErr {
				t.Errorf("Body(%s) error = %v, wantErr %v", tt.body, err, tt.wantErr)
			}
		})
	}
}
