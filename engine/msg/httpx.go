// Package msg is the message catalogue: every Chinese text the engine shows
// to people lives here, one file per concern, so handlers never carry
// literals and a translator finds them all in one place.
package msg

// Texts of the HTTP layer: the envelope, the error adapter, binding and the
// system endpoints.
const (
	// OK is the msg of every successful envelope.
	OK = "操作成功"
	// RouteNotFound answers a path no route or module serves.
	RouteNotFound = "接口不存在"
	// MethodNotAllowed answers a known path called with the wrong method.
	MethodNotAllowed = "请求方法不允许"
	// BodyTooLarge answers a request body over the configured limit.
	BodyTooLarge = "请求内容过大"
	// BadJSON answers a body that is not valid JSON.
	BadJSON = "请求内容不是合法的JSON"
	// NotJSONObject answers a JSON body that is not an object.
	NotJSONObject = "请求内容必须是JSON对象"
	// BadRequest is the generic 400 text.
	BadRequest = "请求参数有误"
	// Unauthorized is the specification's text for an expired or missing
	// login (HTTP 401).
	Unauthorized = "身份认证信息已失效，请重新登录。"
	// Forbidden answers a request the user's permissions do not allow.
	Forbidden = "没有操作权限"
	// Conflict is the generic 409 text.
	Conflict = "数据冲突，请刷新后重试"
	// TooManyRequests answers a rate-limited request.
	TooManyRequests = "请求过于频繁，请稍后再试"
	// UnsupportedMediaType answers a body of a content type the endpoint
	// does not read.
	UnsupportedMediaType = "不支持的请求内容类型"
	// Internal answers every unexpected error; the details go to the log.
	Internal = "服务器内部错误"
	// Unavailable answers /readyz (and anything else) while the database is
	// unreachable.
	Unavailable = "服务暂不可用"
	// Timeout answers a request that ran out of time.
	Timeout = "请求超时，请重试"
	// Healthy is the status text of /healthz and /readyz when all is well.
	Healthy = "ok"
)

// Texts of the embedded console.
const (
	// ConsoleNotBuiltTitle is the title of the page served when the console
	// was not built into the binary.
	ConsoleNotBuiltTitle = "控制台尚未构建"
	// ConsoleNotBuiltBody tells the operator how to build the console.
	ConsoleNotBuiltBody = "此程序未包含控制台页面。请先运行 go tool task build 构建控制台，再重新编译并启动服务。接口服务正常运行。"
)

// Texts of request reading (engine/httpx: ids, paging, strict binding).
const (
	// MissingParam names a query parameter the call needs.
	MissingParam = "缺少参数：%s"
	// UnknownBodyField names a body key the call does not take.
	UnknownBodyField = "不支持的字段：%s"
	// BodyFieldBadFormat names a body key whose value has the wrong type.
	BodyFieldBadFormat = "%s格式不正确"
)
