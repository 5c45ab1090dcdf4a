// What the system screens share when they read through refine's hooks: refine's own notices are off (each
// screen shows the message spec §8 names for it), and a screen reads afresh each time it opens, as it
// did before it used refine: nothing is kept in the cache once the screen is gone.

import { useEffect } from "react";

/** QueryState is the part of a refine (TanStack) query the hook reads. */
export interface QueryState {
  isError: boolean;
  /** Changes with every failure, so a second failure is reported too. */
  errorUpdatedAt: number;
}

/** useOnFailure runs onFail once for each failure of the query. */
export function useOnFailure(query: QueryState, onFail: () => void): void {
  useEffect(() => {
    if (query.isError) onFail();
    // onFail is a fresh closure each render; a failure is identified by its time alone.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [query.isError, query.errorUpdatedAt]);
}

/** FRESH are the query options of a system screen's reads: nothing cached after the screen closes. */
export const FRESH = { gcTime: 0 } as const;
