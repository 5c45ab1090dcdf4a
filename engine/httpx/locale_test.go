package httpx

import (
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/labstack/echo/v4"

	"xiangzhi/engine/msg"
	"xiangzhi/engine/schema"
)

func TestRequestLocale(t *testing.T) {
	for header, want := range map[string]string{
		"":                              "",
		"en":                            "en",
		"en-US,en;q=0.9":                "en",
		"zh-CN,zh;q=0.9,en;q=0.8":       "",
		"zh-TW":                         "zh_TW",
		"zh-Hant-HK":                    "zh_TW",
		"ja-JP":                         "ja",
		"ko":                            "ko",
		"fr-FR,ko;q=0.5":                "ko", // the first language the console has
		"fr-FR,de;q=0.5":                "",
		"en;q=0.2,ja;q=0.8":             "ja", // by weight, not by order
		"*":                             "",
		"zh;q=0,en":                     "en",
		"ZH-hant-TW":                    "zh_TW", // any case, as the tags are compared
		"zh_HK , en;q=0.5":              "zh_TW",
		"en_US":                         "en",
		"fr;q=0.9,EN-gb;q=0.9,ja;q=0.9": "en", // equal weights: the first
		"ja;q=NaN,ko;q=0.1":             "ko",
		"de, ,ja;q=0.3":                 "ja",
	} {
		r := httptest.NewRequest(http.MethodGet, "/", nil)
		if header != "" {
			r.Header.Set("Accept-Language", header)
		}
		if got := RequestLocale(r); got != want {
			t.Errorf("Accept-Language %q = %q, want %q", header, got, want)
		}
	}
}

// A message with a translation answers in the asked locale; one without
// stays Chinese (per string); a filled-in template keeps its values.
func TestLocalizeMessageFallsBackPerString(t *testing.T) {
	notFound := fmt.Sprintf(msg.RefNotFound, "户主")
	badParam := fmt.Sprintf(msg.BadParam, "size")
	tests := []struct{ text, locale, want string }{
		{msg.Forbidden, "", msg.Forbidden}, // zh_CN: as written
		{msg.Forbidden, "en", "You do not have permission for this operation"},
		{msg.Forbidden, "ja", "この操作の権限がありません"},
		{msg.Forbidden, "ko", "이 작업에 대한 권한이 없습니다"},
		{msg.Forbidden, "zh_TW", "沒有操作權限"},
		{msg.NotFound, "en", "The record does not exist or has been deleted"},
		{msg.BadRequest, "ko", "요청 매개변수가 올바르지 않습니다"},
		{notFound, "en", "户主 does not exist"},
		{badParam, "ja", "パラメータ size の値の形式が正しくありません"},
		{badParam, "zh_TW", "參數 size 的值格式不正確"},
		{"壶已满", "en", "壶已满"},                                   // not listed: Chinese
		{"壶已满", "zh_TW", "壶已满"},                                // not listed: not converted either
		{msg.AdminPasswordWrong, "en", msg.AdminPasswordWrong}, // the console recognises it by its wording
		{"姓名不能为空", "en", "姓名不能为空"},                             // field messages are worded by the console
	}
	for _, tt := range tests {
		if got := LocalizeMessage(tt.text, tt.locale); got != tt.want {
			t.Errorf("%s %q = %q, want %q", tt.locale, tt.text, got, tt.want)
		}
	}
	// Every translation keeps the format verbs of its Chinese template, in order.
	for locale, texts := range msg.Translations {
		for zh, tr := range texts {
			if a, b := verb.FindAllString(zh, -1), verb.FindAllString(tr, -1); strings.Join(a, "") != strings.Join(b, "") {
				t.Errorf("%s %q → %q: verbs %v, want %v", locale, zh, tr, b, a)
			}
		}
	}
	// ja and ko translate every message en does.
	for zh := range msg.Translations["en"] {
		for _, locale := range []string{"ja", "ko"} {
			if _, ok := msg.Translations[locale][zh]; !ok {
				t.Errorf("%s lacks %q", locale, zh)
			}
		}
	}
}

// The error envelope's msg follows Accept-Language; field errors and
// unlisted messages stay as they are.
func TestErrorEnvelopeFollowsLocale(t *testing.T) {
	e, _, _ := newServer(t)
	e.GET("/forbidden", func(c echo.Context) error { return NewError(http.StatusForbidden, msg.Forbidden) })
	e.GET("/public", func(c echo.Context) error { return teapot{} })
	e.GET("/validation", func(c echo.Context) error {
		return &schema.ValidationError{Errors: []schema.FieldError{{Field: "name", Message: "姓名不能为空"}}}
	})
	tests := []struct{ path, lang, want string }{
		{"/forbidden", "", `{"code":403,"msg":"没有操作权限"}`},
		{"/forbidden", "zh-CN,zh;q=0.9,en;q=0.8", `{"code":403,"msg":"没有操作权限"}`},
		{"/forbidden", "en-US", `{"code":403,"msg":"You do not have permission for this operation"}`},
		{"/forbidden", "ja", `{"code":403,"msg":"この操作の権限がありません"}`},
		{"/forbidden", "ko", `{"code":403,"msg":"이 작업에 대한 권한이 없습니다"}`},
		{"/forbidden", "zh-TW", `{"code":403,"msg":"沒有操作權限"}`},
		{"/nowhere", "en", `{"code":404,"msg":"No such endpoint"}`},
		{"/public", "en", `{"code":409,"msg":"壶已满"}`},
		{"/validation", "zh-CN", `{"code":400,"msg":"提交的数据校验未通过","errors":[{"field":"name","message":"姓名不能为空"}]}`},
	}
	for _, tt := range tests {
		var hdr []string
		if tt.lang != "" {
			hdr = []string{"Accept-Language", tt.lang}
		}
		rec := do(e, http.MethodGet, tt.path, "", hdr...)
		if got := strings.TrimSpace(rec.Body.String()); got != tt.want {
			t.Errorf("%s [%s] = %s, want %s", tt.path, tt.lang, got, tt.want)
		}
	}
}

// The labels the server makes for statistics follow the locale; any other
// label, and an age-like label that is no band, stays as it is.
func TestLocalizeLabel(t *testing.T) {
	tests := []struct{ text, locale, want string }{
		{"18-35岁", "", "18-35岁"},
		{"18-35岁", "en", "18-35 yrs"},
		{"0-17岁", "ja", "0-17歳"},
		{"80岁以上", "en", "80 yrs and over"},
		{"80岁以上", "ko", "80세 이상"},
		{"80岁以上", "zh_TW", "80歲以上"},
		{msg.StatsNone, "en", "Not filled in"},
		{msg.StatsNone, "ja", "未入力"},
		{msg.BoolTrue, "en", "Yes"},
		{msg.BoolFalse, "ko", "아니요"},
		{"六十周岁", "en", "六十周岁"}, // a dictionary label, no band
		{"已婚", "en", "已婚"},     // an option label: the console's catalogue translates it
		{msg.Forbidden, "en", msg.Forbidden},
	}
	for _, tt := range tests {
		if got := LocalizeLabel(tt.text, tt.locale); got != tt.want {
			t.Errorf("%s %q = %q, want %q", tt.locale, tt.text, got, tt.want)
		}
	}
	for zh := range msg.LabelTranslations["en"] {
		for _, locale := range []string{"ja", "ko"} {
			if _, ok := msg.LabelTranslations[locale][zh]; !ok {
				t.Errorf("%s lacks the label %q", locale, zh)
			}
		}
	}
}

// The success message follows Accept-Language in every success answer
// (OK, OKObjects, OKObject), and says the answer varies by it; without
// the header it is 操作成功 as written.
func TestSuccessMessageFollowsLocale(t *testing.T) {
	e, _, _ := newServer(t)
	e.GET("/ok", func(c echo.Context) error { return OK(c, 1) })
	e.GET("/objects", func(c echo.Context) error { return OKObjects(c, []map[string]any{{"a": 1}}, 1) })
	e.GET("/object", func(c echo.Context) error { return OKObject(c, map[string]any{"a": 1}) })
	tests := []struct{ path, lang, want string }{
		{"/ok", "", `{"code":0,"msg":"操作成功","data":1}`},
		{"/ok", "zh-CN", `{"code":0,"msg":"操作成功","data":1}`},
		{"/ok", "en", `{"code":0,"msg":"Operation succeeded","data":1}`},
		{"/ok", "ja", `{"code":0,"msg":"操作が完了しました","data":1}`},
		{"/ok", "ko", `{"code":0,"msg":"작업이 완료되었습니다","data":1}`},
		{"/ok", "zh-TW", `{"code":0,"msg":"操作成功","data":1}`},
		{"/objects", "en", `{"code":0,"msg":"Operation succeeded","data":{"data":[{"a":1}],"recordsTotal":1}}`},
		{"/object", "ja", `{"code":0,"msg":"操作が完了しました","data":{"a":1}}`},
	}
	for _, tt := range tests {
		var hdr []string
		if tt.lang != "" {
			hdr = []string{"Accept-Language", tt.lang}
		}
		rec := do(e, http.MethodGet, tt.path, "", hdr...)
		if got := strings.TrimSpace(rec.Body.String()); got != tt.want {
			t.Errorf("%s [%s] = %s, want %s", tt.path, tt.lang, got, tt.want)
		}
		if vary := rec.Header().Get("Vary"); (tt.lang != "" && tt.lang != "zh-CN") != (vary == "Accept-Language") {
			t.Errorf("%s [%s]: Vary %q", tt.path, tt.lang, vary)
		}
	}
	// The workflow's, the designer's and the dashboards' refusals have translations too.
	for _, tt := range []struct{ text, locale, want string }{
		{msg.FlowNotYourTask, "en", "You are not an approver of this step"},
		{fmt.Sprintf(msg.DesignerNotFound, "vehicleLog"), "en", "The module does not exist: vehicleLog"},
		{fmt.Sprintf(msg.DashBadWidgets, "x"), "ko", "대시보드에 위젯이 없습니다: x"},
		{msg.FlowLockedApproved, "zh_TW", "該申請已審批通過，不能修改或刪除"},
	} {
		if got := LocalizeMessage(tt.text, tt.locale); got != tt.want {
			t.Errorf("%s %q = %q, want %q", tt.locale, tt.text, got, tt.want)
		}
	}
}
