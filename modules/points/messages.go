package points

// Texts of the points hooks: answers of the points calls and the names of
// their routes.
const (
	// PointsOwnerRequired asks whose points change.
	PointsOwnerRequired = "请选择积分所属的村民或户"
	// PointsRequired asks for the points of an entry without a rule.
	PointsRequired = "请填写变动积分（不能为0）"
	// PointsRuleDisabled refuses an entry under a rule that is switched off.
	PointsRuleDisabled = "该积分规则已停用，不能用于积分评定"
	// PointsHouseholdMismatch refuses a villager and a household that do
	// not belong together.
	PointsHouseholdMismatch = "村民不属于所选的户"
)

// Names of the routes, after the module's title.
const (
	routeObtain = "-获得/扣减积分"
	routeRevoke = "-撤销"
	routeTotal  = "-积分合计"
)
