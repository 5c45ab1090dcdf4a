package msg

// Messages for module records (engine/store).
const (
	// NotFound answers a record that does not exist, was deleted, or lies
	// outside the viewer's data scope.
	NotFound = "数据不存在或已被删除"
	// Stale answers an update whose version no longer matches.
	Stale = "数据已被他人修改，请刷新后重试"
	// UniqueTaken is "<label> already exists" for a unique field.
	UniqueTaken = "%s已存在"
	// TransitionNotAllowed names the status action the current status forbids.
	TransitionNotAllowed = "当前状态不允许执行“%s”操作"
	// CommentRequired asks for the comment a status action requires.
	CommentRequired = "请填写“%s”的意见"
	// OutOfScope answers a write to an organisation outside the viewer's scope.
	OutOfScope = "无权操作该组织的数据"
	// UnknownField names a record key the module does not declare.
	UnknownField = "不支持的字段：%s"
	// BadFieldValue names a field whose value has the wrong type or format.
	BadFieldValue = "%s的值格式不正确"
	// StatsBadField names a stats "by" field that cannot be grouped.
	StatsBadField = "不支持的统计字段：%s"
	// StatsBadBucket names an unknown date bucket.
	StatsBadBucket = "不支持的统计周期：%s"
	// StatsNone labels the group of records with no value.
	StatsNone = "未填写"
	// BoolTrue and BoolFalse label the groups of a yes/no field.
	BoolTrue  = "是"
	BoolFalse = "否"
)
