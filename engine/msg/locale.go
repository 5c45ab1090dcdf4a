package msg

// Chinese writing conventions the engine reads: how people separate the
// items of a list and write a date in a spreadsheet cell.
const (
	// ListSeparator is the enumeration comma (顿号) between list items.
	ListSeparator = '、'
	// FullWidthComma is the comma of Chinese text, read like ",".
	FullWidthComma = '，'
	// DateLayout is a date written in Chinese, as a time layout.
	DateLayout = "2006年1月2日"
)
