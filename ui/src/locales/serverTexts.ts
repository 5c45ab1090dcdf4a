// Texts and data values the server answers (always in Chinese, engine/msg and the stored data) that the
// console recognises by equality. They are not translated: they are what arrives on the wire.

/** ADMIN_PASSWORD_WRONG is the server's refusal of a wrong current-login password (spec §8 "Users and profile"). */
export const ADMIN_PASSWORD_WRONG = "管理员密码不正确！";

/** VILLAGE is the organisation description that marks a village, a leaf of the tree (spec §3). */
export const VILLAGE = "村";

// issue 18 (i18n18): the server's field messages (engine/msg/schema.go FieldRequired …), "<label><rest>", by the
// key of the console's schemaTexts section that words the same check; the console re-words them in the
// chosen locale with the field's translated label. Longer patterns come first (a date's message starts like
// the plain format message).
export const SERVER_FIELD_MESSAGES: readonly { key: string; re: RegExp }[] = [
  { key: "badDateTime", re: /^(.+)格式不正确，应为“年-月-日 时:分:秒”/ },
  { key: "badDate", re: /^(.+)格式不正确，应为“年-月-日”/ },
  { key: "badFormat", re: /^(.+)格式不正确$/ },
  { key: "required", re: /^(.+)不能为空$/ },
  { key: "tooLong", re: /^(.+)长度不能超过(\d+)个字符$/ },
  { key: "tooShort", re: /^(.+)长度不能少于(\d+)个字符$/ },
  { key: "tooSmall", re: /^(.+)不能小于(.+)$/ },
  { key: "tooLarge", re: /^(.+)不能大于(.+)$/ },
  { key: "notAnOption", re: /^(.+)的取值不在可选范围内$/ },
  { key: "tooMany", re: /^(.+)最多只能有(\d+)项$/ },
  { key: "tooFew", re: /^(.+)至少需要(\d+)项$/ },
];
