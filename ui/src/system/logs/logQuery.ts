// The log screens' query (spec §7: page zero-based, size, <name field>.contains, sort time,desc; §5: the
// username search is trimmed and at most 20 characters; §9: sizes 5/10/20/50, default 10).

/** MAX_NAME_SEARCH is the username search's limit (spec §9). */
export const MAX_NAME_SEARCH = 20;

/** PAGE_SIZES are the size chooser's options; DEFAULT_SIZE the first page's size. */
export const PAGE_SIZES = [5, 10, 20, 50];
export const DEFAULT_SIZE = 10;

/** SORT_NEWEST orders the logs newest first. */
export const SORT_NEWEST = "time,desc";

/** searchText trims the typed username and cuts it to the limit. */
export function searchText(text: string): string {
  return text.trim().slice(0, MAX_NAME_SEARCH);
}

/** logQuery is the query of one page (page counted from 1 in the pager) filtered on nameParam. */
export function logQuery(nameParam: string, name: string, page: number, size: number): Record<string, string | number> {
  const q: Record<string, string | number> = { page: Math.max(page - 1, 0), size, sort: SORT_NEWEST };
  const text = searchText(name);
  if (text) q[nameParam] = text;
  return q;
}
