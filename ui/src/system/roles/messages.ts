// The role screens' message texts (system.roles.messages in the locale bundles), from spec §5 "Role" and
// §8 "Roles and organisations".

import { catalogue, text } from "../../locales/catalogue";

/** ROLE_MESSAGES are the role screens' messages, each read in the current locale. */
export const ROLE_MESSAGES = catalogue("system.roles.messages");

/** inUseMessage is the server's in-use text (engine/msg RoleInUse): the role is used by n accounts. */
export const inUseMessage = (n: number): string => text("system.roles.messages.inUse", { count: n });

/** tooLong is the server's length message (engine/msg FieldTooLong). */
export const tooLong = (label: string, max: number): string => text("system.common.tooLong", { label, max });

/** ROLE_LABELS name the role fields inside the length messages, as the server does (system.roles). */
export const ROLE_LABELS = catalogue("system.roles");
