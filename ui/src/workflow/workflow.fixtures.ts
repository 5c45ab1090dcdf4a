// Sample answers of the workflow calls for the approval screens' tests.

export const TODO_ROW = {
  id: 41,
  instanceId: 7,
  module: "vehicleApply",
  moduleTitle: "用车申请",
  recordId: 5,
  title: "王五",
  step: "township",
  stepTitle: "乡镇审批",
  state: "open",
  applicantId: 9,
  applicantName: "东关村管理员",
  createdAt: "2030-01-02 09:00:00",
};

export const COUNTS = [
  { module: "vehicleApply", title: "用车申请", count: 1 },
  { module: "sealApply", title: "用印申请", count: 2 },
];

export function flowState(state: "open" | "approved") {
  return {
    module: "vehicleApply",
    recordId: 5,
    instances: [
      {
        id: 7,
        version: 1,
        state: state === "open" ? "running" : "approved",
        applicantId: 9,
        applicantName: "东关村管理员",
        createdAt: "2030-01-02 09:00:00",
        steps: [
          {
            name: "township",
            title: "乡镇审批",
            mode: "any",
            stage: 0,
            status: state === "open" ? "current" : "done",
            approvers: [{ id: 1, name: "城关镇管理员" }],
            tasks: [
              {
                id: 41,
                assigneeId: 1,
                assigneeName: "城关镇管理员",
                state,
                comment: state === "open" ? undefined : "同意用车",
                createdAt: "2030-01-02 09:00:00",
                decidedAt: state === "open" ? undefined : "2030-01-02 10:00:00",
              },
            ],
          },
        ],
        cc: [],
      },
    ],
  };
}

export const RECORD = { id: 5, applyUserName: "王五", destination: "县城", approvalStatus: 1 };

export const SIMULATION = {
  plan: {
    stages: [
      { name: "township", title: "乡镇审批", lanes: [{ steps: [{ name: "township", title: "乡镇审批", mode: "any", approvers: [1] }] }] },
      { name: "county", title: "县级审批", lanes: [{ steps: [{ name: "county", title: "县级审批", mode: "any", approvers: [2, 3] }] }] },
    ],
  },
  people: { "1": "城关镇管理员", "2": "县管理员甲", "3": "县管理员乙" },
};

export const DRAFT = { id: 5, applyUserName: "王五", destination: "县城", usingDay: 3, approvalStatus: 0, history: [] };
