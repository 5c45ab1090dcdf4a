import { describe, expect, it } from "vitest";
import { FLOW_STATUS, focusState, latest, myOpenTask, myTakeBack, needsOf, panelActions, returnTargets, TO_APPLICANT } from "./flowLogic";
import type { FlowState, InstanceView, StepView } from "./workflowApi";

const step = (name: string, stage: number, status: string, tasks: StepView["tasks"], lane?: string): StepView => ({
  name,
  title: name.toUpperCase(),
  mode: "any",
  stage,
  lane,
  status,
  approvers: [],
  tasks,
});

const task = (id: number, assigneeId: number, state: string, extra: Partial<NonNullable<StepView["tasks"]>[number]> = {}) => ({
  id,
  assigneeId,
  assigneeName: `u${assigneeId}`,
  state,
  createdAt: "2030-01-01 08:00:00",
  ...extra,
});

function flow(inst: Partial<InstanceView>, actions?: FlowState["actions"]): FlowState {
  return {
    module: "vehicleApply",
    recordId: 5,
    actions,
    instances: [{ id: 1, version: 1, state: "running", applicantId: 9, applicantName: "a", createdAt: "2030-01-01 08:00:00", steps: [], ...inst }],
  };
}

describe("the approval panel's actions", () => {
  const running = flow({
    steps: [
      step("township", 0, "done", [task(11, 2, "approved", { decidedAt: "2030-01-01 09:00:00" }), task(12, 3, "cancelled")]),
      step("county", 1, "current", [task(21, 4, "open"), task(22, 5, "open")]),
      step("archive", 2, "pending", []),
    ],
  });

  it("offers the approver of the open step the decisions on their task", () => {
    const a = panelActions(running, 4, FLOW_STATUS.running, false);
    expect(a.decisions.map((d) => d.action)).toEqual(["approve", "reject", "return", "transfer", "delegate", "addSign"]);
    expect(a.decisions.every((d) => d.taskId === 21)).toBe(true);
    expect(a.step?.name).toBe("county");
    expect(a.submit || a.withdraw || a.chase).toBe(false);
    expect(a.copy).toBe(true);
  });

  it("offers the earlier approver take back, and nothing to decide", () => {
    const a = panelActions(running, 2, FLOW_STATUS.running, false);
    expect(a.decisions).toEqual([]);
    expect(a.takeBack?.id).toBe(11);
    expect(myTakeBack(latest(running), 3)).toBeUndefined();
  });

  it("offers the applicant chase, but no withdraw once an approver decided", () => {
    const a = panelActions(running, 9, FLOW_STATUS.running, true);
    expect(a.chase).toBe(true);
    expect(a.withdraw).toBe(false);
    expect(a.submit).toBe(false);
    const fresh = flow({ steps: [step("township", 0, "current", [task(11, 2, "open")])] });
    expect(panelActions(fresh, 9, FLOW_STATUS.running, true).withdraw).toBe(true);
    const auto = flow({ steps: [step("township", 0, "done", [task(11, 2, "approved", { auto: true })]), step("c", 1, "current", [task(12, 3, "open")])] });
    expect(panelActions(auto, 9, FLOW_STATUS.running, true).withdraw).toBe(true);
  });

  it("offers submit on a draft, a rejected or a withdrawn record to a holder of the submit code only", () => {
    const none: FlowState = { module: "m", recordId: 1, instances: [] };
    expect(panelActions(none, 9, FLOW_STATUS.draft, true).submit).toBe(true);
    expect(panelActions(none, 9, FLOW_STATUS.draft, false).submit).toBe(false);
    expect(panelActions(flow({ state: "rejected" }), 9, FLOW_STATUS.rejected, true).submit).toBe(true);
    expect(panelActions(flow({ state: "withdrawn" }), 9, FLOW_STATUS.withdrawn, true).submit).toBe(true);
    expect(panelActions(flow({ state: "returned" }), 9, FLOW_STATUS.draft, true).submit).toBe(true);
    expect(panelActions(flow({ state: "approved" }), 9, FLOW_STATUS.approved, true).submit).toBe(false);
    expect(panelActions(running, 9, FLOW_STATUS.running, true).submit).toBe(false);
  });

  it("returns only to passed steps before the task's, or to the applicant", () => {
    const inst = latest(running);
    const county = myOpenTask(inst, 4)?.step;
    expect(county).toBeDefined();
    expect(returnTargets(inst, county!).map((s) => s.name)).toEqual(["township", TO_APPLICANT]);
    const lanes = flow({
      steps: [
        step("a", 0, "done", []),
        step("left1", 1, "done", [], "L"),
        step("right1", 1, "done", [], "R"),
        step("left2", 1, "current", [task(30, 7, "open")], "L"),
      ],
    });
    const left2 = myOpenTask(latest(lanes), 7)!.step;
    expect(returnTargets(latest(lanes), left2).map((s) => s.name)).toEqual(["a", "left1", TO_APPLICANT]);
  });

  it("offers a delegate to decide or hand back, the delegator to get it back, and the adder to remove who they added", () => {
    const delegated = flow({
      steps: [
        step("township", 0, "current", [
          task(11, 2, "delegated", { decidedAt: "2030-01-01 09:00:00" }),
          task(12, 6, "open", { delegateOf: 11, actingForName: "u2" }),
          task(13, 7, "waiting", { kind: "after", addedById: 6 }),
        ]),
      ],
    });
    expect(panelActions(delegated, 6, FLOW_STATUS.running, false).decisions.map((d) => d.action)).toEqual([
      "approve",
      "reject",
      "return",
      "resolve",
      "removeSign",
    ]);
    const removal = panelActions(delegated, 6, FLOW_STATUS.running, false).decisions.at(-1);
    expect(removal).toEqual({ action: "removeSign", taskId: 12, choices: [{ value: 7, label: "u7" }] });
    expect(panelActions(delegated, 2, FLOW_STATUS.running, false).takeBack?.id).toBe(11);
    expect(needsOf({ action: "addSign" })).toEqual({ needs: ["userIds", "position"], commentRequired: false });
  });

  it("shows what the server offers when it lists the caller's actions, new ones included", () => {
    const offered = flow({ steps: [step("township", 0, "current", [task(11, 2, "open")])] }, ["approve", { action: "delegate" }, { action: "addAfter", label: "x" }, "cc"]);
    const a = panelActions(offered, 2, FLOW_STATUS.running, false);
    expect(a.decisions.map((d) => d.action)).toEqual(["approve", "delegate", "addAfter"]);
    expect(a.decisions.every((d) => d.taskId === 11)).toBe(true);
    expect(a.copy).toBe(true);
    expect(a.takeBack).toBeUndefined();
    expect(needsOf({ action: "delegate" })).toEqual({ needs: ["userId"], commentRequired: false });
    expect(needsOf({ action: "reject" })).toEqual({ needs: [], commentRequired: true });
    expect(needsOf({ action: "somethingNew", needs: ["to"], commentRequired: true })).toEqual({ needs: ["to"], commentRequired: true });
  });

  it("decides on the task a message named when the caller holds several, and says when it is handled", () => {
    // Two open tasks of user 4 on the record (two lanes); the message named the second.
    const two = flow({
      steps: [
        step("left", 0, "current", [task(31, 4, "open")], "L"),
        step("right", 0, "current", [task(32, 4, "open")], "R"),
      ],
    });
    expect(panelActions(two, 4, FLOW_STATUS.running, false).decisions[0].taskId).toBe(31);
    const focused = panelActions(two, 4, FLOW_STATUS.running, false, 32);
    expect(focused.decisions.every((d) => d.taskId === 32)).toBe(true);
    expect(focused.step?.name).toBe("right");
    expect(focusState(two, 4, 32)).toBe("open");
    // Someone else's task, a decided one, or one of no step of the record.
    expect(panelActions(two, 4, FLOW_STATUS.running, false, 99).decisions[0].taskId).toBe(31);
    expect(focusState(running, 4, 11)).toBe("handled");
    expect(focusState(running, 2, 11)).toBe("handled");
    expect(focusState(running, 4, 99)).toBe("absent");
    expect(focusState(running, 4, undefined)).toBeUndefined();
  });
});
