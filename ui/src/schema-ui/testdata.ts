// A module schema as GET {api}/schema answers it (DESIGN.md §3's example module), shared by tests.

export const handicappedSchema = {
  module: {
    name: "handicappedSubsidy",
    title: "残疾人补贴",
    api: "/onlineVillage/handicappeds",
    permission: "onlineVillage.handicapped",
    orgScoped: true,
    export: true,
    import: true,
    status: {
      field: "auditStatus",
      label: "审核状态",
      values: { "1": "审核中", "2": "已通过", "3": "未通过" },
      initial: 1,
      actions: [
        { name: "approve", label: "通过", from: [1], to: 2, comment: "" },
        { name: "reject", label: "驳回", from: [1], to: 3, comment: "required" },
      ],
    },
  },
  jsonSchema: {
    type: "object",
    required: ["name", "idCard"],
    properties: {
      name: { type: "string", title: "姓名", maxLength: 20 },
      idCard: { type: "string", title: "身份证号", format: "idcard" },
      mobile: { type: "string", title: "手机号", format: "mobile" },
      disabilityGrade: { type: "string", title: "残疾等级" },
      amount: { type: "number", title: "补贴金额(元)", minimum: 0, multipleOf: 0.01 },
      applyDate: { type: "string", title: "申请日期", format: "date" },
      villager: { type: "integer", title: "村民" },
      proofs: { type: "array", title: "证明材料", items: { type: "string" } },
      family: {
        type: "array",
        title: "家庭成员",
        items: { type: "object", properties: { relation: { type: "string", title: "关系" }, age: { type: "integer", title: "年龄" } } },
      },
    },
  },
  uiSchema: {
    "ui:order": ["name", "idCard", "mobile", "disabilityGrade", "amount", "applyDate", "villager", "proofs", "family"],
    name: { "ui:widget": "text", "ui:options": { section: "基本信息" } },
    idCard: { "ui:widget": "idcard", "ui:options": { section: "基本信息", mask: true } },
    mobile: { "ui:widget": "mobile", "ui:options": { section: "基本信息" } },
    disabilityGrade: { "ui:widget": "select", "ui:options": { dict: "disability_grade", section: "补贴信息" } },
    amount: { "ui:widget": "number", "ui:options": { section: "补贴信息" } },
    applyDate: { "ui:widget": "date", "ui:options": { section: "补贴信息" } },
    villager: { "ui:widget": "refSelect", "ui:options": { ref: "villager", display: "name", section: "补贴信息" } },
    proofs: { "ui:widget": "files", "ui:options": { accept: ["pdf"], maxCount: 5 } },
    family: { "ui:widget": "children" },
  },
  list: {
    columns: [
      { name: "name", label: "姓名", type: "string" },
      { name: "idCard", label: "身份证号", type: "idcard", mask: "idcard" },
      { name: "disabilityGrade", label: "残疾等级", type: "enum", dict: "disability_grade" },
      { name: "applyDate", label: "申请日期", type: "date", sortable: true },
      { name: "auditStatus", label: "审核状态", type: "enum" },
    ],
    filters: [
      { name: "name", label: "姓名", type: "string", operators: ["contains"] },
      { name: "disabilityGrade", label: "残疾等级", type: "enum", operators: ["equals", "in"], dict: "disability_grade" },
      { name: "applyDate", label: "申请日期", type: "date", operators: ["greaterThanOrEqual", "lessThanOrEqual"] },
    ],
    sort: "applyDate,desc",
    pageSize: 10,
  },
  fields: [{ name: "name", label: "姓名", type: "string" }],
  dicts: {
    disability_grade: [
      { value: "1", label: "一级" },
      { value: "2", label: "二级" },
    ],
  },
};
