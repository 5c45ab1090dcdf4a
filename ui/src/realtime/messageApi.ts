// The message calls (spec §7 "Files, review, messages"; docs/messages.md).

import { request } from "../api/http";
import { levelOf, ORG_PATHS } from "../system/orgs/orgApi";
import type { OrgNode } from "../system/orgs/orgTree";
import { ROLE_LIST_SIZE, ROLE_PATHS, type Role } from "../system/roles/roleApi";
import type { SocketMessage } from "./socket";

const BASE = "/message/api/message";

/** MessagePage is one page of the message centre. */
export interface MessagePage {
  data: SocketMessage[];
  recordsTotal: number;
}

/** MessageFilter narrows the list: a kind, and read or unread. */
export interface MessageFilter {
  page: number;
  size: number;
  kind?: string;
  read?: "read" | "unread";
}

/** The kinds of messages the server stores. */
export const MESSAGE_KINDS = ["notice", "status", "assign", "task", "direct"] as const;

/** Announcement is what an administrator sends to an organisation subtree or a role. */
export interface Announcement {
  title: string;
  body?: string;
  orgId?: number;
  roleId?: number;
}

/** The code that allows sending announcements (the announcement page menu carries it). */
export const ANNOUNCE_CODE = "message.announce";

export const messageApi = {
  /** userKey answers the socket key {tenantId}_{userId}. */
  userKey: () => request<string>(`${BASE}/getUserId`, { silent: true }),
  list: (f: MessageFilter) => request<MessagePage>(`${BASE}/list`, { query: { ...f } }),
  unreadCount: () => request<number>(`${BASE}/unreadCount`, { silent: true }),
  read: (id: number) => request<null>(`${BASE}/${id}/read`, { method: "PUT" }),
  readAll: () => request<number>(`${BASE}/readAll`, { method: "PUT" }),
  remove: (id: number) => request<null>(`${BASE}/${id}`, { method: "DELETE" }),
  announce: (a: Announcement) => request<{ recipients: number }>(`${BASE}/announce`, { method: "POST", body: a }),
  /** orgLevel answers the organisations under parentId (0: the top the viewer reaches), for the audience. */
  orgLevel: async (parentId: number): Promise<OrgNode[]> =>
    levelOf(await request<unknown>(ORG_PATHS.level, { query: { parentId }, silent: true })),
  /** roles answers the tenant's roles, for the audience. */
  roles: async (): Promise<Role[]> =>
    (await request<{ data: Role[] }>(ROLE_PATHS.list, { query: { page: 0, size: ROLE_LIST_SIZE }, silent: true })).data,
};
