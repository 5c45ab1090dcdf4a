// An English catalogue for the shared test module (test/moduleSchemas.ts) that lacks some texts on
// purpose: those must stay Chinese, each on its own.

import type { SchemaCatalogue } from "./schemaTexts";

export const EN_CATALOGUE: SchemaCatalogue = {
  texts: {
    残疾人补贴: "Disability allowance",
    姓名: "Name",
    性别: "Gender",
    男: "Male",
    基本信息: "Basic information",
    审核状态: "Review status",
    已通过: "Approved",
    通过: "Approve",
    一级: "Grade 1",
    年龄: "Age",
    申请日期: "Application date",
    补贴金额: "Allowance",
  },
  places: {
    "handicappedSubsidy.gender=0": "Female",
    "handicappedSubsidy.amount": "Allowance (yuan)",
  },
};

/** Chinese texts the catalogue lacks, as the test expects them back. */
export const UNTRANSLATED = {
  idCard: "身份证号",
  female: "女",
  subsidySection: "补贴信息",
  underReview: "审核中",
  reject: "驳回",
  grade2: "二级",
  relation: "关系",
  family: "家庭成员",
};


/** Field messages as the server words them (engine/msg/schema.go). */
export const SERVER_MESSAGES = {
  nameRequired: "姓名不能为空",
  amountTooSmall: "补贴金额不能小于0",
  unknownShape: "身份证号已存在",
};
