package security

// Names of the alarm routes, after the module's title.
const (
	routeUpdate = "-处置（单条或批量）"
)

// Names of the camera media routes, after the camera module's title.
const (
	routePlay     = "-实时视频"
	routePlayback = "-录像回放"
)

// Answers of the camera media routes.
const (
	CameraRequired  = "请选择摄像头"
	CameraDisabled  = "该摄像头已停用"
	NoStreamURL     = "该摄像头未配置取流地址"
	BadStreamURL    = "该摄像头的取流地址无法播放，请检查接入参数"
	NoPlayback      = "该摄像头的取流地址不支持录像回放，请接入视频平台"
	StartTimeLabel  = "开始时间"
	EndTimeLabel    = "结束时间"
	TimeRequired    = "请选择%s"
	TimeFormat      = "%s格式不正确，应为 yyyy-MM-dd HH:mm:ss"
	PlaybackFuture  = "回放开始时间必须早于当前时间"
	PlaybackOrder   = "结束时间必须晚于开始时间"
	PlaybackTooLong = "单次回放不能超过24小时"
)
