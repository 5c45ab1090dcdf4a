// Display values of references: the module API sends, in each record's _labels, the label of every id its
// reference fields hold ({field: {id: label}}), so a list cell or a detail row reads the grid's name, not 17.

/** The record key the server puts the display values in. */
export const LABELS_KEY = "_labels";

type Labels = Record<string, Record<string, string> | undefined>;

/**
 * labelled is a field's value with each id replaced by its display value from the record's _labels; an id the
 * server could not name (deleted, or outside the viewer's data scope) stays as it is.
 */
export function labelled(record: Record<string, unknown>, name: string, value: unknown): unknown {
  const labels = record[LABELS_KEY];
  if (typeof labels !== "object" || labels === null || value === null || value === undefined) return value;
  const byId = (labels as Labels)[name];
  if (!byId) return value;
  const one = (v: unknown) => (typeof v === "string" || typeof v === "number" ? (byId[String(v)] ?? v) : v);
  return Array.isArray(value) ? value.map(one) : one(value);
}
