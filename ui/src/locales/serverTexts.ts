// Texts and data values the server answers (always in Chinese, engine/msg and the stored data) that the
// console recognises by equality. They are not translated: they are what arrives on the wire.

/** ADMIN_PASSWORD_WRONG is the server's refusal of a wrong current-login password (spec §8 "Users and profile"). */
export const ADMIN_PASSWORD_WRONG = "管理员密码不正确！";

/** VILLAGE is the organisation description that marks a village, a leaf of the tree (spec §3). */
export const VILLAGE = "村";
