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
	// AccountLocked answers a login to an account an administrator locked,
	// and only after the right password (before it, 用户名或密码错误).
	AccountLocked = "账号已锁定，请联系管理员"
	// LoginThrottled answers (and logs) a sign-in attempt made while its
	// account name or client address must wait after repeated failures. It
	// is the same for every name, existing or not.
	LoginThrottled = TooManyRequests
	// TOTPCodeWrong answers a wrong, reused or expired two-factor code or
	// recovery code.
	TOTPCodeWrong = "动态验证码错误"
	// TOTPCodeRequired answers a two-factor step without a code.
	TOTPCodeRequired = "请输入动态验证码"
	// TOTPChallengeExpired answers a two-factor step whose sign-in
	// challenge is missing, forged or older than five minutes.
	TOTPChallengeExpired = "登录已超时，请重新输入用户名和密码"
	// TOTPAlreadyEnabled refuses to start an enrolment while two-factor
	// sign-in is on.
	TOTPAlreadyEnabled = "已启用动态验证码"
	// TOTPNotStarted refuses a confirmation without a started enrolment.
	TOTPNotStarted = "请先生成动态验证码密钥"
	// TOTPNotEnabled refuses to turn off two-factor sign-in that is off.
	TOTPNotEnabled = "未启用动态验证码"
	// TOTPProofRequired refuses to turn two-factor sign-in off without the
	// password or a code.
	TOTPProofRequired = "请输入登录密码或动态验证码"
	// TOTPPasswordWrong answers a wrong password given to turn two-factor
	// sign-in off (the specification's flag of a wrong login password).
	TOTPPasswordWrong = "登录密码错误，请重新填写！"
	// TOTPIssuer names the installation in authenticator apps (the issuer
	// of the otpauth:// URI).
	TOTPIssuer = "乡治"
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
