// The work-group calls of spec §7, read and written through refine's "system" provider.

/** WORK_GROUP_PATHS: the list (groupName, description, page, size), and the records (GET/DELETE /{id},
 * POST/PUT without id in the path). */
export const WORK_GROUP_PATHS = {
  list: "/api/system/cscpWorkGroupsOr",
  records: "/api/system/cscpWorkGroups",
} as const;
