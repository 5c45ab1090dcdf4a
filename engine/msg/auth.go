package msg

// Texts of identity and login (engine/auth): login answers and the password
// policy.
const (
	// PasswordPolicy is the specification's text for a password that breaks
	// the policy (8–20 characters, three of four kinds).
	PasswordPolicy = "密码长度大于8小于20需要包括小写字母或大写字母数字、特殊字符中至少三项"
	// PasswordRule is the rule text GET /api/system/cscpUserPasswordRule
	// serves for the console's tooltip; it is the policy message itself, so
	// the tooltip and the refusal never disagree.
	PasswordRule = PasswordPolicy
	// BadCredentials answers a wrong username or password; it never says
	// which of the two was wrong.
	BadCredentials = "用户名或密码错误"
	// AccountLocked answers a login to a locked account; %d is the number
	// of minutes left, rounded up.
	AccountLocked = "账号已锁定，请%d分钟后重试"
	// AccountDisabled answers a login (or a token) of a disabled account
	// or tenant.
	AccountDisabled = "账号已停用"
	// LoginSucceeded is the login-log message of a successful login.
	LoginSucceeded = "登录成功"
	// PasswordDecryptFailed answers an encrypted password the server cannot
	// decrypt (not base64, wrong key, tampered).
	PasswordDecryptFailed = "密码解密失败，请刷新页面后重试"
	// MustChangePassword refuses every guarded call of a session whose
	// password is an initial one or breaks the policy, until it is changed.
	MustChangePassword = "请先修改初始密码"
	// OldPasswordWrong answers a password change whose old password is wrong.
	OldPasswordWrong = "原密码错误"
	// AdminPasswordWrong answers a user edit whose current-login password
	// is wrong (the console translates it to 当前登录密码填写错误！).
	AdminPasswordWrong = "管理员密码不正确！"
)
