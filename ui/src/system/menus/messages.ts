// The menu screens' message texts (system.menus.messages in the locale bundles). Spec §5/§8 quote only some
// of them; the others are the server's own texts (engine/msg), so a rule refused here or there reads the same.

import { catalogue, text } from "../../locales/catalogue";

/** MENU_MESSAGES are the menu screens' messages, each read in the current locale. */
export const MENU_MESSAGES = catalogue("system.menus.messages");

/** tooLong is the server's length message (engine/msg/schema.go FieldTooLong). */
export const tooLong = (label: string, max: number): string => text("system.common.tooLong", { label, max });

/** noChinese is the server's message for a field that must not hold Chinese (FieldNoChinese). */
export const noChineseMessage = (label: string): string => text("system.common.noChinese", { label });

/** FIELD_LABELS name the fields inside the messages above, as the server names them (system.menus). */
export const FIELD_LABELS = catalogue("system.menus");
