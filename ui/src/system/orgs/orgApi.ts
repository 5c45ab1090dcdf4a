// The organisation screen's calls (spec §7): one level of the lazy tree, one organisation with its
// members and work groups, the edit dialog's save and the drag's reorder.

import { request } from "../../api/http";
import type { MovedOrg, OrgNode } from "./orgTree";

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

/** fetchChildren loads the organisations directly under parentId (0: the top the viewer reaches). */
export async function fetchChildren(parentId: number): Promise<OrgNode[]> {
  const res = await request<{ cscpOrgDTOs: OrgNode[] }>("/api/system/cscpOrgs/all", { query: { parentId }, silent: true });
  return res.cscpOrgDTOs;
}

/** fetchOrg loads one organisation with its links. */
export function fetchOrg(id: number): Promise<OrgDetail> {
  return request<OrgDetail>(`/api/system/cscpOrgs/${id}`, { silent: true });
}

/** fetchWorkGroupOptions loads the work groups the viewer reaches, for the dialog's picker. */
export async function fetchWorkGroupOptions(): Promise<{ value: number; label: string }[]> {
  const res = await request<{ data: { id: number; groupName: string }[] }>("/api/system/cscpWorkGroupsOr", {
    query: { page: 0, size: 1000 },
    silent: true,
  });
  return res.data.map((g) => ({ value: g.id, label: g.groupName }));
}

/**
 * saveOrg saves name, description, members and work groups (POST /api/system/cscpOrgs/save). A refusal
 * (code not 0, or a failed request) is reported with the server's msg by the global handler.
 */
export async function saveOrg(node: OrgNode, edit: OrgEdit): Promise<void> {
  await request("/api/system/cscpOrgs/save", {
    method: "POST",
    body: {
      cscpOrgDTOs: [{ id: node.id, orgName: edit.orgName.trim(), description: edit.description.trim(), parentId: node.parentId }],
      cscpUserOrgDTOs: edit.users.map((userId) => ({ userId, orgId: node.id })),
      cscpWorkGroupOrgDTOs: edit.groups.map((groupId) => ({ groupId, orgId: node.id })),
    },
  });
}

/** saveOrder saves the siblings a drag renumbered (POST /api/system/cscpOrgs/updateOrg). */
export async function saveOrder(moves: MovedOrg[]): Promise<void> {
  await request("/api/system/cscpOrgs/updateOrg", { method: "POST", body: moves, silent: true });
}
