// The user form's server-checked rules (spec §5): username and mobile uniqueness. A failed check call
// answers the specification's async-check failure (system.users.messages.asyncCheckFailed).

import type { Rule } from "antd/es/form";
import { text, type Check } from "../formRules";
import { USER_MSG } from "./userRules";

/**
 * uniqueRule asks the server whether the value is taken once the plain check passes; taken values fail
 * with takenMessage, a failed call with the async-check message.
 */
export function uniqueRule(check: Check, taken: (value: string) => Promise<boolean>, takenMessage: string): Rule {
  return {
    validator: async (_rule, value: unknown) => {
      if (check(value)) return;
      let exists: boolean;
      try {
        exists = await taken(text(value));
      } catch {
        throw new Error(USER_MSG.asyncCheckFailed);
      }
      if (exists) throw new Error(takenMessage);
    },
  };
}
