// The organisation screens' texts and the edit form's rule (spec §5 "Organisation", §8 "Roles and
// organisations"); the messages are the spec's, kept in the locale bundles.

import { catalogue } from "../../locales/catalogue";
import { asRule, blankError } from "../workgroups/rules";

/** MSG holds the spec's organisation messages (system.orgs.messages), read in the current locale. */
export const MSG = catalogue("system.orgs.messages");

/** NAME_RULES are the organisation name's rules: required, spaces alone not counting. */
export const NAME_RULES = [asRule((v) => blankError(v, MSG.nameRequired))];
