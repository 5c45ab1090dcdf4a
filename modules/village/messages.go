package village

// Texts of the village hooks: answers of the grid and tagging calls and
// the names of their routes.

// Grid assignment.
const (
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
)

// Villager tags.
const (
	// TagVillagersRequired asks for the villagers to tag.
	TagVillagersRequired = "请选择要设置标签的村民"
	// TagsRequired asks for the tags to set.
	TagsRequired = "请选择人员标签"
	// TagModeInvalid names the allowed ways of setting tags.
	TagModeInvalid = "标签设置方式只能为 replace（替换）、add（添加）或 remove（移除）"
)

// Names of the routes, after the module's title ("网格-设置网格员").
const (
	routeSetVillagerTags    = "-设置标签"
	routeSetGridMember      = "设置网格员"
	routeSetGridVillager    = "设置网格村民"
	routeDeleteGridMember   = "移出网格员"
	routeDeleteGridVillager = "移出网格村民"
	routeAllGridsSuffix     = "（全部）"
)
