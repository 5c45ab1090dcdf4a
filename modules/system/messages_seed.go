package system

// Names of what the first start creates (bootstrap.go) and the titles of the
// menus it and the module-menu sync create (seedmenus.go, modulemenus.go).

// Names of what the first start creates.
const (
	// DefaultTenantName is the name of the tenant created at first start.
	DefaultTenantName = "默认租户"
	// DefaultOrgName is the first-level organisation created at first start.
	DefaultOrgName = "本级机构"
	// SuperAdminRole is the name of the role that holds every code.
	SuperAdminRole = "超级管理员"
	// AdminFamilyName and AdminName are the built-in administrator's names.
	AdminFamilyName = "系统"
	AdminName       = "管理员"
)

// Titles of the system menus the first start creates (web console).
const (
	MenuWorkbench       = "工作台"
	MenuSystem          = "系统管理"
	MenuUsers           = "用户管理"
	MenuRoles           = "角色管理"
	MenuOrgs            = "机构管理"
	MenuWorkGroups      = "工作组管理"
	MenuMenus           = "菜单配置"
	MenuDicts           = "字典管理"
	MenuLoginLog        = "登录日志"
	MenuOperationLog    = "操作日志"
	MenuProfile         = "个人信息"
	MenuDataStatistics  = "数据统计"
	MenuDataStatsForSix = "数据统计（六屏）"
	MenuFormDesign      = "表单设计"
	MenuAnnounce        = "发布公告"
	MenuApproval        = "审批中心"
	MenuTodo            = "待办"
	MenuDone            = "已办"
	MenuCopied          = "抄送我的"
	MenuMine            = "我的申请"
	MenuSimulate        = "审批路径模拟"
	MenuAppHome         = "首页"
	MenuAppWork         = "办事"
	MenuAppMine         = "我的"
	ButtonList          = "查询"
	ButtonView          = "查看"
	ButtonAdd           = "新增"
	ButtonEdit          = "编辑"
	ButtonDelete        = "删除"
	ButtonExport        = "导出"
	ButtonImport        = "导入"
)
