package designer

// Route names: what the operation log records for each call.
const (
	routeList     = "表单设计模块列表"
	routeGet      = "查看表单设计模块"
	routeCreate   = "新建表单设计模块"
	routeSave     = "保存表单设计草稿"
	routeRemove   = "移除表单设计模块"
	routeCopy     = "复制为新模块"
	routeParse    = "解析模块YAML"
	routeRender   = "生成模块YAML"
	routeExport   = "导出模块YAML"
	routeImport   = "导入模块YAML"
	routePlan     = "预览发布计划"
	routePublish  = "发布表单设计模块"
	routeVersions = "表单设计模块版本列表"
	routeVersion  = "查看表单设计模块版本"
	routeRollback = "回滚表单设计模块"
	routeOptions  = "表单设计选项"
	routeDescribe = "预览表单设计模块"
)

// Refusals of the routes.
const (
	msgBadVersion = "版本号不正确"
	msgNoFile     = "请上传YAML文件"
	// msgPlatformOnly refuses a tenant's administrator a change to the
	// designer modules, which all tenants share.
	msgPlatformOnly = "表单设计的模块为所有租户共用，仅平台管理员可以新建、修改、发布、回滚和移除"
)
