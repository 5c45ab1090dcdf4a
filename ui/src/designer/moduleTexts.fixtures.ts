// A designer module with a status and a workflow, for moduleTexts.test.ts.
import type { ModuleDoc } from "./model";

export const LEAVE: ModuleDoc = {
  name: "leaveApply",
  title: "请假申请",
  api: "/designer/leaveApplys",
  permission: "designer.leaveApply",
  sections: [{ name: "base", title: "基本信息" }],
  fields: [
    { uid: "f1", name: "reason", label: "事由", type: "string", patternMessage: "请写明事由", placeholder: "08:30" },
    { uid: "f2", name: "kind", label: "类别", type: "enum", options: [{ value: 1, label: "事假" }, { value: 2, label: "病假" }] },
    { uid: "f3", name: "days", label: "事由", type: "int" },
  ],
  workflow: { steps: [{ name: "township", title: "乡镇审批" }] },
};

export const EN_LEAVE = { 请假申请: "Leave Requests", 事由: "Reason" };

/** LEAVE_TEXTS are the texts moduleTexts lists for LEAVE ("08:30" holds no Chinese character). */
export const LEAVE_TEXTS = ["请假申请", "基本信息", "事由", "请写明事由", "类别", "事假", "病假", "乡镇审批"];

export const JA_TITLE = "休暇申請";
