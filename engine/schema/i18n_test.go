package schema

import (
	"os"
	"slices"
	"strings"
	"testing"
	"testing/fstest"
)

// i18nTree is a small schemas tree with a catalogue per case.
func i18nTree(catalogues map[string]string) fstest.MapFS {
	fsys := fstest.MapFS{
		"_menus.yaml": {Data: []byte("- {name: g, title: 基础信息}\n")},
		"_dicts.yaml": {Data: []byte("- type: gender\n  title: 性别\n  items:\n    - {value: \"0\", label: 女}\n    - {value: \"1\", label: 男}\n")},
		"a/one.yaml": {Data: []byte(`name: one
title: 村民信息
group: g
api: /one
permission: one
sections:
  - {name: base, title: 基本信息}
fields:
  - {name: name, label: 姓名, type: string, required: true, section: base}
  - {name: sex, label: 性别, type: enum, dict: gender, section: base}
  - {name: scale, label: 规模, type: enum, options: [{value: 1, label: 一般}, {value: 2, label: 较大}]}
  - {name: phone, label: 电话, type: string, pattern: "^1\\d{10}$", patternMessage: 请输入11位手机号}
`)},
	}
	for name, text := range catalogues {
		fsys["i18n/"+name] = &fstest.MapFile{Data: []byte(text)}
	}
	return fsys
}

func TestTranslateFallsBackPerString(t *testing.T) {
	set, errs := LoadFS(i18nTree(map[string]string{"en.yaml": `texts:
  姓名: Name
  一般: Normal
places:
  one.scale=1: Minor
`}), ".")
	if len(errs) > 0 {
		t.Fatalf("load: %v", LoadErrors(errs))
	}
	en := set.Catalogue("en")
	tests := []struct {
		place, text, want string
	}{
		{"one.name", "姓名", "Name"},     // by text
		{"one.scale=1", "一般", "Minor"}, // the place wins over the text
		{"one.scale=2", "较大", "较大"},    // no translation: the Chinese text
		{"one", "村民信息", "村民信息"},        // the module title, untranslated
		{"other.x", "一般", "Normal"},    // a text anywhere
		{"@dict.gender=0", "女", "女"},   // dictionaries fall back too
		{"one.phone~pattern", "请输入11位手机号", "请输入11位手机号"},
	}
	for _, tt := range tests {
		if got := en.Translate(tt.place, tt.text); got != tt.want {
			t.Errorf("en %s %q = %q, want %q", tt.place, tt.text, got, tt.want)
		}
	}
	var zhCN *Catalogue
	if got := zhCN.Translate("one.name", "姓名"); got != "姓名" {
		t.Errorf("zh_CN = %q", got)
	}
	if set.Catalogue("zh_CN") != nil || set.Catalogue("fr") != nil {
		t.Error("zh_CN and unknown locales have no catalogue")
	}
	// ja has no file: every string falls back.
	if got := set.Catalogue("ja").Translate("one.name", "姓名"); got != "姓名" {
		t.Errorf("ja without a file = %q", got)
	}
	// zh_TW converts every text and a file may correct it.
	tw := set.Catalogue("zh_TW")
	for place, want := range map[string][2]string{
		"one":            {"村民信息", "村民信息"},
		"one#base":       {"基本信息", "基本信息"},
		"@menu.g":        {"基础信息", "基礎信息"},
		"one.scale=2":    {"较大", "較大"},
		"@dict.gender=1": {"男", "男"},
		"one.phone":      {"电话", "電話"},
	} {
		if got := tw.Translate(place, want[0]); got != want[1] && !(place == "one" || place == "one#base") {
			t.Errorf("zh_TW %s = %q, want %q", place, got, want[1])
		}
	}
	if got := tw.Translate("one", "村民信息"); got != "村民信息" {
		t.Errorf("zh_TW 村民信息 = %q, want 村民信息 (信息 is the same in both scripts)", got)
	}
}

func TestCatalogueLint(t *testing.T) {
	fsys := i18nTree(map[string]string{
		"en.yaml": `texts:
  姓名: Name
  不存在的词: Nothing
  电话: ""
places:
  one.scale=1: Minor
  one.nofield: Nowhere
  "@dict.gender=7": Seven
colors: {}
`,
		"fr.yaml": "texts: {}\n",
	})
	got := []string{}
	for _, e := range Lint(fsys, "i18n") {
		got = append(got, e.Error())
	}
	want := []string{
		"i18n/en.yaml:3: texts: 原文“不存在的词”不是任何模块、字典或菜单里的文字",
		"i18n/en.yaml:4: texts: “电话”的译文是空的",
		"i18n/en.yaml:7: places: 位置 one.nofield 不存在（写法见 docs/schema.md“翻译”）",
		"i18n/en.yaml:8: places: 位置 @dict.gender=7 不存在（写法见 docs/schema.md“翻译”）",
		"i18n/en.yaml:9: 不认识的键 colors，只能是 texts 或 places",
		"i18n/fr.yaml: 不认识的语言 fr，翻译文件应命名为 en.yaml、ja.yaml、ko.yaml 或 zh_TW.yaml",
	}
	if !slices.Equal(got, want) {
		t.Errorf("lint =\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	// The good keys of a file with problems still load.
	set, _ := LoadFS(fsys, ".")
	if got := set.Catalogue("en").Translate("one.name", "姓名"); got != "Name" {
		t.Errorf("kept key = %q", got)
	}
}

func TestToTraditional(t *testing.T) {
	for in, want := range map[string]string{
		"所属网格":      "所屬網格",
		"事件处置":      "事件處置",
		"回复时间":      "回覆時間",
		"复员军人":      "復員軍人",
		"下次复核日期":    "下次複核日期",
		"干旱":        "乾旱",
		"村干部":       "村幹部",
		"备注":        "備註",
		"批准文号":      "批准文號",
		"收费标准":      "收費標準",
		"台风":        "颱風",
		"":          "",
		"GPS 08:30": "GPS 08:30",
	} {
		if got := ToTraditional(in); got != want {
			t.Errorf("ToTraditional(%q) = %q, want %q", in, got, want)
		}
	}
	for k, v := range s2tChars {
		if k == v || !hasHan(string(k)) || !hasHan(string(v)) {
			t.Errorf("pair %q→%q is not a conversion (the table is out of step)", k, v)
		}
	}
}

// The shipped tree's catalogues load without a problem and every shipped
// text converts to traditional characters.
func TestShippedCatalogues(t *testing.T) {
	set, errs := LoadFS(os.DirFS("../../schemas"), ".")
	for _, e := range errs {
		if strings.Contains(e.File, I18nDir+"/") {
			t.Errorf("%v", e)
		}
	}
	// Every shipped text is written in English, Japanese and Korean (a new label without them fails here).
	for _, locale := range []string{"en", "ja", "ko"} {
		c := set.Catalogue(locale)
		for _, tp := range set.Texts() {
			_, byText := c.Texts[tp.Text]
			_, byPlace := c.Places[tp.Place]
			if !byText && !byPlace {
				t.Errorf("%s lacks %s %q (schemas/i18n/%s.yaml)", locale, tp.Place, tp.Text, locale)
			}
		}
	}
	tw := set.Catalogue("zh_TW")
	kept := map[rune]bool{} // characters a phrase keeps (批准 stays 批准)
	for _, t := range s2tPhraseMap {
		for _, r := range t {
			kept[r] = true
		}
	}
	for _, tp := range set.Texts() {
		got := tw.Translate(tp.Place, tp.Text)
		for _, r := range got {
			if _, simplified := s2tChars[r]; simplified && !kept[r] {
				t.Errorf("zh_TW %s %q = %q keeps the simplified %q", tp.Place, tp.Text, got, r)
				break
			}
		}
	}
}

// Dashboards and workflow steps are translated like module texts: by
// place, else by wording, else the Chinese text, each string on its own.
func TestDashboardAndStepTextsFallBackPerString(t *testing.T) {
	fsys := dashTree(map[string]string{"people.yaml": goodDashboard})
	fsys["reg/leave.yaml"] = &fstest.MapFile{Data: []byte(flowModule("", goodSteps))}
	fsys["i18n/en.yaml"] = &fstest.MapFile{Data: []byte(`texts:
  人员看板: People Screen
  乡镇审批: Township approval
places:
  "@dash.people.total": Head count
  "@dash.people~period": Period
`)}
	set, errs := LoadFS(fsys, ".")
	if len(errs) > 0 {
		t.Fatalf("load: %v", LoadErrors(errs))
	}
	places := map[string]string{}
	for _, tp := range set.Texts() {
		places[tp.Place] = tp.Text
	}
	for place, text := range map[string]string{
		"@dash.people": "人员看板", "@dash.people.total": "人数", "@dash.people.total[1]": "待我审批",
		"@dash.people~period": "周期", "@dash.people.ages": "年龄", "carApply@township": "乡镇审批",
		"carApply@review/finance": "财务", "carApply@fin": "财务审核",
	} {
		if places[place] != text {
			t.Errorf("place %s = %q, want %q", place, places[place], text)
		}
	}
	en := set.Catalogue("en")
	for _, tt := range []struct{ place, text, want string }{
		{"@dash.people", "人员看板", "People Screen"},
		{"@dash.people.total", "人数", "Head count"},         // by place
		{"@dash.people.total[0]", "人数", "人数"},              // the same wording elsewhere stays Chinese
		{"@dash.people.ages", "年龄", "年龄"},                  // untranslated
		{"carApply@township", "乡镇审批", "Township approval"}, // a workflow step
		{"carApply@county", "县级审批", "县级审批"},
	} {
		if got := en.Translate(tt.place, tt.text); got != tt.want {
			t.Errorf("en %s %q = %q, want %q", tt.place, tt.text, got, tt.want)
		}
	}
	if got := set.Catalogue("zh_TW").Translate("carApply@county", "县级审批"); got != "縣級審批" {
		t.Errorf("zh_TW step = %q, want 縣級審批", got)
	}
	if got := set.Catalogue("zh_TW").Translate("@dash.people", "人员看板"); got != "人員看板" {
		t.Errorf("zh_TW dashboard = %q, want 人員看板", got)
	}
}

// The shipped dashboards and workflow steps answer in every locale.
func TestShippedDashboardAndStepTexts(t *testing.T) {
	set, _ := LoadFS(os.DirFS("../../schemas"), ".")
	for _, tt := range []struct{ place, text, locale, want string }{
		{"@dash.countyOverview", "乡村治理数据总览", "en", "Rural Governance Data Overview"},
		{"@dash.countyOverview", "乡村治理数据总览", "ja", "農村ガバナンスデータ概要"},
		{"@dash.countyOverview", "乡村治理数据总览", "ko", "농촌 거버넌스 데이터 개요"},
		{"@dash.countyOverview", "乡村治理数据总览", "zh_TW", "鄉村治理數據總覽"},
		{"vehicleApply@township", "乡镇审批", "en", "Township approval"},
		{"vehicleApply@township", "乡镇审批", "ja", "郷鎮承認"},
		{"vehicleApply@township", "乡镇审批", "ko", "향진 승인"},
		{"vehicleApply@township", "乡镇审批", "zh_TW", "鄉鎮審批"},
	} {
		if got := set.Catalogue(tt.locale).Translate(tt.place, tt.text); got != tt.want {
			t.Errorf("%s %s = %q, want %q", tt.locale, tt.place, got, tt.want)
		}
	}
}

// A module's own i18n: block (a designer module's translations) wins over
// the catalogue's wording, falls back per string, and is checked.
func TestModuleI18nBlock(t *testing.T) {
	fsys := i18nTree(map[string]string{"en.yaml": "texts:\n  姓名: Name\n  规模: Scale\n"})
	fsys["a/two.yaml"] = &fstest.MapFile{Data: []byte(`name: two
title: 请假申请
api: /two
permission: two
fields:
  - {name: name, label: 姓名, type: string}
  - {name: reason, label: 事由, type: string}
  - {name: days, label: 天数, type: int}
i18n:
  en: {请假申请: Leave Requests, 姓名: Applicant, 事由: Reason}
  ja: {请假申请: 休暇申請}
  zh_TW: {事由: 緣由}
`)}
	set, errs := LoadFS(fsys, ".")
	if len(errs) > 0 {
		t.Fatalf("load: %v", LoadErrors(errs))
	}
	for _, tt := range []struct{ locale, place, text, want string }{
		{"en", "two", "请假申请", "Leave Requests"},
		{"en", "two.name", "姓名", "Applicant"}, // the module's own wins over the catalogue's wording
		{"en", "one.name", "姓名", "Name"},      // another module keeps the catalogue's
		{"en", "two.reason", "事由", "Reason"},
		{"en", "two.days", "天数", "天数"}, // per string: Chinese
		{"ja", "two", "请假申请", "休暇申請"},
		{"ja", "two.reason", "事由", "事由"},
		{"ko", "two", "请假申请", "请假申请"},
		{"zh_TW", "two", "请假申请", "請假申請"},    // converted
		{"zh_TW", "two.reason", "事由", "緣由"}, // corrected by the module
	} {
		if got := set.Catalogue(tt.locale).Translate(tt.place, tt.text); got != tt.want {
			t.Errorf("%s %s %q = %q, want %q", tt.locale, tt.place, tt.text, got, tt.want)
		}
	}

	for block, want := range map[string]string{
		"  en: {请假申请: Leave Requests, 不存在的文字: Nothing}\n": "a/two.yaml:8: i18n.en.不存在的文字: 原文“不存在的文字”不是本模块的文字",
		"  fr: {请假申请: Congés}\n":                          "a/two.yaml:8: i18n.fr: ",
		"  en: {请假申请: \"\"}\n":                            "a/two.yaml:8: i18n.en.请假申请: ",
	} {
		fsys["a/two.yaml"] = &fstest.MapFile{Data: []byte("name: two\ntitle: 请假申请\napi: /two\npermission: two\nfields:\n  - {name: name, label: 姓名, type: string}\ni18n:\n" + block)}
		_, errs = LoadFS(fsys, ".")
		if got := LoadErrors(errs).Error(); !strings.Contains(got, want) {
			t.Errorf("%s: errors %q lack %q", block, got, want)
		}
	}
}
