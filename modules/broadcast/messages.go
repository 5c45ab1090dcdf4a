package broadcast

// Texts of the broadcast calls.
const (
	routeSend     = "-立即播放"
	routePlayList = "-正在播放"
	routeStop     = "-停止播放"

	msgNoTask       = "请选择要停止的广播任务"
	msgNotPlaying   = "该广播任务未在播放"
	msgNoTerminal   = "请选择播放终端"
	msgNoMedia      = "请选择播放内容"
	msgTaskName     = "广播任务名称不能为空"
	msgPolicyOff    = "该播放策略已停用，不能播放"
	msgNoPlayer     = "没有可用的播放终端"
	defaultTaskName = "立即播放"
	commentFailed   = "广播平台报告播放失败：%s"
)
