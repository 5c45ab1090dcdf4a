package msg

// Messages of the business modules' Go hooks (modules/village, points,
// security, content, epidemic).
const (
	// HookModuleMissing names a module a hook needs that is not loaded.
	HookModuleMissing = "该功能所需的模块“%s”未加载"
	// HookIDsRequired answers a batch call without ids.
	HookIDsRequired = "请选择要处理的记录"
	// HookTooManyIDs answers a batch call over the limit.
	HookTooManyIDs = "一次最多处理%d条记录"

	// GridRequired asks for the grid of a grid assignment.
	GridRequired = "请选择网格"
	// GridMembersRequired asks for the grid members to assign.
	GridMembersRequired = "请选择网格员"
	// GridVillagersRequired asks for the villagers to assign.
	GridVillagersRequired = "请选择村民"
	// GridLeaderNotMember refuses a grid leader who is not one of its members.
	GridLeaderNotMember = "网格长必须是该网格的网格员"
	// GridOutsideVillage refuses to put a villager in a grid that does not
	// cover the villager's organisation.
	GridOutsideVillage = "该网格不在村民所属辖区内"

	// TagVillagersRequired asks for the villagers to tag.
	TagVillagersRequired = "请选择要设置标签的村民"
	// TagsRequired asks for the tags to set.
	TagsRequired = "请选择人员标签"
	// TagModeInvalid names the allowed ways of setting tags.
	TagModeInvalid = "标签设置方式只能为 replace（替换）、add（添加）或 remove（移除）"

	// PointsOwnerRequired asks whose points change.
	PointsOwnerRequired = "请选择积分所属的村民或户"
	// PointsRequired asks for the points of an entry without a rule.
	PointsRequired = "请填写变动积分（不能为0）"
	// PointsRuleDisabled refuses an entry under a rule that is switched off.
	PointsRuleDisabled = "该积分规则已停用，不能用于积分评定"
	// PointsHouseholdMismatch refuses a villager and a household that do
	// not belong together.
	PointsHouseholdMismatch = "村民不属于所选的户"

	// ShelfStatusInvalid names the allowed shelf changes.
	ShelfStatusInvalid = "上架状态只能为 1（上架）或 2（下架）"
	// ArticleNotShelved refuses to pin an article that is not on the shelf.
	ArticleNotShelved = "只有已上架的文章可以置顶"
)
