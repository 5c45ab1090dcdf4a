package oos

// Names of the file routes, for people: the operation log records the name
// of the route a call reached, and the API document shows it. The texts of
// uploads and links are the engine's (engine/msg/files.go).
const (
	routeUploadFile       = "上传文件"
	routeUploadWithTicket = "凭上传凭证上传文件"
	routeSts              = "获取上传凭证"
	routePresignedURL     = "获取文件链接"
	routePresignedURLNew  = "刷新文件链接"
	routeServeFile        = "下载文件"
	routeReview           = "图片审核"
)
