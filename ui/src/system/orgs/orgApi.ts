// The organisation screen's calls (spec §7): one level of the lazy tree, one organisation with its
// members and work groups, the edit dialog's save and the drag's reorder. They are made through refine's
// "system" provider.

import type { OrgNode } from "./orgTree";

/** OrgDetail is GET /api/system/cscpOrgs/{id}: the organisation with its user and work-group links. */
export interface OrgDetail extends OrgNode {
  users: { userId: number }[];
  groups: { groupId: number; groupName?: string }[];
}

/** OrgEdit is what the edit dialog saves. */
export interface OrgEdit {
  orgName: string;
  description: string;
  users: number[];
  groups: number[];
}

/** ORG_PATHS are the organisation screen's calls (spec §7). */
export const ORG_PATHS = {
  /** GET ?parentId= → { cscpOrgDTOs } */
  level: "/api/system/cscpOrgs/all",
  /** GET /{id} → OrgDetail */
  records: "/api/system/cscpOrgs",
  /** GET page=0&size=1000, the dialog's work-group picker */
  workGroups: "/api/system/cscpWorkGroupsOr",
  /** POST the three DTO lists; a refusal is reported with the server's msg by the global handler */
  save: "/api/system/cscpOrgs/save",
  /** POST the siblings a drag renumbered */
  reorder: "/api/system/cscpOrgs/updateOrg",
} as const;

/** WORK_GROUP_PICK_SIZE is the dialog's work-group list size. */
export const WORK_GROUP_PICK_SIZE = 1000;

/** levelOf reads the organisations of a level answer. */
export function levelOf(answer: unknown): OrgNode[] {
  if (typeof answer !== "object" || answer === null || !("cscpOrgDTOs" in answer)) return [];
  return Array.isArray(answer.cscpOrgDTOs) ? (answer.cscpOrgDTOs as OrgNode[]) : [];
}

/** saveBody is the body of the save: name, description, members and work groups of node. */
export function saveBody(node: OrgNode, edit: OrgEdit) {
  return {
    cscpOrgDTOs: [{ id: node.id, orgName: edit.orgName.trim(), description: edit.description.trim(), parentId: node.parentId }],
    cscpUserOrgDTOs: edit.users.map((userId) => ({ userId, orgId: node.id })),
    cscpWorkGroupOrgDTOs: edit.groups.map((groupId) => ({ groupId, orgId: node.id })),
  };
}
