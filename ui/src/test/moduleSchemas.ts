// A module schema shaped as GET {api}/schema answers it (DESIGN.md §3's example module, in the form the
// server sends: read-only common columns hidden, sections declared at the root), shared by tests.

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
    additionalProperties: false,
    properties: {
      id: { type: "integer", title: "ID", readOnly: true },
      version: { type: "integer", title: "版本", readOnly: true },
      history: { type: "array", title: "流转记录", readOnly: true },
      createdAt: { type: "string", title: "创建时间", format: "date-time-cn", readOnly: true },
      name: { type: "string", title: "姓名", maxLength: 20 },
      idCard: { type: "string", title: "身份证号", format: "idcard" },
      mobile: { type: "string", title: "手机号", format: "mobile" },
      gender: {
        type: "string",
        title: "性别",
        oneOf: [
          { const: "0", title: "女" },
          { const: "1", title: "男" },
        ],
      },
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
    "ui:order": ["name", "idCard", "mobile", "gender", "disabilityGrade", "amount", "applyDate", "villager", "proofs", "family", "*"],
    "ui:options": {
      sections: [
        { name: "basic", title: "基本信息" },
        { name: "subsidy", title: "补贴信息" },
      ],
    },
    id: { "ui:widget": "hidden" },
    version: { "ui:widget": "hidden" },
    history: { "ui:widget": "hidden" },
    createdAt: { "ui:widget": "hidden" },
    name: { "ui:widget": "text", "ui:options": { section: "basic" } },
    idCard: { "ui:widget": "idcard", "ui:options": { section: "basic", mask: true } },
    mobile: { "ui:widget": "mobile", "ui:options": { section: "basic" } },
    gender: { "ui:widget": "select", "ui:options": { section: "basic" } },
    disabilityGrade: { "ui:widget": "select", "ui:options": { dict: "disability_grade", section: "subsidy" } },
    amount: { "ui:widget": "number", "ui:options": { section: "subsidy" } },
    applyDate: { "ui:widget": "date", "ui:options": { section: "subsidy" } },
    villager: { "ui:widget": "refSelect", "ui:options": { ref: "villager", display: "name", section: "subsidy" } },
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
      { name: "name", label: "姓名", type: "string", filter: "contains", operators: ["equals", "in", "contains", "specified"] },
      { name: "disabilityGrade", label: "残疾等级", type: "enum", filter: "in", operators: ["equals", "in"], dict: "disability_grade" },
      { name: "applyDate", label: "申请日期", type: "date", filter: "range", operators: ["greaterThanOrEqual", "lessThanOrEqual"] },
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
