package system

// Texts of the system-administration API (modules/system): login and
// password change, users and the profile, organisations and logs. The
// specification's exact texts are kept verbatim.

// Login and password change.
const (
	// LoginUsernameRequired answers a login without a username.
	LoginUsernameRequired = "请输入用户名"
	// LoginPasswordRequired answers a login without a password.
	LoginPasswordRequired = "请输入密码"
	// OldPasswordRequired answers a password change without the old one.
	OldPasswordRequired = "请输入原密码"
	// NewPasswordRequired answers a password change without the new one.
	NewPasswordRequired = "请输入新密码"
	// NewPasswordSame answers a password change to the same password.
	NewPasswordSame = "新密码不能与原密码相同"
	// PasswordOfOtherUser answers a password change naming another user.
	PasswordOfOtherUser = "只能修改当前登录用户的密码"
	// LogoutSucceeded is the msg of a logout.
	LogoutSucceeded = "已退出登录"
	// PasswordChanged is the msg of a password change.
	PasswordChanged = "更新密码成功！"
	// TOTPEnabled is the msg of a confirmed two-factor enrolment.
	TOTPEnabled = "动态验证码已启用"
	// TOTPDisabled is the msg of two-factor sign-in turned off.
	TOTPDisabled = "动态验证码已停用"
	// UserLocked is the msg of an administrator's lock.
	UserLocked = "账号已锁定"
	// UserUnlocked is the msg of an administrator's unlock.
	UserUnlocked = "账号已解锁"
	// CannotLockSelf refuses an administrator locking their own account.
	CannotLockSelf = "不能锁定当前登录用户"
)

// Users and the profile (specification §5 "User").
const (
	UsernameRequired   = "用户名不能为空！"
	UsernameTooLong    = "用户名长度不能超过20个字符"
	UsernameTaken      = "当前账号已存在，请重新输入！"
	UsernameBadChars   = "用户名不能包含空格"
	UsernameLocked     = "用户名不能修改"
	FamilyNameRequired = "姓不能为空！"
	FamilyNameTooLong  = "姓长度不能超过20个字符"
	NameRequired       = "名不能为空！"
	NameTooLong        = "名长度不能超过20个字符"
	MobileRequired     = "请输入手机号"
	MobileInvalid      = "请输入正确的手机号"
	MobileTaken        = "当前手机号已存在，请重新输入！"
	EmailTooLong       = "邮箱长度不能超过40个字符"
	EmailInvalid       = "请输入正确的邮箱"
	DiscTitleTooLong   = "个人描述标题长度不能超过30个字符"
	DiscDetailTooLong  = "个人描述内容长度不能超过350个字符"
	CurrentPwdRequired = "当前登录密码不能为空"
	RolesRequired      = "请选择至少一个角色！"
	OrgRequired        = "请选择所属机构！"
	AvatarTooLarge     = "选择的区域太大，超过了250K。请缩小选择区域！"
	AvatarInvalid      = "头像必须是图片"
	PasswordRequired   = "请输入密码"
	RoleUnknown        = "所选角色不存在"
	OrgUnknown         = "所选机构不存在"
	UserNotFound       = "用户不存在"
	// CannotDeleteSelf refuses deleting the signed-in user.
	CannotDeleteSelf = "不能删除当前登录用户"
	// CannotDeleteAdmin refuses deleting the built-in administrator.
	CannotDeleteAdmin = "不能删除系统管理员"
	// UserSaved and UserDeleted are the msgs of successful user calls.
	UserSaved   = "保存成功"
	UserDeleted = "删除成功！"
	// ParamTooLong names a query parameter over its length limit.
	ParamTooLong = "参数 %s 的长度不能超过%d个字符"
)

// Organisations.
const (
	OrgNameRequired = "请填写机构名称"
	OrgNameTooLong  = "机构名称长度不能超过100个字符"
	OrgDescTooLong  = "机构描述长度不能超过255个字符"
	OrgNotFound     = "机构不存在"
	// OrgHasChildren refuses deleting an organisation with sub-organisations.
	OrgHasChildren = "机构“%s”下存在下级机构，不能删除"
	// OrgHasUsers refuses deleting an organisation users belong to.
	OrgHasUsers = "机构“%s”下存在用户，不能删除"
	// OrgHasWorkGroups refuses deleting an organisation owning work groups.
	OrgHasWorkGroups = "机构“%s”下存在工作组，不能删除"
	// OrgRootFixed refuses moving, editing or deleting the virtual root.
	OrgRootFixed = "根节点不能移动或修改"
	// OrgIntoOwnSubtree refuses moving an organisation under itself.
	OrgIntoOwnSubtree = "不能将机构移动到其自身或下级机构之下"
	// OrgOutOfScope refuses touching an organisation outside the viewer's
	// own subtree (other tenants' and subtrees' ids answer 404 instead).
	OrgOutOfScope = "只能管理本机构及下级机构"
	// OrgNoneSelected answers a delete without ids.
	OrgNoneSelected = "请选择要删除的机构"
	// OrgUnderVillage refuses placing an organisation under a village (a
	// leaf of the tree, specification §3).
	OrgUnderVillage = "村级机构下不能再有下级机构"
	// OrgVillageHasChildren refuses marking an organisation with
	// sub-organisations as a village.
	OrgVillageHasChildren = "机构“%s”下存在下级机构，不能设为村级机构"
	// OrgTooDeep refuses a tree deeper than the path column holds.
	OrgTooDeep = "机构层级过深"
	OrgSaved   = "保存成功"
	OrgMoved   = "更新成功"
	OrgDeleted = "删除成功！"
)

// Notes the operation log records in place of a request body it does not
// keep.
const (
	// OpLogMultipart stands for a file upload: file bytes are never logged.
	OpLogMultipart = "（文件上传，内容未记录）"
	// OpLogBodyTooLarge stands for a body too large to record.
	OpLogBodyTooLarge = "（请求内容过大，未记录）"
	// OpLogBodyNotRecorded stands for a body that is not JSON or a form.
	OpLogBodyNotRecorded = "（请求内容未记录）"
)
