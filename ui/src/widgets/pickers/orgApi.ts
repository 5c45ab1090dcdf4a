// The organisation calls of the org cascader (modules/system/orgs.go): the signed-in user's own
// organisation, the children of one, and the nested tree under one (to show a value set earlier).

import { request } from "../../api/http";

/** An organisation as the pickers' calls return it. */
export interface OrgNode {
  id: number;
  orgName: string;
  parentId: number;
  path: string;
  leaf: boolean;
  children?: OrgNode[];
}

/** ownOrg is GET /api/villager/getOrgByUserId: the signed-in user's organisation (null without one). */
export const ownOrg = () => request<OrgNode | null>("/api/villager/getOrgByUserId");

/** childOrgs is GET /api/organ/cscpOrgs?parentId=: the direct children the user reaches. */
export const childOrgs = (parentId: number) => request<OrgNode[]>("/api/organ/cscpOrgs", { query: { parentId } });

/** orgTreeUnder is GET /api/system/getCscpOrgTree/{id}: the nested tree below id. */
export const orgTreeUnder = (id: number) => request<OrgNode[]>(`/api/system/getCscpOrgTree/${id}`);

/** pathTo finds the ids from a forest's top down to id, undefined when it is not there. */
export function pathTo(forest: readonly OrgNode[], id: number): OrgNode[] | undefined {
  for (const n of forest) {
    if (n.id === id) return [n];
    const below = pathTo(n.children ?? [], id);
    if (below) return [n, ...below];
  }
  return undefined;
}
