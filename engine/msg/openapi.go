package msg

// Descriptions in the API document (engine/openapi).
const (
	// APISuccess describes a successful answer.
	APISuccess = "成功"
	// APIError describes an error answer.
	APIError = "错误"
	// APICodeSuccess describes the envelope's code on success.
	APICodeSuccess = "0 是成功"
	// APICodeStatus describes the envelope's code of an error.
	APICodeStatus = "HTTP 状态码"
	// APIMsg describes the envelope's msg of an error.
	APIMsg = "给人看的中文说明"
)

// Name of the route serving the API document.
const (
	// APIDocRoute names GET /api/openapi.json.
	APIDocRoute = "接口文档"
	// APIDocTitle is the document's title.
	APIDocTitle = "乡治 Xiangzhi API"
)
