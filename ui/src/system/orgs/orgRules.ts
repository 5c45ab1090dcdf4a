// The organisation screens' texts and the edit form's rule (spec §5 "Organisation", §8 "Roles and
// organisations"); the messages are the spec's, verbatim.

import { asRule, blankError } from "../workgroups/rules";

/** MSG holds the spec's organisation messages verbatim. */
export const MSG = {
  nameRequired: "请填写机构名称",
  loadFailed: "获取数据失败！",
  dragFailed: "拖拽的节点数据更新失败，请刷新数据重新尝试！",
} as const;

/** NAME_RULES are the organisation name's rules: required, spaces alone not counting. */
export const NAME_RULES = [asRule((v) => blankError(v, MSG.nameRequired))];
