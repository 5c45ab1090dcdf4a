// Visit codes: routes that open only when the token's auth claim holds their code (spec §2, §6).

export const VISIT_CODES = {
  dataStatistics: "dataStatistics",
  dataStatisticsForSix: "dataStatisticsForSix",
  formDesign: "formDesign",
} as const;

export type VisitCode = (typeof VISIT_CODES)[keyof typeof VISIT_CODES];

/** VISIT_ROUTES maps each guarded path to the visit code it needs. */
export const VISIT_ROUTES: Readonly<Record<string, VisitCode>> = {
  "/dataStatistics": VISIT_CODES.dataStatistics,
  "/dataStatisticsForSix": VISIT_CODES.dataStatisticsForSix,
  "/form-design": VISIT_CODES.formDesign,
};
