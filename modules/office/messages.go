package office

// Texts of the office system: the vehicle application's messages (spec §5
// and §8, verbatim), the expense and seal refusals and the names of the
// office calls.
const (
	// VehicleBooked refuses a booking overlapping an approved, pending or
	// draft booking of the same vehicle (spec §8).
	VehicleBooked = "该时间段车辆已被预约，请重新选择时间段"
	// VehicleAdded is the answer of a successful vehicle application.
	VehicleAdded = "添加成功"
	// ApplicantRequired … ParamsMissing: the step-2 form's messages (§5).
	ApplicantRequired   = "请输入申请人"
	ApplicantLength     = "长度在 2 到 20 个字符"
	DestinationRequired = "请输入出行目的地"
	StartRequired       = "请输入出发时间"
	ReasonRequired      = "请输入申请事由"
	VehicleRequired     = "请输入申请车辆"
	ParamsMissing       = "请填写必要参数"
	// EndBeforeStart refuses a return time before the departure.
	EndBeforeStart = "返回时间不能早于出发时间"
	// EndRequired asks for the return time.
	EndRequired = "请输入返回时间"
	// TooLong names a field over its limit: 出行目的地不能超过50个字符.
	TooLong = "%s不能超过%d个字符"
	// VehicleUnavailable refuses a vehicle marked not available.
	VehicleUnavailable = "该车辆当前不可用，请选择其他车辆"
	// ExpenseItemsRequired asks for at least one expense item.
	ExpenseItemsRequired = "请至少填写一条报销明细"
	// ExpenseAmountInvalid refuses an item amount that is not positive.
	ExpenseAmountInvalid = "报销明细的金额必须大于0"
	// SealUnavailable refuses an application for a seal not in use.
	SealUnavailable = "该印章未在用，不能申请用印"
	// SealNotApproved refuses a use record of an application not approved.
	SealNotApproved = "该用印申请尚未审批通过，不能登记用印"
	// TaskRequired asks which task a decision is about.
	TaskRequired = "请选择要处理的待办"
	// ModuleNotOffice refuses a module outside the office system.
	ModuleNotOffice = "不是办公系统的模块"
)

// Names of the office calls (operation log, API document).
const (
	routeVehicleList   = "办公系统-车辆信息列表"
	routeVehicleApply  = "办公系统-用车申请（发起审批）"
	routeBacklog       = "办公系统-待办"
	routeConfirm       = "办公系统-审批处理"
	routeAuditLog      = "办公系统-审批记录"
	routeTodoCount     = "办公系统-待办数量"
	routeCostAnalysis  = "办公系统-费用分析"
	routeApprovals     = "办公系统-我的审批"
	routePermissions   = "办公系统-资源权限"
	routeSealTodo      = "用印-待办任务"
	routeSealAuditLog  = "用印-审批记录"
	routeSealCountsign = "用印-会签"
	routeSealProcEnd   = "用印-办结"
)

// StartTooEarly refuses a departure earlier than one day before now (the
// dialog disables those dates, spec §5).
const StartTooEarly = "出发时间不能早于当前时间的前一天"
