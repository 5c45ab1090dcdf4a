package msg

// Messages for list criteria (engine/query). The ones with %s take the
// parameter name as the client sent it.
const (
	// QueryUnknownParam names a parameter the module does not declare.
	QueryUnknownParam = "不支持的查询参数：%s"
	// QueryOpNotAllowed names a criterion the field's filter does not allow.
	QueryOpNotAllowed = "查询参数 %s 不支持该查询条件"
	// QueryBadValue names a parameter whose value has the wrong format.
	QueryBadValue = "查询参数 %s 的值格式不正确"
	// QueryTooManyValues names an in/notIn parameter with too many values.
	QueryTooManyValues = "查询参数 %s 的取值不能超过50个"
	// QuerySizeTooLarge is the answer to a page size above the limit.
	QuerySizeTooLarge = "每页条数不能超过1000"
	// QueryBadSort names a sort key that is not a sortable field.
	QueryBadSort = "不支持的排序字段：%s"
)
