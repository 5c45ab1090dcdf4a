package system

// Texts of the platform administration (tenants.go).

// Route names.
const (
	routeTenantList    = "租户列表"
	routeTenantCreate  = "新增租户"
	routeTenantDisable = "停用租户"
	routeTenantEnable  = "启用租户"
)

// Tenant form and actions.
const (
	TenantCodeRequired = "租户编码不能为空"
	TenantCodeInvalid  = "租户编码须以小写字母开头，只含小写字母、数字、下划线和短横线，2至50个字符"
	TenantCodeTaken    = "租户编码已存在"
	TenantNameRequired = "租户名称不能为空"
	TenantNameTooLong  = "租户名称长度不能超过100个字符"
	TenantNotFound     = "租户不存在"
	TenantPlatformKept = "平台租户不能停用"
	TenantCreated      = "租户已创建"
	TenantDisabledMsg  = "租户已停用"
	TenantEnabledMsg   = "租户已启用"
	// PlatformOnly refuses a tenant's administrator a change to what all
	// tenants share (menus, dictionaries).
	PlatformOnly = "菜单和字典为所有租户共用，仅平台管理员可以修改"
	// PlatformUserKept refuses a tenant's administrator a change to a
	// platform administrator's account.
	PlatformUserKept = "平台管理员的账号只能由平台管理员修改"
)
