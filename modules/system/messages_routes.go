package system

// Names of the system routes, for people: the operation log records the
// name of the route a call reached, and the API document shows it.

// The console configuration (consoleconfig.go).
const (
	routeConsoleConfig = "控制台配置"
)

// Dictionaries and their items (dicts.go).
const (
	routeListDicts       = "字典列表"
	routeGetDict         = "字典详情"
	routeCreateDict      = "新增字典"
	routeUpdateDict      = "修改字典"
	routeDeleteDict      = "删除字典"
	routeListDictItems   = "字典项列表"
	routeGetDictItem     = "字典项详情"
	routeCreateDictItem  = "新增字典项"
	routeUpdateDictItem  = "修改字典项"
	routeDeleteDictItem  = "删除字典项"
	routeSelectDictItems = "按类型获取字典项"
)

// Login, logout and passwords (login.go).
const (
	routePublicKey      = "获取登录公钥"
	routeLogin          = "登录"
	routeLoginTOTP      = "登录动态验证码"
	routeLogout         = "退出登录"
	routeChangePassword = "修改密码"
	routePasswordRule   = "获取密码规则"
)

// Two-factor sign-in and an administrator's lock (totp.go, userlock.go).
const (
	routeTOTPStatus  = "查询动态验证码状态"
	routeTOTPStart   = "生成动态验证码密钥"
	routeTOTPConfirm = "启用动态验证码"
	routeTOTPDisable = "停用动态验证码"
	routeLockUser    = "锁定账号"
	routeUnlockUser  = "解锁账号"
	routeResetTOTP   = "重置用户动态验证码"
)

// The login and operation logs (logs.go).
const (
	routeLoginLogs     = "查询登录日志"
	routeOperationLogs = "查询操作日志"
)

// The menu trees (menus.go).
const (
	routeMyMenus         = "当前用户的菜单"
	routeMenuChildrenWeb = "Web菜单子节点"
	routeAddMenuWeb      = "新增Web菜单"
	routeUpdateMenusWeb  = "修改或排序Web菜单"
	routeDeleteMenuWeb   = "删除Web菜单"
	routeMenuChildrenApp = "小程序和APP菜单子节点"
	routeAddMenuApp      = "新增小程序和APP菜单"
	routeUpdateMenusApp  = "修改或排序小程序和APP菜单"
	routeDeleteMenuApp   = "删除小程序和APP菜单"
)

// The module directory (modulelist.go).
const (
	routeModuleList   = "模块目录"
	routeModuleSchema = "按名称获取模块结构"
)

// Organisations (orgs.go).
const (
	routeOrgChildren  = "查询机构树"
	routeOrgByID      = "获取机构详情"
	routeSaveOrgs     = "保存机构"
	routeMoveOrgs     = "拖拽机构"
	routeDeleteOrgs   = "删除机构"
	routeOrgTreeList  = "获取机构树"
	routeOrgOfUser    = "获取用户机构"
	routeOrgTreeUnder = "获取机构树"
	routeOrgList      = "查询机构列表"
)

// Role menus (rolemenus.go).
const (
	routeQueryRoleMenusWeb = "角色的Web菜单"
	routeQueryRoleMenusApp = "角色的小程序和APP菜单"
	routeSaveRoleMenusWeb  = "保存角色的Web菜单"
	routeSaveRoleMenusApp  = "保存角色的小程序和APP菜单"
)

// Roles (roles.go).
const (
	routeListRoles     = "角色列表"
	routeRoleUserCount = "角色的账号数"
	routeGetRole       = "角色详情"
	routeCreateRole    = "新增角色"
	routeUpdateRole    = "修改角色"
	routeDeleteRole    = "删除角色"
)

// User pickers (useropts.go).
const (
	routeUserByName      = "按用户名获取用户"
	routeUsersByRoles    = "按角色获取用户"
	routeUserOptionsLike = "模糊查询用户"
	routeTenantUsers     = "获取租户用户"
	routeTenantRoles     = "获取租户角色"
	routeGetUsers        = "获取用户列表"
	routeReportingUsers  = "获取上报人员"
)

// Users and the profile (users.go).
const (
	routeListUsersOr    = "查询用户列表"
	routeListUsersLike  = "查询用户列表"
	routeCurrentUser    = "获取当前用户信息"
	routeUpdateProfile  = "修改个人信息"
	routeUsernameExists = "检查用户名是否存在"
	routeMobileExists   = "检查手机号是否存在"
	routeUserByID       = "获取用户详情"
	routeUserOrgs       = "获取用户所属机构"
	routeCreateUser     = "新增用户"
	routeUpdateUser     = "修改用户"
	routeDeleteUser     = "删除用户"
)

// Work groups (workgroups.go).
const (
	routeListWorkGroups  = "工作组列表"
	routeGetWorkGroup    = "工作组详情"
	routeCreateWorkGroup = "新建工作组"
	routeUpdateWorkGroup = "更新工作组"
	routeDeleteWorkGroup = "删除工作组"
)
