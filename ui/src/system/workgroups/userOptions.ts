// The member picker's options (spec §3 "User option", §9 user pick list of 1000): every user the viewer
// reaches, labelled so the searchable multi-select of the work-group and organisation forms can match
// by name, username or mobile.

import { useMemo } from "react";
import { useList } from "@refinedev/core";
import { SYSTEM } from "../../api/systemDataProvider";
import { notify } from "../../app/notify";
import { FRESH, useOnFailure } from "../queries";

/** USER_OPTIONS_PATH is the pick list's call. */
export const USER_OPTIONS_PATH = "/api/system/cscpUserDetailsOr";

/** UserOption is one user as GET /api/system/cscpUserDetailsOr lists it. */
export interface UserOption {
  userId: number;
  username: string;
  familyName?: string;
  name?: string;
  mobile?: string;
}

/** USER_PICK_SIZE is the pick list's size (spec §9). */
export const USER_PICK_SIZE = 1000;

/** userLabel is what the picker shows for a user: full name and username, with the mobile when known. */
export function userLabel(u: UserOption): string {
  const full = `${u.familyName ?? ""}${u.name ?? ""}`;
  const main = full ? `${full}（${u.username}）` : u.username;
  return u.mobile ? `${main} ${u.mobile}` : main;
}

/** useUserOptions reads the pick list (page 0, size 1000) through refine's "system" provider; when it
 * cannot be read errorText is shown. */
export function useUserOptions(errorText: string): { value: number; label: string }[] {
  const { result, query } = useList<UserOption>({
    resource: USER_OPTIONS_PATH,
    dataProviderName: SYSTEM,
    pagination: { currentPage: 1, pageSize: USER_PICK_SIZE, mode: "server" },
    errorNotification: false,
    queryOptions: FRESH,
  });
  useOnFailure(query, () => notify.error(errorText));
  return useMemo(() => result.data.map((u) => ({ value: Number(u.userId), label: userLabel(u) })), [result.data]);
}
