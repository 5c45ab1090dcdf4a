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
	// StatsBadMeasure names an unknown stats measure.
	StatsBadMeasure = "不支持的统计方式：%s"
	// StatsBadOf names a measured field that is missing, unknown or not a number.
	StatsBadOf = "不支持的统计指标字段：%s"
	// StatsBadLevel names an organisation level that cannot be grouped by.
	StatsBadLevel = "不支持的组织层级：%s"
	// StatsBadBands names age bands that are not ascending ages.
	StatsBadBands = "不支持的年龄分段：%s"
	// StatsBadTop answers a top outside 1..100.
	StatsBadTop = "统计数量上限为1到100"
	// StatsOrgOutOfScope answers statistics asked under an organisation
	// outside the viewer's data scope.
	StatsOrgOutOfScope = "无权查看该组织的数据"
	// StatsAgeBand labels an age band ("18-35" → "18-35岁").
	StatsAgeBand = "%s岁"
	// StatsAgeOver labels the last age band ("80+" → "80岁以上").
	StatsAgeOver = "%d岁以上"
	// StatsNone labels the group of records with no value.
	StatsNone = "未填写"
	// BoolTrue and BoolFalse label the groups of a yes/no field.
	BoolTrue  = "是"
	BoolFalse = "否"
)
