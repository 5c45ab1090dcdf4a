// The party study calls (modules/party): an exam's paper and handing it in, a vote's ballot and results.

import { request } from "../api/http";
import type { Question, QuestionResult } from "../widgets/question/QuestionCard";

export const EXAM_API = "/exam/api/exams";
export const VOTE_API = "/vote/api/voteInfos";

/** A question of a paper: the card's question with the id answers are keyed by. */
export interface PaperQuestion extends Question {
  id: number;
  no: number;
}

export interface Paper {
  exam: { id: number; title: string; passScore?: number; durationMin?: number; description?: string };
  questions: PaperQuestion[];
  totalScore: number;
  attempts: number;
  open: boolean;
}

export interface MarkedQuestion extends PaperQuestion {
  given: string;
  correct: boolean | null;
  got: number;
}

export interface Marked {
  questions: MarkedQuestion[];
  score: number;
  totalScore: number;
  passScore: number;
  passed: boolean;
  correctCount: number;
  pendingCount: number;
}

export const resultOf = (q: MarkedQuestion): QuestionResult => ({ given: q.given, correct: q.correct, got: q.got });

export interface VoteQuestion {
  id: number;
  questionTitle: string;
  choiceMode: number;
  maxChoices?: number | null;
  options?: string | null;
}

export interface Vote {
  id: number;
  title: string;
  description?: string;
  voteStatus: number;
  startTime: string;
  endTime: string;
  voteQuestions?: VoteQuestion[];
}

export interface Tally {
  ballots: number;
  voted: boolean;
  /** The vote's results-public switch keeps the counts from the caller for now. */
  hidden?: boolean;
  voteStatus: number;
  questions: { id: number; questionTitle: string; choiceMode: number; options: { option: string; count: number; percent: number }[] | null; texts?: string[] | null }[];
}

/** Choice modes of a vote question. */
export const CHOICE_ONE = 1;
export const CHOICE_MANY = 2;
export const CHOICE_TEXT = 3;

/** choicesOf splits a vote question's options, one a line. */
export const choicesOf = (q: VoteQuestion): string[] =>
  (q.options ?? "")
    .split("\n")
    .map((s) => s.trim())
    .filter(Boolean);

export const partyApi = {
  paper: (id: string) => request<Paper>(`${EXAM_API}/${encodeURIComponent(id)}/paper`),
  submit: (id: string, answers: Record<string, string>) => request<Marked>(`${EXAM_API}/${encodeURIComponent(id)}/submit`, { method: "POST", body: { answers } }),
  vote: (id: string) => request<Vote>(`${VOTE_API}/${encodeURIComponent(id)}`),
  tally: (id: string) => request<Tally>(`${VOTE_API}/${encodeURIComponent(id)}/results`),
  cast: (id: string, choices: Record<string, string | string[]>) => request<unknown>(`${VOTE_API}/${encodeURIComponent(id)}/ballot`, { method: "POST", body: { choices } }),
};

// ---- Marking short answers and exam statistics (issue 18, exam18) ----

export const EXAM_ANSWER_API = "/exam/api/examAnswers";

/** A sheet awaiting marking, as the marking list shows it. */
export interface PendingSheet {
  id: number;
  exam: number;
  examTitle?: string | null;
  examineeName?: string | null;
  attemptNo?: number | null;
  submitTime?: string | null;
  score?: number | null;
  totalScore?: number | null;
  pendingCount?: number | null;
}

/** A short answer of a sheet as the marker sees it. */
export interface MarkItem {
  questionId: number;
  no: number;
  subjectName: string;
  given: string;
  answer: string;
  analysis: string;
  maxScore: number;
  score: number | null;
  marked: boolean;
}

export interface MarkingSheet {
  sheet: {
    id: number;
    examineeName?: string | null;
    score?: number | null;
    totalScore?: number | null;
    passed?: boolean | null;
    pendingCount?: number | null;
    reviewComment?: string | null;
    submitTime?: string | null;
    rewardPoints?: number | null;
  };
  examTitle?: string | null;
  passScore: number;
  items: MarkItem[];
}

export interface MarkResult {
  score: number;
  totalScore: number;
  passScore: number;
  passed: boolean;
  pendingCount: number;
  rewardPoints?: number | null;
}

/** How a group of examinees did: each person once, by their best sheet. */
export interface ScoreStat {
  orgId?: number;
  orgName?: string;
  people: number;
  passed: number;
  passRate: number;
  average: number;
  highest: number;
  lowest: number;
}

export interface ExamStat extends ScoreStat {
  exam: number;
  title: string;
  examStatus?: number | null;
  startTime?: string | null;
  byOrg: ScoreStat[];
}

/** Statistics levels: the organisations directly under the viewer's, or each sheet's own. */
export type StatsLevel = "child" | "org";

export const markingApi = {
  pending: (page: number, size: number, exam?: string) =>
    request<{ data: PendingSheet[]; recordsTotal: number }>(`${EXAM_ANSWER_API}/marking`, {
      query: { page: String(page), size: String(size), ...(exam ? { exam } : {}) },
    }),
  sheet: (id: string) => request<MarkingSheet>(`${EXAM_ANSWER_API}/${encodeURIComponent(id)}/marking`),
  save: (id: string, marks: Record<string, number>, reviewComment: string) =>
    request<MarkResult>(`${EXAM_ANSWER_API}/${encodeURIComponent(id)}/marking`, { method: "PUT", body: { marks, reviewComment } }),
  /** One page (from 0) of the exams' statistics, newest start first, with the number of exams. */
  statistics: (level: StatsLevel, page: number, size: number) =>
    request<{ level: StatsLevel; exams: ExamStat[]; total: number }>(`${EXAM_API}/statistics`, {
      query: { level, page: String(page), size: String(size) },
    }),
};
