package system

// Texts of the system API's roles, menus, work groups and dictionaries
// (modules/system: roles.go, menus.go, workgroups.go, dicts.go). The
// specification's own texts are kept verbatim; the others follow their
// tone.

// Shared by the forms of this file (lengths use FieldTooLong of schema.go).
const (
	// FieldNoChinese names a field that must not contain Chinese characters.
	FieldNoChinese = "%s不能包含中文"
	// CreateWithID answers a create call (POST) whose body carries an id:
	// changes go through PUT, which needs the edit permission.
	CreateWithID = "新增时不能指定ID，修改请使用PUT"
)

// Roles and role menus.
const (
	// RoleNameRequired is the specification's text for a role without a name.
	RoleNameRequired = "名称不能为空!"
	// RoleIconRequired is the specification's text for a role without an icon.
	RoleIconRequired = "图标不能为空!"
	// RoleName, RoleExtent and RoleIcon name the role form's fields.
	RoleName   = "名称"
	RoleExtent = "扩展属性"
	RoleIcon   = "图标"
	// RoleNameTaken answers a role name the tenant already uses.
	RoleNameTaken = "角色名称已存在"
	// RoleDataScopeInvalid answers a data scope outside all, subtree, org, own.
	RoleDataScopeInvalid = "数据范围只能是all、subtree、org或own"
	// RoleNotFound answers a role id that is not one of the tenant's roles.
	RoleNotFound = "角色不存在"
	// RoleInUse refuses to delete a role accounts use; %d is their number.
	RoleInUse = "该角色已被%d个账号使用，禁止删除"
	// RoleSystemUndeletable refuses to delete the tenant's 超级管理员 role.
	RoleSystemUndeletable = "超级管理员角色不能删除"
	// RoleRequired answers a role-menu call without the roles field.
	RoleRequired = "请选择角色"
	// RoleMenuRequired is the specification's text for a role saved without
	// any menu.
	RoleMenuRequired = "请至少选择一项菜单"
	// TerminalTypeInvalid answers a terminalType other than 0 or 1.
	TerminalTypeInvalid = "终端类型只能是0（小程序）或1（APP）"
	// MenuUnknown names a menu id that is not a menu of the terminal.
	MenuUnknown = "菜单不存在：%s"
)

// Menus: the web and the app/mini-program menu forms, and dragging.
const (
	// MenuNotFound answers a menu id that is not a menu of the tree.
	MenuNotFound = "菜单不存在"
	// MenuTypeRequired answers a menu form without a type.
	MenuTypeRequired = "请选择菜单类型"
	// MenuTypeInvalid answers a type the tree does not know.
	MenuTypeInvalid = "菜单类型不正确"
	// MenuTitleRequired answers a menu form without a title.
	MenuTitleRequired = "请输入标题"
	// MenuNameRequired answers a menu form without a name.
	MenuNameRequired = "请输入名称"
	// MenuURLRequired answers a web menu form without a url.
	MenuURLRequired = "请输入路由地址"
	// MenuComponentRequired answers a menu form without a component.
	MenuComponentRequired = "请输入组件"
	// MenuAddressRequired answers an external jump without its address.
	MenuAddressRequired = "请输入跳转地址"
	// MenuExternalType answers an external jump on a type that hides it.
	MenuExternalType = "外部跳转只能用于一级或二级菜单"
	// MenuPathRequired answers an app menu form without a path.
	MenuPathRequired = "请输入路径"
	// MenuPathSlash answers an app menu path that does not start with /.
	MenuPathSlash = "路径必须以/开头"
	// MenuImageRequired answers a second-level app menu without an image
	// (the specification's "please upload an image").
	MenuImageRequired = "请上传图片"
	// Names of the menu form's fields, for the length and Chinese messages.
	MenuTitle          = "标题"
	MenuName           = "名称"
	MenuURL            = "路由地址"
	MenuPath           = "路径"
	MenuComponent      = "组件"
	MenuAddress        = "跳转地址"
	MenuIcon           = "图标"
	MenuPermissionCode = "权限标识"
	// MenuParentNotFound answers a parent that is not a menu of the tree.
	MenuParentNotFound = "上级菜单不存在"
	// MenuSystemUndeletable refuses to delete a menu the server owns (or a
	// node with one below it).
	MenuSystemUndeletable = "系统菜单不能删除"
	// MenuSystemLocked refuses to change more than the title and icon of a
	// menu the server owns.
	MenuSystemLocked = "系统菜单只能修改标题和图标"
	// MenuNodesRequired answers a reorder without nodes.
	MenuNodesRequired = "请提交要更新的菜单节点"
	// MenuNodeRepeated names a node sent twice in one reorder.
	MenuNodeRepeated = "菜单节点重复：%d"
	// MenuRootNotMovable refuses to drag the root node.
	MenuRootNotMovable = "根节点不能拖动"
	// MenuRootNoSiblings refuses to drop a node beside the root.
	MenuRootNoSiblings = "不能放在根节点的同级"
	// MenuTopLevelFixed refuses to move a first-level menu below another
	// node: first-level menus move only among their siblings.
	MenuTopLevelFixed = "一级菜单只能在同级之间移动"
	// MenuNotTopLevel refuses to make a lower menu first-level.
	MenuNotTopLevel = "非一级菜单不能成为一级菜单"
	// MenuIntoOwnChild refuses to move a menu below itself.
	MenuIntoOwnChild = "不能把菜单移动到它自己的下级"
)

// Work groups (the specification's form texts first).
const (
	WorkGroupNameRequired  = "名称不能为空!"
	WorkGroupDescRequired  = "描述不能为空"
	WorkGroupUsersRequired = "人员不能为空"
	// WorkGroupName and WorkGroupDesc name the form's fields.
	WorkGroupName = "名称"
	WorkGroupDesc = "描述"
	// WorkGroupNotFound answers a work group outside the viewer's tenant
	// or organisation subtree.
	WorkGroupNotFound = "工作组不存在"
	// WorkGroupUserOutOfScope names a member the viewer may not see.
	WorkGroupUserOutOfScope = "人员不存在或不在管辖范围内：%d"
	// WorkGroupOrgOutOfScope answers an orgId the viewer may not use.
	WorkGroupOrgOutOfScope = "所属机构不存在或不在管辖范围内"
)

// Dictionaries.
const (
	DictTypeRequired  = "请输入字典类型"
	DictTypeInvalid   = "字典类型须以字母开头，只能包含字母、数字和下划线"
	DictTitleRequired = "请输入字典名称"
	DictType          = "字典类型"
	DictTitle         = "字典名称"
	// DictTypeTaken answers a dictionary type that exists already.
	DictTypeTaken = "字典类型已存在"
	// DictNotFound answers a dictionary id or type that does not exist.
	DictNotFound = "字典不存在"
	// DictFromSchema refuses to change or delete a dictionary _dicts.yaml
	// defines (modules refer to it; the next start would restore it).
	DictFromSchema = "该字典由系统配置文件定义，不能修改或删除"
	// DictItemFromSchema refuses the same for one of its items.
	DictItemFromSchema = "该字典项由系统配置文件定义，不能修改或删除"
	DictItemNotFound   = "字典项不存在"
	DictItemDict       = "请选择所属字典"
	DictItemValue      = "字典值"
	DictItemLabel      = "字典标签"
	DictItemColor      = "颜色"
	// DictItemValueRequired and DictItemLabelRequired answer an item
	// without a value or a label.
	DictItemValueRequired = "请输入字典值"
	DictItemLabelRequired = "请输入字典标签"
	// DictItemValueTaken answers a value the dictionary has already.
	DictItemValueTaken = "该字典中已存在相同的字典值"
	// DictTypeParamRequired answers selectSysDictItemList without a type.
	DictTypeParamRequired = "请指定字典类型"
)
