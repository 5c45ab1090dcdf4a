// The workflow calls (docs/workflow.md "API"): the caller's lists (to-do, done, copied to me, my applications), decisions on
// their tasks, and the applicant's calls on a record (submit, withdraw, chase, copy, simulate).

import { request } from "../api/http";

const BASE = "/api/workflow";

/** TaskRow is a row of to-do, done or copied-to-me. */
export interface TaskRow {
  id: number;
  instanceId: number;
  module: string;
  moduleTitle: string;
  recordId: number;
  title: string;
  step: string;
  stepTitle: string;
  state: string;
  comment?: string;
  applicantId: number;
  applicantName: string;
  createdAt: string;
  decidedAt?: string;
}

/** MineRow is a row of my applications: one submission and where it stands. */
export interface MineRow {
  id: number;
  module: string;
  moduleTitle: string;
  recordId: number;
  title: string;
  state: string;
  version: number;
  current?: string[] | null;
  createdAt: string;
  finishedAt?: string;
}

/** TodoCount is the number of open tasks of one module. */
export interface TodoCount {
  module: string;
  title: string;
  count: number;
}

export interface Page<T> {
  data: T[];
  recordsTotal: number;
}

export interface Person {
  id: number;
  name: string;
}

export interface TaskView {
  id: number;
  assigneeId: number;
  assigneeName: string;
  state: string;
  auto?: boolean;
  comment?: string;
  createdAt: string;
  decidedAt?: string;
  /** Whom the approver acted for (a delegation or a leave), when the server says. */
  actingForName?: string;
  /** before/after for someone added, with who added them. */
  kind?: string;
  addedById?: number;
  /** A delegate's task: the owner's task it stands in for. */
  delegateOf?: number;
  dueAt?: string;
}

export interface StepView {
  name: string;
  title: string;
  mode: string;
  stage: number;
  lane?: string;
  status: "pending" | "current" | "done" | "skipped" | string;
  skip?: string;
  approvers: Person[] | null;
  tasks: TaskView[] | null;
}

export interface InstanceView {
  id: number;
  version: number;
  state: string;
  applicantId: number;
  applicantName: string;
  createdAt: string;
  finishedAt?: string;
  steps: StepView[] | null;
  cc?: TaskView[] | null;
}

/**
 * An action the server offers the caller on a task (an engine that lists them: delegate, add an approver…).
 * needs names the inputs it takes besides the comment: "userId" (a person), "to" (an earlier step).
 */
export interface OfferedAction {
  action: string;
  label?: string;
  taskId?: number;
  needs?: string[];
  commentRequired?: boolean;
  /** The people the action may name (removing one: those the caller added), instead of a search. */
  choices?: { value: number; label: string }[];
}

export interface FlowState {
  module: string;
  recordId: number;
  instances: InstanceView[] | null;
  /** The caller's possible actions, when the server lists them (otherwise the panel works them out). */
  actions?: (OfferedAction | string)[] | null;
}

export interface FlowRecord {
  record: Record<string, unknown>;
  flow: FlowState;
}

export interface PlanStep {
  name: string;
  title: string;
  mode: string;
  ratio?: number;
  deadline?: string;
  approvers: number[] | null;
  skip?: string;
  cc?: boolean;
}

export interface Plan {
  stages: { name: string; title: string; parallel?: boolean; lanes: { name?: string; title?: string; steps: PlanStep[] }[] }[];
}

export interface Simulation {
  plan: Plan;
  people: Record<string, string>;
}

/** Decision is the body of a decision on a task. */
export interface Decision {
  action: string;
  comment?: string;
  to?: string;
  userId?: number;
  /** Adding approvers: who is added, and before or after the caller. */
  userIds?: number[];
  position?: "before" | "after";
}

export interface ListQuery {
  page: number;
  size: number;
  module?: string;
}

/** UserOption is a user as the person pickers list them (GET /api/getTenantUserList). */
export interface UserOption {
  id: number;
  userId?: number;
  username: string;
  familyName?: string;
  name?: string;
  orgName?: string;
}

const path = (module: string, id: number | string, action: string) =>
  `${BASE}/${encodeURIComponent(module)}/${encodeURIComponent(String(id))}/${action}`;

export const workflowApi = {
  todo: (q: ListQuery) => request<Page<TaskRow>>(`${BASE}/todo`, { query: { ...q } }),
  todoCounts: () => request<TodoCount[]>(`${BASE}/todo/counts`, { silent: true }),
  done: (q: ListQuery) => request<Page<TaskRow>>(`${BASE}/done`, { query: { ...q } }),
  cc: (q: ListQuery) => request<Page<TaskRow>>(`${BASE}/cc`, { query: { ...q } }),
  mine: (q: ListQuery) => request<Page<MineRow>>(`${BASE}/mine`, { query: { ...q } }),
  record: (module: string, id: number | string) =>
    request<FlowRecord>(`${BASE}/${encodeURIComponent(module)}/${encodeURIComponent(String(id))}`, { silent: true }),
  decide: (taskId: number, d: Decision) => request<FlowState>(`${BASE}/tasks/${taskId}/decide`, { method: "POST", body: d }),
  takeBack: (taskId: number) => request<FlowState>(`${BASE}/tasks/${taskId}/takeback`, { method: "POST", body: {} }),
  submit: (module: string, id: number | string) => request<FlowState>(path(module, id, "submit"), { method: "POST", body: {} }),
  withdraw: (module: string, id: number | string) => request<FlowState>(path(module, id, "withdraw"), { method: "POST", body: {} }),
  chase: (module: string, id: number | string) => request<FlowState>(path(module, id, "chase"), { method: "POST", body: {} }),
  copy: (module: string, id: number | string, userIds: number[]) =>
    request<FlowState>(path(module, id, "cc"), { method: "POST", body: { userIds } }),
  simulate: (module: string, record: Record<string, unknown>, applicantId?: number) =>
    request<Simulation>(`${BASE}/${encodeURIComponent(module)}/simulate`, {
      method: "POST",
      body: applicantId ? { record, applicantId } : { record },
    }),
  users: (name: string) => request<UserOption[]>("/api/getTenantUserList", { query: { name }, silent: true }),
};

/** userLabel is how a user option is shown: family and given name with the account. */
export function userLabel(u: UserOption): string {
  const full = `${u.familyName ?? ""}${u.name ?? ""}`.trim();
  return full ? `${full}（${u.username}）` : u.username;
}
