package system

// Permission codes of the system screens. The bootstrap puts each on its
// system menu (list codes on the screen's menu, the others on its buttons,
// visit codes on page entries); the system API declares them on its routes.
const (
	CodeUserList = "cscp.user.list"
	CodeUserView = "cscp.user.view"
	CodeUserAdd  = "cscp.user.add"
	CodeUserEdit = "cscp.user.edit"
	CodeUserDel  = "cscp.user.del"

	CodeRoleList = "cscp.role.list"
	CodeRoleAdd  = "cscp.role.add"
	CodeRoleEdit = "cscp.role.edit"
	CodeRoleDel  = "cscp.role.del"

	CodeOrgList = "cscp.org.list"
	CodeOrgAdd  = "cscp.org.add"
	CodeOrgEdit = "cscp.org.edit"
	CodeOrgDel  = "cscp.org.del"

	CodeWorkGroupList = "cscp.workGroup.list"
	CodeWorkGroupAdd  = "cscp.workGroup.add"
	CodeWorkGroupEdit = "cscp.workGroup.edit"
	CodeWorkGroupDel  = "cscp.workGroup.del"

	CodeMenuList = "cscp.menu.list"
	CodeMenuAdd  = "cscp.menu.add"
	CodeMenuEdit = "cscp.menu.edit"
	CodeMenuDel  = "cscp.menu.del"

	CodeDictList = "cscp.dict.list"
	CodeDictAdd  = "cscp.dict.add"
	CodeDictEdit = "cscp.dict.edit"
	CodeDictDel  = "cscp.dict.del"

	CodeLoginLogList     = "cscp.log.login"
	CodeOperationLogList = "cscp.log.operation"

	// Visit codes: they travel in the token's auth claim and open the
	// statistics screens and the form designer in the console.
	CodeDataStatistics       = "dataStatistics"
	CodeDataStatisticsForSix = "dataStatisticsForSix"
	CodeFormDesign           = "formDesign"
	// CodeMessageAnnounce lets a user send announcements and direct
	// messages (modules/message).
	CodeMessageAnnounce = "message.announce"
)
