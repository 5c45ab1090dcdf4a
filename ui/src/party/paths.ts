// The party screens' addresses (issue 18), apart from the lazily loaded screens so that a screen and the
// lists linking to it share them without loading each other.

export const EXAM_MARKING_LIST = "/m/exam/marking";
export const EXAM_MARKING_PATH = "/m/exam/marking/:id";
export const EXAM_STATS_PATH = "/m/exam/statistics";

export const examMarkingPath = (id: string | number) => `/m/exam/marking/${encodeURIComponent(String(id))}`;
