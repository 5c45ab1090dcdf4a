// The work-group screens' texts and form rules (spec §5 "Work group", §8 "Work group", §9), kept as
// plain data and functions so they are tested without a browser. The messages are the spec's, in the bundles.

import type { Rule } from "antd/es/form";
import { catalogue } from "../../locales/catalogue";

/** MSG holds the spec's work-group messages (system.workgroups.messages), read in the current locale. */
export const MSG = catalogue("system.workgroups.messages");

/** PAGE_SIZE is the work-group list's page size (spec §9). */
export const PAGE_SIZE = 13;

/** EDIT_ID_KEY is the session-storage key that hands the edited group's id to workgroup-edit (spec §2). */
export const EDIT_ID_KEY = "xz.workgroup.editId";

/** Maximum lengths the server accepts (modules/system/workgroups.go). */
export const MAX_NAME = 100;
export const MAX_DESC = 500;

/** showPager reports whether the list needs a pager: only when the total exceeds a page. */
export const showPager = (total: number, size = PAGE_SIZE): boolean => total > size;

/** blankError answers message when value is empty or only spaces, else "". */
export function blankError(value: unknown, message: string): string {
  return typeof value === "string" && value.trim() !== "" ? "" : message;
}

/** membersError answers the spec's message when no member is chosen, else "". */
export function membersError(value: unknown): string {
  return Array.isArray(value) && value.length > 0 ? "" : MSG.usersRequired;
}

/** asRule turns a check answering "" or a message into an antd form rule. */
export function asRule(check: (value: unknown) => string): Rule {
  return {
    validator: (_rule, value) => {
      const problem = check(value);
      return problem ? Promise.reject(new Error(problem)) : Promise.resolve();
    },
  };
}

/** FORM_RULES are the work-group form's rules, by field. */
export const FORM_RULES = {
  groupName: [asRule((v) => blankError(v, MSG.nameRequired))],
  description: [asRule((v) => blankError(v, MSG.descRequired))],
  users: [asRule(membersError)],
} satisfies Record<string, Rule[]>;

/** WorkGroupForm is what the form holds. */
export interface WorkGroupForm {
  id?: number;
  orgId?: number | null;
  groupName: string;
  description: string;
  users: number[];
}

/** WorkGroup is a work group as the server answers it (spec §3). */
export interface WorkGroup {
  id: number;
  groupName: string;
  description: string;
  orgId: number | null;
  userDetail?: { userId: number | string }[];
}

/** toPayload is the body of POST/PUT /api/system/cscpWorkGroups: trimmed texts, members as userDetail. */
export function toPayload(form: WorkGroupForm): Record<string, unknown> {
  return {
    ...(form.id ? { id: form.id } : {}),
    ...(form.orgId ? { orgId: form.orgId } : {}),
    groupName: form.groupName.trim(),
    description: form.description.trim(),
    userDetail: form.users.map((userId) => ({ userId })),
  };
}

/** toForm fills the form from a loaded group. */
export function toForm(g: WorkGroup): WorkGroupForm {
  return {
    id: g.id,
    orgId: g.orgId,
    groupName: g.groupName,
    description: g.description,
    users: (g.userDetail ?? []).map((u) => Number(u.userId)),
  };
}
