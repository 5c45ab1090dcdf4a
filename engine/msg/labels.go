package msg

// LabelTranslations translate the labels the server itself makes for the
// buckets of a statistic (GET {api}/stats, the dashboards' data): the age
// bands, 未填写 and 是/否. The keys are the texts (or format templates) of
// store.go; a label not listed here — an option, status or dictionary label
// the module files name, which the console translates from the catalogues —
// stays as the server made it. zh_TW converts the listed ones from the
// simplified text. They are kept apart from Translations so that the
// general age template never rewords an error message that ends in 岁.
var LabelTranslations = map[string]map[string]string{
	"en": {
		StatsAgeBand: "%s yrs",
		StatsAgeOver: "%d yrs and over",
		StatsNone:    "Not filled in",
		BoolTrue:     "Yes",
		BoolFalse:    "No",
	},
	"ja": {
		StatsAgeBand: "%s歳",
		StatsAgeOver: "%d歳以上",
		StatsNone:    "未入力",
		BoolTrue:     "はい",
		BoolFalse:    "いいえ",
	},
	"ko": {
		StatsAgeBand: "%s세",
		StatsAgeOver: "%d세 이상",
		StatsNone:    "미입력",
		BoolTrue:     "예",
		BoolFalse:    "아니요",
	},
}
