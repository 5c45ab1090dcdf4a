package msg

// Texts of the translation catalogues (schemas/i18n/<locale>.yaml,
// docs/schema.md "Translations").
const (
	I18nUnknownLocale = "不认识的语言 %s，翻译文件应命名为 en.yaml、ja.yaml、ko.yaml 或 zh_TW.yaml"
	I18nBadShape      = "翻译文件只能有 texts 和 places 两个键，各是“原文: 译文”的映射"
	I18nUnknownKey    = "不认识的键 %s，只能是 texts 或 places"
	I18nUnknownText   = "原文“%s”不是任何模块、字典或菜单里的文字"
	I18nUnknownPlace  = "位置 %s 不存在（写法见 docs/schema.md“翻译”）"
	I18nEmpty         = "“%s”的译文是空的"
	I18nNotString     = "“%s”的译文必须是文字"
)

// Texts of a module's own translations (the i18n: block of a module file).
const (
	I18nUnknownModuleLocale = "不认识的语言 %s，只能是 en、ja、ko 或 zh_TW"
	I18nNotModuleText       = "原文“%s”不是本模块的文字"
)

// I18nNoLocale refuses GET /api/i18n/{locale} for a locale the console does
// not have.
const I18nNoLocale = "没有语言 %s 的翻译，可选 en、ja、ko、zh_TW"
