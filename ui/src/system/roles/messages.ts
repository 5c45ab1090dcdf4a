// The role screens' message texts, verbatim from spec §5 "Role" and §8 "Roles and organisations".

export const ROLE_MESSAGES = {
  deleteSuccess: "角色删除成功！",
  deleteFailed: "角色删除失败！",
  initFailed: "角色数据初始化失败！",
  createFailed: "创建新角色失败！",
  updateFailed: "更新角色数据失败！",
  createSuccess: "创建新角色成功！",
  updateSuccess: "更新角色数据成功！",
  nameRequired: "名称不能为空!",
  iconRequired: "图标不能为空!",
  menuRequired: "请至少选择一项菜单",
} as const;

/** inUseMessage is the server's in-use text (engine/msg RoleInUse): the role is used by n accounts. */
export const inUseMessage = (n: number): string => `该角色已被${n}个账号使用，禁止删除`;

/** tooLong is the server's length message (engine/msg FieldTooLong). */
export const tooLong = (label: string, max: number): string => `${label}长度不能超过${max}个字符`;

/** ROLE_LABELS name the role fields inside the length messages, as the server does. */
export const ROLE_LABELS = { name: "名称", roleExtent: "扩展属性", icon: "图标" } as const;
