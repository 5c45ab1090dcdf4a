import { useMediaQuery } from "./useMediaQuery";

/** NARROW_QUERY matches phone screens (issue 19: at 390×844 the shell becomes a drawer menu). */
export const NARROW_QUERY = "(max-width: 767px)";

/** useNarrow is true while the screen is phone-narrow. */
export function useNarrow(): boolean {
  return useMediaQuery(NARROW_QUERY);
}
