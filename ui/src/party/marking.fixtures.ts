// Data of the marking screen's tests: one answer sheet with two short answers (issue 18, exam18).

import type { ExamStat, MarkingSheet, PendingSheet } from "./partyApi";

export const SHEET: MarkingSheet = {
  sheet: { id: 7, examineeName: "王小梅", score: 2, totalScore: 10, passed: false, pendingCount: 2, reviewComment: "" },
  examTitle: "村务知识测试",
  passScore: 6,
  items: [
    {
      questionId: 31,
      no: 2,
      subjectName: "简述“四议两公开”工作法。",
      given: "提议、商议、审议、决议，两公开",
      answer: "党支部提议、两委商议、党员大会审议、村民会议决议；决议公开、实施结果公开。",
      analysis: "村级重大事项决策程序。",
      maxScore: 4,
      score: null,
      marked: false,
    },
    {
      questionId: 32,
      no: 3,
      subjectName: "网格员入户走访应了解哪些情况？",
      given: "",
      answer: "人口变动、困难诉求、矛盾纠纷、安全隐患。",
      analysis: "",
      maxScore: 4,
      score: null,
      marked: false,
    },
  ],
};

export const PENDING: PendingSheet[] = [
  { id: 7, exam: 3, examTitle: "村务知识测试", examineeName: "王小梅", attemptNo: 1, submitTime: "2030-05-06 09:30:00", score: 2, totalScore: 10, pendingCount: 2 },
];


export const STATS: ExamStat[] = [
  {
    exam: 3, title: "村务公开判断题", examStatus: 1, startTime: "2030-05-01 08:00:00",
    people: 3, passed: 2, passRate: 66.7, average: 6.7, highest: 10, lowest: 0,
    byOrg: [
      { orgId: 11, orgName: "城关镇", people: 2, passed: 2, passRate: 100, average: 10, highest: 10, lowest: 10 },
      { orgId: 12, orgName: "河口乡", people: 1, passed: 0, passRate: 0, average: 0, highest: 0, lowest: 0 },
    ],
  },
  { exam: 4, title: "党章党规测试", examStatus: 1, startTime: "2030-05-02 08:00:00", people: 0, passed: 0, passRate: 0, average: 0, highest: 0, lowest: 0, byOrg: [] },
];
