// Chinese sample data of the designer tests (an allowed place of the no-Chinese check, locales/hanCheck.ts).

/** A module with one field of every type, each with every key its type allows (values within bounds). */
export const EVERY_TYPE = `name: everyType
title: 全部类型
group: demo
icon: FormOutlined
order: 5
description: 每种字段类型一个
api: /designer/everyTypes
permission: designer.everyType
orgScoped: true
sections:
  - {name: basis, title: 基本信息}
  - {name: more, title: 更多}
fields:
  - {name: title, label: 标题, type: string, required: true, unique: true, maxLength: 50, minLength: 2, pattern: "^[A-Z]", patternMessage: 标题须以大写字母开头, default: Abc, list: true, filter: contains, sort: true, section: basis, placeholder: 请输入, help: 说明, mask: name, width: 120}
  - {name: code, label: 编号, type: string, autoNumber: SQ, unique: true, readOnly: true}
  - {name: remark, label: 备注, type: text, maxLength: 1000, minLength: 1, pattern: \\d, patternMessage: 须含数字, filter: contains, section: basis}
  - {name: body, label: 正文, type: richtext, maxLength: 5000}
  - {name: count, label: 数量, type: int, min: 0, max: 100, default: 1, list: true, filter: range, sort: true, unique: true}
  - {name: amount, label: 金额(元), type: decimal, precision: 10, scale: 0, min: 0.5, max: 99.5, filter: range}
  - {name: done, label: 已完成, type: bool, default: false, list: true, filter: equals, sort: true}
  - {name: day, label: 日期, type: date, default: "2024-01-31", filter: range, sort: true}
  - {name: at, label: 时间, type: datetime, default: "2024-01-31 08:00:00", filter: range}
  - {name: grade, label: 等级, type: enum, dict: disability_grade, list: true, filter: equals}
  - {name: kind, label: 类别, type: enum, options: [{value: 1, label: 甲, color: red}, {value: 2, label: 乙}], default: 1, filter: in}
  - {name: tags, label: 标签, type: enum, multiple: true, options: [{value: a, label: 甲}, {value: "01", label: 乙}]}
  - {name: owner, label: 负责人, type: ref, ref: user, display: username, filter: equals}
  - {name: villagers, label: 村民, type: ref, ref: villager, multiple: true}
  - {name: photo, label: 照片, type: image, accept: [png, jpg], maxSize: 2MB, required: true, section: more}
  - {name: photos, label: 照片集, type: images, accept: [png], maxCount: 5, maxSize: 500KB, section: more}
  - {name: proof, label: 证明, type: file, accept: [pdf], maxSize: 1.5GB}
  - {name: proofs, label: 证明材料, type: files, maxCount: 3}
  - {name: clip, label: 视频, type: video, accept: [mp4], maxSize: 100MB}
  - {name: spot, label: 位置, type: geoPoint}
  - {name: zone, label: 范围, type: geoPoint, widget: mapCircle}
  - {name: shape, label: 区域, type: geoPolygon}
  - {name: land, label: 地块, type: geoPolygon, widget: mapLand, hidden: true}
  - {name: idCard, label: 身份证号, type: idcard, unique: true, mask: idcard, filter: equals}
  - {name: mobile, label: 手机号, type: mobile, mask: mobile, filter: contains, sort: true}
  - {name: email, label: 邮箱, type: email, maxLength: 60, filter: contains}
  - {name: extra, label: 扩展, type: json}
  - name: members
    label: 家庭成员
    type: children
    section: more
    fields:
      - {name: name, label: 姓名, type: string, required: true, maxLength: 20, list: true}
      - {name: relation, label: 关系, type: enum, dict: relation_to_head}
      - {name: birth, label: 出生日期, type: date}
status:
  field: auditStatus
  label: 审核状态
  values: {1: 审核中, 2: 已通过, 3: 未通过}
  initial: 1
  actions:
    - {name: approve, label: 通过, from: [1], to: 2}
    - {name: reject, label: 驳回, from: [1, 2], to: 3, comment: required, confirm: 确定驳回？}
list: {sort: "count,desc", pageSize: 20}
export: true
import: true
stats: [grade, done, auditStatus]
`;

/** ZH holds the Chinese words the tests use, by meaning. */
export const ZH = {
  jia: "甲",
  yi: "乙",
  bing: "丙",
  ding: "丁",
  wu: "戊",
  ji: "己",
  one: "一",
  change: "改",
  pending: "审核中",
  passed: "已通过",
  failed: "未通过",
  built: "新建",
  grade1: "一级",
  qq: "QQ号",
  emailAddr: "Email 地址",
  gdp: "GDP总量 2024",
  year: "2024年度",
  phone: "联系电话",
  name: "姓名",
  title: "名称",
  text: "单行文本",
  wechat: "微信号 WeChat",
  photo: "照片",
};
