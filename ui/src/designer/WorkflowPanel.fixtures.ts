// The workflow editor test's flow and texts (Chinese data lives in fixtures files, src/locales/hanCheck.ts).

// A flow with every kind of step, keys the editor has no control for (onTimeout, hidden, editable) and
// the otherwise branch last, as docs/schema.md writes it.
export const FLOW = `name: carApply
title: 用车申请
api: /api/carApplies
permission: carApply
fields:
  - {name: amount, label: 金额, type: int}
  - {name: kind, label: 类别, type: enum, options: [{value: 1, label: 公务}, {value: 2, label: 其他}]}
workflow:
  emptyApprover: skip
  steps:
    - name: township
      title: 乡镇审批
      approvers:
        - {role: 乡镇管理员, level: township}
      deadline: 3d
      onTimeout: escalate
      hidden: [amount]
    - name: review
      title: 会审
      parallel:
        - name: finance
          title: 财务
          steps:
            - name: fin
              title: 财务审核
              approvers:
                - {leader: true}
        - name: office
          title: 办公室
          steps:
            - name: off
              title: 办公室审核
              approvers:
                - {role: 办公室}
              mode: all
    - name: route
      title: 按类别
      branches:
        - when: kind == 1
          steps:
            - name: a
              title: 公务审批
              approvers:
                - {role: 办公室主任}
        - steps:
            - name: b
              title: 其他审批
              cc:
                - {leader: true, level: township}
`

/** W are the step and branch titles the test types or expects. */
export const W = {
  office: "办公室",
  officeReview: "办公室审核",
  financeReview: "财务审核",
  financeFirst: "财务初审",
  recheck: "复核",
  legal: "法务",
  county: "县级",
  countyAdmin: "县管理员",
};
