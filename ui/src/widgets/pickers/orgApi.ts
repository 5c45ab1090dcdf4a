// The organisation calls of the org cascader (modules/system/orgs.go): the signed-in user's own
// organisation, the children of one, and the nested tree under one (to show a value set earlier). The
// cascader makes them through refine's "system" data provider.

/** An organisation as the pickers' calls return it. */
export interface OrgNode {
  id: number;
  orgName: string;
  parentId: number;
  /** The ids from the top down to this one, "/1/5/9/". */
  path: string;
  leaf: boolean;
  children?: OrgNode[];
}

/** ORG_PATHS are the calls: own (GET, null without one), children (GET ?parentId=), tree (GET /{id}). */
export const ORG_PATHS = {
  own: "/api/villager/getOrgByUserId",
  children: "/api/organ/cscpOrgs",
  tree: (id: number) => `/api/system/getCscpOrgTree/${id}`,
} as const;

/** orgChain answers the ids of an organisation path ("/1/5/9/") from topId down (empty when outside it). */
export function orgChain(path: string, topId: number): number[] {
  const ids = path.split("/").filter(Boolean).map(Number);
  const start = ids.indexOf(topId);
  return start < 0 ? [] : ids.slice(start);
}

/** findOrg finds id in a forest, undefined when it is not there. */
export function findOrg(forest: readonly OrgNode[], id: number): OrgNode | undefined {
  for (const n of forest) {
    if (n.id === id) return n;
    const below = findOrg(n.children ?? [], id);
    if (below) return below;
  }
  return undefined;
}
