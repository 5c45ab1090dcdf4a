package httpx

import (
	"net/http"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"sync"

	"xiangzhi/engine/msg"
	"xiangzhi/engine/schema"
)

// The locale of server messages (docs/api.md "Locale of server
// messages"). A request asks for a locale with Accept-Language (the console
// sends the one the user chose on every call); the msg of an error envelope
// is then worded in it when msg.Translations has the message, and stays the
// Chinese text otherwise. No header, zh-CN or a language the console does
// not have: the texts as written.

// RequestLocale is the console locale a request asks for: "en", "ja",
// "ko", "zh_TW", or "" for zh_CN (the default). The preferences of
// Accept-Language are taken in order of their weight; the first language
// the console has decides, so "zh-CN,zh;q=0.9,en;q=0.8" is zh_CN.
func RequestLocale(r *http.Request) string {
	header := r.Header.Get("Accept-Language")
	if header == "" {
		return ""
	}
	// The first of the heaviest languages the console has: what sorting
	// the preferences by weight (stably) and taking the first it has gives,
	// without the sort or copies of the header's parts (every answer asks).
	best, bestQ := "", 0.0
	for rest := header; rest != ""; {
		var part string
		part, rest, _ = strings.Cut(rest, ",")
		tag, params, _ := strings.Cut(strings.TrimSpace(part), ";")
		q := 1.0
		if v, ok := strings.CutPrefix(strings.TrimSpace(params), "q="); ok {
			if f, err := strconv.ParseFloat(v, 64); err == nil {
				q = f
			}
		}
		if tag = strings.TrimSpace(tag); tag == "" || !(q > bestQ) { // a NaN weight is none
			continue
		}
		if l, ok := localeOfTag(tag); ok {
			best, bestQ = l, q
		}
	}
	return best
}

// localeOfTag maps a language tag (of any case) to a console locale (""
// is zh_CN); ok is false for a language the console does not have.
func localeOfTag(tag string) (string, bool) {
	lang, region := tag, ""
	if i := strings.IndexAny(tag, "-_"); i >= 0 {
		lang, region = tag[:i], tag[i+1:]
	}
	switch {
	case strings.EqualFold(lang, "en"):
		return "en", true
	case strings.EqualFold(lang, "ja"):
		return "ja", true
	case strings.EqualFold(lang, "ko"):
		return "ko", true
	case strings.EqualFold(lang, "zh"):
		switch {
		case len(region) >= 4 && strings.EqualFold(region[:4], "hant"),
			strings.EqualFold(region, "tw"), strings.EqualFold(region, "hk"), strings.EqualFold(region, "mo"):
			return "zh_TW", true
		}
		return "", true
	}
	return "", false
}

// template is one translatable message with format verbs, as a pattern
// that recognises its filled-in text.
type msgTemplate struct {
	text string
	re   *regexp.Regexp
}

var templates = sync.OnceValue(func() []msgTemplate { return templatesOf(msg.Translations["en"]) })

// labelTemplates are the templates of the statistics labels.
var labelTemplates = sync.OnceValue(func() []msgTemplate { return templatesOf(msg.LabelTranslations["en"]) })

// templatesOf are the texts of table with format verbs as patterns, the
// one with the most fixed text first ("参数 %s 的值格式不正确" before
// "%s不存在").
func templatesOf(table map[string]string) []msgTemplate {
	var out []msgTemplate
	for text := range table {
		if !strings.Contains(text, "%") {
			continue
		}
		parts := verb.Split(text, -1)
		for i, p := range parts {
			parts[i] = regexp.QuoteMeta(p)
		}
		out = append(out, msgTemplate{text, regexp.MustCompile("^" + strings.Join(parts, "(.+?)") + "$")})
	}
	sort.Slice(out, func(a, b int) bool {
		la, lb := len(verb.ReplaceAllString(out[a].text, "")), len(verb.ReplaceAllString(out[b].text, ""))
		if la != lb {
			return la > lb
		}
		return out[a].text < out[b].text
	})
	return out
}

// verb matches a format verb of a message template.
var verb = regexp.MustCompile(`%[sdv]`)

// LocalizeMessage words a server message in locale: its translation when
// msg.Translations has the message (filled-in templates too, their values
// kept), else the text itself. zh_TW converts the listed messages from the
// simplified text; "" (zh_CN) answers the text as written.
func LocalizeMessage(text, locale string) string {
	return localize(text, locale, msg.Translations, templates(), nil)
}

// LocalizeLabel words a label the server made for a statistic's bucket
// (msg.LabelTranslations: age bands, 未填写, 是/否) in locale, as
// LocalizeMessage does a message; any other label is answered as it is.
// A template's values must be numbers ("18-35岁", "80岁以上"), so that a
// dictionary label such as 六十周岁 is not taken for an age band.
func LocalizeLabel(text, locale string) string {
	return localize(text, locale, msg.LabelTranslations, labelTemplates(), bandValue)
}

// bandValue is the value of an age band label: "18-35" or "80".
var bandValue = regexp.MustCompile(`^[0-9]+(-[0-9]+)?$`)

// localize words text in locale from table; a filled-in template counts
// only when each value matches arg (any value when arg is nil).
func localize(text, locale string, table map[string]map[string]string, tmpls []msgTemplate, arg *regexp.Regexp) string {
	if locale == "" || text == "" {
		return text
	}
	key, args := text, []string(nil)
	if _, ok := table["en"][text]; !ok {
		key = ""
		for _, t := range tmpls {
			if m := t.re.FindStringSubmatch(text); m != nil && allMatch(arg, m[1:]) {
				key, args = t.text, m[1:]
				break
			}
		}
		if key == "" {
			return text
		}
	}
	if locale == "zh_TW" {
		return schema.ToTraditional(text)
	}
	tr, ok := table[locale][key]
	if !ok {
		return text
	}
	i := 0
	return verb.ReplaceAllStringFunc(tr, func(v string) string {
		if i >= len(args) {
			return v
		}
		i++
		return args[i-1]
	})
}

// allMatch tells whether every value matches re (a nil re: yes).
func allMatch(re *regexp.Regexp, values []string) bool {
	if re == nil {
		return true
	}
	for _, v := range values {
		if !re.MatchString(v) {
			return false
		}
	}
	return true
}
