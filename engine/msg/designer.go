package msg

// Messages of the form designer (engine/designer, docs/designer.md): its
// refusals and the lines of a publish's migration plan.

// Refusals. The %s is a module name, an API path or a version.
const (
	DesignerFileName      = "模块名称已被文件模块使用：%s"
	DesignerFileAPI       = "接口路径已被文件模块使用：%s"
	DesignerFileReadOnly  = "文件模块只读，请复制为新模块"
	DesignerNameFixed     = "模块名称不能修改"
	DesignerNameTaken     = "模块名称已存在：%s"
	DesignerAPITaken      = "接口路径已被模块使用：%s"
	DesignerNotFound      = "模块不存在：%s"
	DesignerVersionAbsent = "版本不存在：%s"
	DesignerHasProblems   = "模块定义有误，不能发布"
	DesignerConfirm       = "请输入模块名称“%s”确认破坏性变更"
	DesignerBusy          = "模块正在由他人发布，请稍后重试"
	DesignerNoModel       = "请提供模块定义（model 或 yaml）"
	DesignerNameMissing   = "模块定义缺少名称"
	DesignerUnique        = "字段%s有%d个重复值，不能设为唯一"
	DesignerRollbackNote  = "回滚到版本%d"
	DesignerNoTable       = "表单设计的模块不能指定数据表（table）"
	DesignerPermUsed      = "权限前缀已被使用：%s"
	DesignerCodeOutside   = "权限编码必须以模块的权限前缀“%s.”开头：%s"
)

// Plan lines. The first %s is the field's label (or name).
const (
	PlanCreate     = "新建数据表%s"
	PlanAddField   = "新增字段“%s”"
	PlanWiden      = "字段“%s”长度由%s放宽为%s"
	PlanAddIndex   = "为字段“%s”建立索引"
	PlanRename     = "字段%s改名为%s，数据保留（%d条）"
	PlanTypeChange = "字段“%s”类型由%s改为%s，%d条数据中%d条无法转换"
	PlanNarrow     = "字段“%s”长度由%s缩短为%s，%d条数据超长将被截断"
	PlanNarrowNum  = "字段“%s”精度由%s缩小为%s，%d条数据超出范围将被清空"
	PlanDropField  = "删除字段“%s”，%d条数据将备份后移除"
	PlanDropChild  = "删除子表字段“%s”，子表及其%d条数据保留在数据库中"
	PlanSetting    = "修改设置%s"

	// PlanRenameChild: a children field renamed, its table renamed with its rows.
	PlanRenameChild = "子表字段%s改名为%s，子表及其数据保留（%d条）"
	// DesignerChildTableTaken refuses renaming a children field onto a table
	// that exists already (left by an earlier children field of that name).
	DesignerChildTableTaken = "子表字段“%s”的数据表%s已存在，不能改用此名称"

	PlanUnbounded = "不限"
)
