package hook

// Texts the hooks of every area share.
const (
	// ModuleMissing names a module a hook needs that is not loaded.
	ModuleMissing = "该功能所需的模块“%s”未加载"
	// IDsRequired answers a batch call without ids.
	IDsRequired = "请选择要处理的记录"
	// TooManyIDs answers a batch call over the limit.
	TooManyIDs = "一次最多处理%d条记录"
)
