// What the approval panel may offer the signed-in user, worked out from a record's flow state
// (docs/workflow.md). The server stays the judge: a button it would refuse answers with its message.
// When the flow state lists the caller's actions (`actions`), those are offered instead, so actions an
// engine adds later (delegate, add an approver…) appear without a console change.

import type { FlowState, InstanceView, OfferedAction, StepView, TaskView } from "./workflowApi";

/** The decisions the console knows how to ask for; others the server offers are shown with a comment box. */
export const KNOWN_ACTIONS: Readonly<Record<string, { needs: string[]; commentRequired: boolean }>> = {
  approve: { needs: [], commentRequired: false },
  reject: { needs: [], commentRequired: true },
  return: { needs: ["to"], commentRequired: false },
  transfer: { needs: ["userId"], commentRequired: false },
  delegate: { needs: ["userId"], commentRequired: false },
  resolve: { needs: [], commentRequired: true },
  addSign: { needs: ["userIds", "position"], commentRequired: false },
  removeSign: { needs: ["userId"], commentRequired: false },
};

/** The default decisions on an open task when the server does not list them. */
export const DEFAULT_DECISIONS = ["approve", "reject", "return", "transfer", "delegate", "addSign"] as const;

/** A delegate's task is decided or handed back (resolve), never passed on again. */
export const DELEGATE_DECISIONS = ["approve", "reject", "return", "resolve"] as const;

/** Task states in which someone added may still be removed. */
const REMOVABLE = ["open", "waiting", "suspended"];

/** TO_APPLICANT is the return target that sends the application back to its applicant. */
export const TO_APPLICANT = "applicant";

/** Record statuses of a workflow module (docs/workflow.md): 0 draft … 4 withdrawn. */
export const FLOW_STATUS = { draft: 0, running: 1, approved: 2, rejected: 3, withdrawn: 4 } as const;

/** latest answers the newest submission (the server lists them newest first). */
export function latest(flow: FlowState | undefined | null): InstanceView | undefined {
  return flow?.instances?.[0];
}

const stepsOf = (inst: InstanceView | undefined): StepView[] => inst?.steps ?? [];
const tasksOf = (step: StepView): TaskView[] => step.tasks ?? [];

/** myOpenTask finds the caller's open task in a running submission, with its step. */
export function myOpenTask(inst: InstanceView | undefined, me: number, focus?: number): { task: TaskView; step: StepView } | undefined {
  if (!inst || inst.state !== "running") return undefined;
  // The task a message named (?task=) comes first when it is the caller's and still open.
  if (focus) {
    for (const step of stepsOf(inst)) {
      const task = tasksOf(step).find((t) => t.id === focus && t.assigneeId === me && t.state === "open");
      if (task) return { task, step };
    }
  }
  for (const step of stepsOf(inst)) {
    const task = tasksOf(step).find((t) => t.assigneeId === me && t.state === "open");
    if (task) return { task, step };
  }
  return undefined;
}

/**
 * myTakeBack finds what take back may reopen: the caller's own (not automatic) latest approval, or a task
 * they delegated and get back.
 */
export function myTakeBack(inst: InstanceView | undefined, me: number): TaskView | undefined {
  if (!inst || inst.state !== "running") return undefined;
  let found: TaskView | undefined;
  for (const step of stepsOf(inst)) {
    for (const t of tasksOf(step)) {
      if (t.assigneeId === me && (t.state === "approved" || t.state === "delegated") && !t.auto) {
        if (!found || (t.decidedAt ?? "") >= (found.decidedAt ?? "")) found = t;
      }
    }
  }
  return found;
}

/** returnTargets lists the steps a task of step may return to: steps already passed before it, then the applicant. */
export function returnTargets(inst: InstanceView | undefined, step: StepView): { name: string; title: string }[] {
  const targets = stepsOf(inst)
    .filter((s) => s.name !== step.name && s.status === "done" && (s.stage < step.stage || (s.stage === step.stage && s.lane === step.lane)))
    .map((s) => ({ name: s.name, title: s.title }));
  return [...targets, { name: TO_APPLICANT, title: "" }];
}

/** decided tells whether an approver (not the engine) has decided anything in the submission. */
export function decided(inst: InstanceView | undefined): boolean {
  return stepsOf(inst).some((s) =>
    tasksOf(s).some((t) => !t.auto && ["approved", "rejected", "returned", "transferred", "delegated"].includes(t.state)),
  );
}

/** involved tells whether the caller has (or had) a task on the submission. */
export function involved(inst: InstanceView | undefined, me: number): boolean {
  return stepsOf(inst).some((s) => tasksOf(s).some((t) => t.assigneeId === me));
}

/** offered reads the server's list of actions, when it sends one. */
export function offered(flow: FlowState | undefined | null): OfferedAction[] | undefined {
  if (!flow?.actions) return undefined;
  return flow.actions.map((a) => (typeof a === "string" ? { action: a } : a));
}

/** Panel is everything the approval panel offers the caller. */
export interface PanelActions {
  /** Decisions on the caller's open task. */
  decisions: OfferedAction[];
  task?: TaskView;
  step?: StepView;
  takeBack?: TaskView;
  submit: boolean;
  withdraw: boolean;
  chase: boolean;
  copy: boolean;
}

/**
 * panelActions works out the panel's buttons for user me. status is the record's status value; canSubmit
 * whether the caller holds the module's submit code; creator whether the caller created the record.
 */
export function panelActions(flow: FlowState | undefined | null, me: number, status: unknown, canSubmit: boolean, focus?: number): PanelActions {
  const inst = latest(flow);
  const open = myOpenTask(inst, me, focus);
  const list = offered(flow);
  const applicant = inst ? inst.applicantId === me : false;
  const running = inst?.state === "running";
  const s = typeof status === "string" ? Number(status) : status;
  const submittable = s === undefined || s === null || s === FLOW_STATUS.draft || s === FLOW_STATUS.rejected || s === FLOW_STATUS.withdrawn;
  const draftLike = !inst || ["rejected", "withdrawn", "returned"].includes(inst.state);
  const defaults = open?.task.delegateOf ? DELEGATE_DECISIONS : DEFAULT_DECISIONS;
  const decisions: OfferedAction[] = open
    ? (list
        ?.filter((a) => !["takeBack", "submit", "withdraw", "chase", "cc"].includes(a.action))
        .map((a) => ({ ...a, taskId: a.taskId ?? open.task.id })) ??
      defaults.map((action) => ({ action, taskId: open.task.id })))
    : [];
  const removal = list ? undefined : removeSign(inst, me);
  if (removal) decisions.push(removal);
  const has = (action: string, fallback: boolean) => (list ? list.some((a) => a.action === action) : fallback);
  return {
    decisions,
    task: open?.task,
    step: open?.step,
    takeBack: has("takeBack", true) ? myTakeBack(inst, me) : undefined,
    submit: has("submit", canSubmit && submittable && draftLike),
    withdraw: has("withdraw", applicant && running && !decided(inst)),
    chase: has("chase", applicant && running),
    copy: has("cc", !!inst && (applicant || involved(inst, me))),
  };
}

/** FocusState says where the task a message named stands for the caller: open (to decide), handled (no longer open), or absent from the record's flow. */
export function focusState(flow: FlowState | undefined | null, me: number, focus: number | undefined): "open" | "handled" | "absent" | undefined {
  if (!focus) return undefined;
  for (const inst of flow?.instances ?? []) {
    for (const step of stepsOf(inst)) {
      const t = tasksOf(step).find((x) => x.id === focus);
      if (t) return t.assigneeId === me && t.state === "open" && inst.state === "running" ? "open" : "handled";
    }
  }
  return "absent";
}

/** removeSign offers removing an added approver when the caller added people who have not decided yet, on the caller's task. */
export function removeSign(inst: InstanceView | undefined, me: number): OfferedAction | undefined {
  if (!inst || inst.state !== "running") return undefined;
  for (const step of stepsOf(inst)) {
    const added = tasksOf(step).filter((t) => t.addedById === me && REMOVABLE.includes(t.state));
    const mine = tasksOf(step).find((t) => t.assigneeId === me && ["open", "suspended", "approved"].includes(t.state));
    if (added.length && mine) {
      return { action: "removeSign", taskId: mine.id, choices: added.map((t) => ({ value: t.assigneeId, label: t.assigneeName })) };
    }
  }
  return undefined;
}

/** needsOf answers what an action asks for besides the comment. */
export function needsOf(a: OfferedAction): { needs: string[]; commentRequired: boolean } {
  const known = KNOWN_ACTIONS[a.action];
  return { needs: a.needs ?? known?.needs ?? [], commentRequired: a.commentRequired ?? known?.commentRequired ?? false };
}
