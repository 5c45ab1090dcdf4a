// The member picker's options (spec §3 "User option", §9 user pick list of 1000): every user the viewer
// reaches, labelled so the searchable multi-select of the work-group and organisation forms can match
// by name, username or mobile.

import { useEffect, useState } from "react";
import { request } from "../../api/http";
import { notify } from "../../app/notify";

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

/** fetchUserOptions loads the pick list; a failure is left to the caller (silent). */
export async function fetchUserOptions(): Promise<UserOption[]> {
  const page = await request<{ data: UserOption[] }>("/api/system/cscpUserDetailsOr", {
    query: { page: 0, size: USER_PICK_SIZE },
    silent: true,
  });
  return page.data;
}

/** useUserOptions loads the pick list once; when it cannot be loaded errorText is shown. */
export function useUserOptions(errorText: string): { value: number; label: string }[] {
  const [users, setUsers] = useState<UserOption[]>([]);
  useEffect(() => {
    let live = true;
    fetchUserOptions()
      .then((list) => live && setUsers(list))
      .catch(() => live && notify.error(errorText));
    return () => {
      live = false;
    };
  }, [errorText]);
  return users.map((u) => ({ value: Number(u.userId), label: userLabel(u) }));
}
