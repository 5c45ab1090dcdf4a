package msg

// Messages of the module schema language (engine/schema): what is wrong with
// a schema file (the loader and `xiangzhi schema lint`), and what is wrong
// with a submitted record (the record validator).

// Record validation. The %s is the field's Chinese label.
const (
	// ValidationFailed is the envelope msg of a refused record; the field
	// messages travel in errors.
	ValidationFailed = "提交的数据校验未通过"
	// FieldRequired says a required field is missing or empty.
	FieldRequired = "%s不能为空"
	// FieldTooLong says a text is longer than allowed.
	FieldTooLong = "%s长度不能超过%d个字符"
	// FieldTooShort says a text is shorter than allowed.
	FieldTooShort = "%s长度不能少于%d个字符"
	// FieldTooSmall says a number is below its minimum.
	FieldTooSmall = "%s不能小于%s"
	// FieldTooLarge says a number is above its maximum.
	FieldTooLarge = "%s不能大于%s"
	// FieldBadType says a value has the wrong JSON type; the second %s is
	// the expected kind (see the Kind* texts).
	FieldBadType = "%s应为%s"
	// FieldBadFormat says a value does not have the field's format.
	FieldBadFormat = "%s格式不正确"
	// FieldBadDate says a date is not YYYY-MM-DD.
	FieldBadDate = "%s格式不正确，应为“年-月-日”，如 2024-01-31"
	// FieldBadDateTime says a date-time is not YYYY-MM-DD HH:mm:ss.
	FieldBadDateTime = "%s格式不正确，应为“年-月-日 时:分:秒”，如 2024-01-31 08:30:00"
	// FieldNotAnOption says a value is not one of the field's choices.
	FieldNotAnOption = "%s的取值不在可选范围内"
	// FieldTooMany says a list has more items than allowed.
	FieldTooMany = "%s最多只能有%d项"
	// FieldTooFew says a list has fewer items than required.
	FieldTooFew = "%s至少需要%d项"
	// FieldDuplicateItems says a list repeats an item.
	FieldDuplicateItems = "%s中有重复的项"
	// FieldScale says a decimal has too many digits after the point.
	FieldScale = "%s最多保留%d位小数"
	// FieldIntDigits says a decimal has too many digits before the point.
	FieldIntDigits = "%s整数部分不能超过%d位"
	// FieldIntRange says an integer does not fit the column.
	FieldIntRange = "%s超出了整数的取值范围"
	// FieldUnknown names a key the module does not declare.
	FieldUnknown = "未知字段：%s"
	// FieldChildRow prefixes a message about one row of a children field:
	// the children label, the one-based row number, the message.
	FieldChildRow = "%s第%d行：%s"
)

// Expected kinds named by FieldBadType.
const (
	KindText    = "文本"
	KindInteger = "整数"
	KindNumber  = "数字"
	KindBoolean = "是或否"
	KindList    = "列表"
	KindObject  = "对象"
	KindNull    = "空值"
	KindOr      = "或"
)

// Labels of the common columns every module has, used by forms and lists.
const (
	CommonID        = "ID"
	CommonOrg       = "所属组织"
	CommonCreatedBy = "创建人"
	CommonCreatedAt = "创建时间"
	CommonUpdatedBy = "修改人"
	CommonUpdatedAt = "修改时间"
	CommonVersion   = "版本"
	CommonHistory   = "流转记录"
	CommonLabels    = "引用显示值"
	CommonStatus    = "状态"
)

// Problems with a schema file found by the meta-schema; the loader prints
// them after "file:line: field: ". The JSONSchema* texts are the
// gojsonschema locale, in text/template syntax.
const (
	SchemaYAMLSyntax     = "YAML 语法错误：%s"
	SchemaEmptyFile      = "文件是空的"
	SchemaDuplicateKey   = "键重复（第 %d 行已出现）"
	SchemaMergeKey       = "不支持 YAML 合并键 <<，请直接写出各个键"
	SchemaNonScalarKey   = "键必须是简单的文字"
	SchemaReservedFile   = "以 _ 开头的文件名是保留的：只有根目录下的 _dicts.yaml 和 _menus.yaml 会被读取"
	SchemaReadFailed     = "无法读取文件：%s"
	SchemaLowerCamel     = "必须是小驼峰写法：小写字母开头，只含字母和数字，如 applyDate"
	SchemaBadAPI         = "必须以 / 开头，如 /onlineVillage/handicappeds，每段只含字母、数字、_ 和 -"
	SchemaBadCode        = "必须是用点分隔的编码，如 onlineVillage.handicapped"
	SchemaBadTable       = "必须是小写字母开头、只含小写字母、数字和 _ 的表名"
	SchemaBadKey         = "只能含字母、数字和 _，且以字母开头"
	SchemaBadListSort    = "必须写成“字段,asc”或“字段,desc”，如 applyDate,desc"
	SchemaBadMaxSize     = "必须写成数字加单位，如 5MB、500KB"
	SchemaBadExtension   = "扩展名只含小写字母和数字，不带点，如 pdf"
	SchemaBadStatusValue = "状态值必须是整数"

	JSONSchemaRequired        = "缺少必填的键"
	JSONSchemaUnknownKey      = "未知的键（拼写错误，或该位置不允许此键）"
	JSONSchemaInvalidType     = "类型应为 {{.expected}}，实际是 {{.given}}"
	JSONSchemaEnum            = "取值必须是以下之一：{{.allowed}}"
	JSONSchemaConst           = "取值必须是 {{.allowed}}"
	JSONSchemaPattern         = "格式不正确，应匹配 {{.pattern}}"
	JSONSchemaFormat          = "不符合格式 {{.format}}"
	JSONSchemaStringGTE       = "长度不能少于 {{.min}} 个字符"
	JSONSchemaStringLTE       = "长度不能超过 {{.max}} 个字符"
	JSONSchemaNumberGTE       = "不能小于 {{.min}}"
	JSONSchemaNumberGT        = "必须大于 {{.min}}"
	JSONSchemaNumberLTE       = "不能大于 {{.max}}"
	JSONSchemaNumberLT        = "必须小于 {{.max}}"
	JSONSchemaMultipleOf      = "必须是 {{.multiple}} 的倍数"
	JSONSchemaMinItems        = "至少需要 {{.min}} 项"
	JSONSchemaMaxItems        = "最多只能有 {{.max}} 项"
	JSONSchemaUnique          = "列表中有重复的项"
	JSONSchemaMinProperties   = "至少需要 {{.min}} 个键"
	JSONSchemaMaxProperties   = "最多只能有 {{.max}} 个键"
	JSONSchemaPropertyName    = "键名 {{.property}} 不合规定"
	JSONSchemaPropertyPattern = "键 {{.property}} 不符合 {{.pattern}}"
	JSONSchemaAnyOf           = "不符合任何一种允许的写法"
	JSONSchemaOneOf           = "必须且只能符合一种允许的写法"
	JSONSchemaAllOf           = "不符合全部要求"
	JSONSchemaNot             = "不允许这种写法"
	JSONSchemaFalse           = "此处不允许有值"
	JSONSchemaDependency      = "需要同时写出 {{.dependency}}"
	JSONSchemaContains        = "列表中至少要有一项符合要求"
	JSONSchemaNotEnoughItems  = "列表的项数不够"
	JSONSchemaNoMoreItems     = "列表不允许有更多的项"
	JSONSchemaConditionThen   = "不符合 if 条件成立时的要求"
	JSONSchemaConditionElse   = "不符合 if 条件不成立时的要求"
	JSONSchemaInternal        = "内部错误：{{.error}}"
	JSONSchemaErrorFormat     = "{{.field}}：{{.description}}"
	JSONSchemaParseError      = "应为 {{.expected}}，但内容不是合法的 JSON"
	JSONSchemaTypeString      = "文字"
	JSONSchemaTypeInteger     = "整数"
	JSONSchemaTypeNumber      = "数字"
	JSONSchemaTypeBoolean     = "true/false"
	JSONSchemaTypeObject      = "映射（键: 值）"
	JSONSchemaTypeArray       = "列表"
	JSONSchemaTypeNull        = "空值"
	JSONSchemaTypeOr          = " 或 "
)

// Problems found by the loader's checks after the meta-schema.
const (
	SchemaDuplicateModule  = "模块名 %s 已在 %s 中使用"
	SchemaReservedModule   = "模块名 %s 保留给系统实体（用户、组织）"
	SchemaDuplicateAPI     = "接口路径 %s 已被 %s 中的模块使用"
	SchemaDuplicateTable   = "表名 %s 已被 %s 中的模块使用"
	SchemaDuplicateField   = "字段名 %s 重复"
	SchemaReservedField    = "%s 是每个模块都有的公共字段，不能再声明"
	SchemaColumnClash      = "字段 %s 与 %s 对应同一个数据库列 %s"
	SchemaKeyNotForType    = "%s 类型的字段不能使用 %s"
	SchemaEnumNeedsChoices = "enum 字段必须写 options 或 dict"
	SchemaEnumBothChoices  = "options 和 dict 只能写一个"
	SchemaDuplicateOption  = "选项值 %v 重复"
	SchemaUnknownDict      = "字典 %s 不存在（_dicts.yaml 中没有这个 type）"
	SchemaRefNeedsTarget   = "ref 字段必须写 ref：模块名，或 user、org、grid"
	SchemaUnknownRef       = "引用的模块 %s 不存在"
	SchemaUnknownDisplay   = "%s 没有字段 %s"
	SchemaScaleOverPrec    = "scale（%d）不能大于 precision（%d）"
	SchemaNoFilter         = "%s 类型的字段不能用作筛选条件"
	SchemaNoSort           = "%s 类型的字段不能排序"
	SchemaNoMultipleSort   = "多选字段不能排序"
	SchemaNoMultipleUnique = "多选字段不能设为唯一"
	SchemaNoUnique         = "%s 类型的字段不能设为唯一"
	SchemaContainsText     = "contains 只能用于文本类字段（string、text、idcard、mobile、email）"
	SchemaRangeOrdered     = "range 只能用于 int、decimal、date、datetime 字段"
	SchemaStatusDeclared   = "状态字段 %s 由引擎自动添加，不要在 fields 中声明"
	SchemaStatusReserved   = "%s 是公共字段，不能用作状态字段"
	SchemaUnknownStatus    = "%d 不是 status.values 中的状态值"
	SchemaDuplicateAction  = "动作名 %s 重复"
	SchemaReservedAction   = "动作名 %s 与标准操作的权限码重名"
	SchemaUnknownSort      = "排序字段 %s 不存在，或没有写 sort: true"
	SchemaUnknownGroup     = "菜单分组 %s 不存在（_menus.yaml 中没有）"
	SchemaBadStats         = "统计字段 %s 必须是单选 enum、bool、date、datetime 字段或状态字段"
	// SchemaShareDownUnscoped refuses shareDown on a module without data scope.
	SchemaShareDownUnscoped = "shareDown 只用于按组织隔离（orgScoped: true）的模块"
	SchemaNestedChildren    = "children 字段的 fields 中不能再有 children"
	SchemaChildKey          = "children 的子字段不能使用 %s"
	SchemaReadOnlyRequired  = "只读字段（readOnly 或 autoNumber）不能设为 required：接口会忽略客户端提交的值"
	SchemaChildrenNeedField = "children 字段必须写 fields"
	SchemaUnknownSection    = "分组 %s 没有在 sections 中声明"
	SchemaDuplicateSection  = "分组名 %s 重复"
	SchemaBadRegexp         = "正则表达式无效：%s"
	SchemaMinOverMax        = "min 不能大于 max"
	SchemaMinLenOverMax     = "minLength 不能大于 maxLength"
	SchemaBadDefault        = "默认值无效：%s"
	SchemaDuplicateDict     = "字典类型 %s 重复"
	SchemaDuplicateItem     = "字典项的值 %s 重复"
	SchemaDuplicateGroup    = "菜单分组 %s 重复"
	SchemaUnknownParent     = "上级分组 %s 不存在"
	SchemaParentCycle       = "菜单分组的上级关系形成了环"
	SchemaRefInvalidModule  = "引用的模块 %s 有错误，未能加载"
)

// Problems in a module's declared routes (routes:, docs/schema.md § Declared routes).
const (
	SchemaRouteDuplicate = "路由 %s %s 重复声明"
	SchemaRouteGeneric   = "路径 %s 已由模块的通用接口提供，不必声明"
	SchemaRouteNeeds     = "缺少 %s"
	SchemaRouteAction    = "状态动作 %s 不存在（status.actions 中没有）"
	SchemaRouteField     = "字段 %s 不存在"
	SchemaRouteParent    = "%s 必须是引用本模块（%s）的单选 ref 字段"
	SchemaRouteExport    = "模块未开启导出（export: true），不能声明导出路由"
	SchemaRouteKey       = "%s 只用于 op: %s"
	SchemaRouteNoID      = "op: %s 的路径不能带 {id}"
	SchemaRouteTaken     = "路由 %s %s 已由 %s 声明"
	SchemaRouteText      = "op: %s 只能检查文本类字段（string、idcard、mobile、email）"
	SchemaRouteChildren  = "%s 必须是本模块的 children 字段"
	SchemaRouteNeedsID   = "op: %s 的路径必须带 {id}（子表行的 id）"

	// Problems in a module's screens (screens:, docs/schema.md § Screens).
	SchemaScreenDuplicate = "页面 %s 重复声明"
	SchemaScreenOp        = "模块没有操作 %s 的权限码"
	SchemaScreenURL       = "页面地址 %s 必须形如 /m/模块/页面，且不能是模块的列表、新增、修改或详情页"

	// RouteValueRequired answers an exists/unique route called without a value.
	RouteValueRequired = "请提供%s"
)

// Problems in dashboard files (schemas/dashboards/*.yaml, docs/dashboards.md).
const (
	DashUnknownKey      = "未知的键 %s（拼写错误，或该位置不允许此键）"
	DashRequired        = "缺少必填的键 %s"
	DashBadName         = "名称 %s 必须以小写字母开头，只含字母和数字"
	DashBadRoute        = "路由 %s 必须以 / 开头"
	DashDuplicateName   = "看板名称 %s 已在 %s 使用"
	DashDuplicateRoute  = "路由 %s 已在 %s 使用"
	DashDuplicateID     = "组件编号 %s 重复"
	DashBadKind         = "不支持的组件类型：%s"
	DashUnknownModule   = "模块 %s 不存在"
	DashUnknownField    = "模块 %s 没有字段 %s"
	DashNotGroupable    = "字段 %s 不能用于分组统计（须为单选枚举、单选引用、是否、日期、日期时间、状态或 orgId、createdBy）"
	DashNotMeasurable   = "字段 %s 不是整数或小数字段，不能用于 %s"
	DashOfRequired      = "统计方式 %s 需要用 of 指定整数或小数字段"
	DashBadMeasure      = "不支持的统计方式：%s"
	DashBadBucket       = "字段 %s 不支持统计周期 %s"
	DashBadLevel        = "不支持的组织层级：%s（可用 township、village、child 或 1 到 6）"
	DashLevelNeedsOrg   = "level 只能与 by: orgId 或 then: orgId 一起使用"
	DashThenNeedsBy     = "then 需要先有 by"
	DashThenRequired    = "堆叠柱状图必须用 then 指定第二层分组"
	DashItemsRequired   = "数字卡片至少需要一项 items"
	DashBadTasks        = "tasks 只能为 open（当前用户的待办审批数），且不能再指定 module、measure、of、criteria"
	DashTotalRequired   = "仪表盘组件必须用 total 指定 100% 的范围"
	DashPointField      = "字段 %s 不是 geoPoint 字段"
	DashShapeField      = "字段 %s 不是 geoPolygon 或 geoPoint 字段"
	DashBadGrid         = "栅格位置须为非负整数，宽和高至少为 1，且 x + w 不超过 %d 列"
	DashUnknownFilter   = "页面筛选 %s 未在 filters 中声明"
	DashBadFilterType   = "不支持的筛选类型：%s（可用 period、org、choice）"
	DashPeriodField     = "周期筛选用的字段 %s 必须是日期或日期时间字段"
	DashBadDrill        = "不支持的钻取目标：%s（可用 org、filter:<筛选名>、route:/路径）"
	DashBadCriteria     = "查询条件 %s 不是“字段.操作符”的形式，或字段不存在"
	DashBadTop          = "top 须在 1 到 100 之间"
	DashBadSize         = "size 须在 1 到 50 之间"
	DashBadRefresh      = "refresh 至少为 10 秒"
	DashModuleRequired  = "该组件必须用 module 指定模块"
	DashNotSortable     = "排序字段 %s 不存在"
	DashBadBands        = "年龄分段须为递增的正整数，至多 10 个"
	DashWrongShape      = "%s 的格式不正确"
	DashFilterDuplicate = "页面筛选 %s 重复"
)
