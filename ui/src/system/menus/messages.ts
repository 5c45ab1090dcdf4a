// The menu screens' message texts. Spec §5/§8 quote only some of them; the others are the server's own
// texts (engine/msg/system_b.go), so a rule refused here or there reads the same. Kept verbatim in Chinese.

export const MENU_MESSAGES = {
  fetchFailed: "获取数据失败！",
  dragFailed: "拖拽的节点数据更新失败，请刷新数据重新尝试！",
  deleteSuccess: "删除成功！",
  deleteFailed: "删除失败！",
  addSuccess: "新增菜单成功！",
  addFailed: "新增菜单失败！",
  updateSuccess: "更新菜单成功！",
  updateFailed: "更新菜单失败！",
  dragSuccess: "菜单顺序已更新",
  deleteTitle: "警告",
  deleteContent: "确定删除该节点吗？该节点下的所有子节点也会被一并删除！",
  typeRequired: "请选择菜单类型",
  titleRequired: "请输入标题",
  nameRequired: "请输入名称",
  urlRequired: "请输入路由地址",
  urlSlash: "路由地址必须以/开头",
  componentRequired: "请输入组件",
  addressRequired: "请输入跳转地址",
  pathRequired: "请输入路径",
  pathSlash: "路径必须以/开头",
  imageRequired: "请上传图片",
  uploadFailed: "上传失败",
  dropRefused: "一级菜单只能在同级之间移动，非一级菜单不能成为一级菜单",
} as const;

/** tooLong is the server's length message (engine/msg/schema.go FieldTooLong). */
export const tooLong = (label: string, max: number): string => `${label}长度不能超过${max}个字符`;

/** noChinese is the server's message for a field that must not hold Chinese (FieldNoChinese). */
export const noChineseMessage = (label: string): string => `${label}不能包含中文`;

/** FIELD_LABELS name the fields inside the messages above, as the server names them. */
export const FIELD_LABELS = {
  title: "标题",
  name: "名称",
  url: "路由地址",
  path: "路径",
  component: "组件",
  permissionCode: "权限标识",
  address: "跳转地址",
} as const;
