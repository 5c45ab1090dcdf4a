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
