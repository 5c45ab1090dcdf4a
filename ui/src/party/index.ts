// Party study's own screens (issue 18): taking an exam and casting a vote, reached from a row of the exam
// and vote lists, loaded when first opened.

import { lazyPage } from "../components/RouteBoundary/RouteBoundary";
import { EXAM_MARKING_LIST, EXAM_STATS_PATH, examMarkingPath } from "./paths";

/** A link a module's list shows on each row, beside view/edit/delete, for users holding its code. */
export interface RowLink {
  /** Locale key of the link's text. */
  label: string;
  /** The operation code (of the module) the user must hold. */
  code: string;
  path: (id: string | number) => string;
}

export { EXAM_MARKING_LIST, EXAM_MARKING_PATH, EXAM_STATS_PATH } from "./paths";

export const EXAM_TAKE_PATH = "/m/exam/take/:id";
export const VOTE_BALLOT_PATH = "/m/vote/ballot/:id";

/** ROW_LINKS are the party screens' entries in the exam and vote lists. */
export const ROW_LINKS: Readonly<Record<string, RowLink[]>> = {
  exam: [{ label: "party.takeExam", code: "view", path: (id) => `/m/exam/take/${encodeURIComponent(String(id))}` }],
  vote: [{ label: "party.castVote", code: "view", path: (id) => `/m/vote/ballot/${encodeURIComponent(String(id))}` }],
  examAnswer: [{ label: "partyMarking.mark", code: "edit", path: examMarkingPath }],
};

/** A link a module's list shows above the table, for users holding its code. */
export interface ToolbarLink {
  label: string;
  code: string;
  path: string;
}

/** TOOLBAR_LINKS are the marking and statistics screens, reached from the exam results list. */
export const TOOLBAR_LINKS: Readonly<Record<string, ToolbarLink[]>> = {
  examAnswer: [
    { label: "partyMarking.title", code: "edit", path: EXAM_MARKING_LIST },
    { label: "examStats.title", code: "list", path: EXAM_STATS_PATH },
  ],
};

export const ExamTakePage = lazyPage("exam-take", () => import("./ExamTakePage"));
export const VotePage = lazyPage("vote", () => import("./VotePage"));
export const ExamMarkingPage = lazyPage("exam-marking", () => import("./ExamMarkingPage"));
export const ExamStatsPage = lazyPage("exam-statistics", () => import("./ExamStatsPage"));
