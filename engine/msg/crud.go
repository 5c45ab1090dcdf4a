package msg

// Messages of the generic module API (engine/crud): ids, status actions,
// stats, export and import.
const (
	// BadID answers an id that is not a positive integer.
	BadID = "ID格式不正确"
	// IDMismatch answers a PUT whose body id differs from the path id.
	IDMismatch = "请求路径与请求内容中的ID不一致"
	// IDRequired answers a PUT to the module base without an id in the body.
	IDRequired = "缺少要修改的记录ID"
	// NoIDs answers a batch delete without ids.
	NoIDs = "请选择要删除的记录"
	// TooManyIDs answers a batch delete over the limit.
	TooManyIDs = "一次最多删除1000条记录"
	// ActionRequired answers a status change without an action.
	ActionRequired = "请指定要执行的操作"
	// UnknownAction names an action the module does not declare.
	UnknownAction = "不支持的操作：%s"
	// NoWorkflow answers a status change on a module without a status.
	NoWorkflow = "该模块没有审核流程"
	// StatsByRequired answers a stats call without the by parameter.
	StatsByRequired = "请指定统计字段（by）"
	// BadParam names a request parameter whose value is not understood.
	BadParam = "参数 %s 的值格式不正确"
	// RefNotFound answers a reference to a record the caller cannot read:
	// missing, deleted, outside the data scope or in another tenant alike.
	RefNotFound = "%s不存在"
)

// Names of the module operations, used for route names ("<title>-<op>") in
// the route table, the operation log and the API documentation.
const (
	OpList        = "列表"
	OpView        = "详情"
	OpAdd         = "新增"
	OpEdit        = "修改"
	OpDelete      = "删除"
	OpBatchDelete = "批量删除"
	OpExport      = "导出"
	OpImport      = "导入"
	OpTemplate    = "下载导入模板"
	OpSchema      = "表单定义"
	OpStats       = "统计"
	OpExists      = "重复校验"
	OpTree        = "树"
	OpRemoveRow   = "删除子表行"
)

// Export and import of xlsx files.
const (
	// BadFile answers an upload that is not an xlsx workbook.
	BadFile = "文件格式有误，请上传xlsx文件"
	// FileRequired answers an import without the file part.
	FileRequired = "请选择要导入的文件"
	// FileTooLarge answers an import file over 10 MB.
	FileTooLarge = "导入文件不能超过10M"
	// TooManyRows answers an import of more than 10000 data rows.
	TooManyRows = "导入数据不能超过10000行"
	// FileInflated answers an import whose workbook inflates past the
	// limits (a zip bomb).
	FileInflated = "导入文件解压后过大，请检查文件内容"
	// EmptyImport answers a workbook whose first sheet has no data rows.
	EmptyImport = "导入文件中没有数据"
	// ImportRowRefused names the sheet row a write hook refused and why.
	ImportRowRefused = "第%d行：%s"
	// ImportHasErrors answers a commit of a file that still has errors.
	ImportHasErrors = "导入数据有误，请修正后重新导入"
	// UnknownColumn names a header the module does not know.
	UnknownColumn = "未知的列：%s"
	// DuplicateColumn names a header given twice.
	DuplicateColumn = "列重复：%s"
	// DuplicateInFile names the earlier row holding the same unique value.
	DuplicateInFile = "%s与第%d行重复"
	// DuplicateInTable says the unique value is already taken.
	DuplicateInTable = "%s已存在"
	// BadCell names a cell whose value cannot be read for its field.
	BadCell = "%s的值“%s”格式不正确"
	// UnknownOption names a cell whose label is not one of the field's.
	UnknownOption = "%s的值“%s”不在可选范围内"
	// BadDryRun answers a dryRun parameter that is neither true nor false.
	BadDryRun = "参数 dryRun 只能为 true 或 false"
	// ExportBusy answers an export that waited too long for the ones
	// running to end.
	ExportBusy = "当前导出任务较多，请稍后再试"
	// ExportSheet is the name of the sheet in exported workbooks.
	ExportSheet = "数据"
	// ValueListSeparator joins the labels of a multiple choice in a cell.
	ValueListSeparator = "、"
)

// Texts of dashboards (engine/dashboard).
const (
	// DashBadDate names a period bound that is not a date.
	DashBadDate = "统计周期格式不正确：%s"
	// DashBadWidgets names a widget id the dashboard does not have.
	DashBadWidgets = "看板没有组件：%s"
	// DashNoData answers the export of a widget that has no table (a map).
	DashNoData = "该组件没有可导出的数据"
	// Workbook headers of a widget export.
	DashColGroup    = "分组"
	DashColSubGroup = "子分组"
	DashColCount    = "数量"
	DashColValue    = "数值"
	DashColName     = "名称"
	DashColTotal    = "总数"
	DashColRatio    = "比例"
	DashColLng      = "经度"
	DashColLat      = "纬度"
	DashColLevel    = "层级"
)

// The workbench's screen visits (issue 15).
const (
	// WorkbenchUnknownModule: a visit report naming no served module.
	WorkbenchUnknownModule = "不存在的模块：%s"
)

// WorkbenchUnknownRoute: a visit report naming a route that is none of the
// user's menus.
const WorkbenchUnknownRoute = "不存在的菜单路由：%s"
