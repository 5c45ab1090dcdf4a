// Writing a page's state (a list's criteria) into its URL without undoing a navigation. React Router renders
// location changes as React transitions: until the next page has rendered, the previous page can still
// render — for a state change of its own — with the location it was opened at. A URL write from that render,
// resolved against the old location, would send the browser back to the previous page (the "jump-back" the
// demo walk met when menu entries were opened in quick succession). The history knows where the browser
// really is; the write is skipped when it has moved on.

import { useCallback, useContext } from "react";
import { UNSAFE_NavigationContext, useLocation, useNavigate } from "react-router";

/** The part of the router's history this hook reads: where the browser is now. */
interface LiveHistory {
  location?: { pathname: string; search: string };
}

/**
 * useReplaceSearch answers replaceSearch(query): it replaces the current page's query string with query
 * (history replace, no new entry) when it differs — and does nothing once the browser is on another page.
 */
export function useReplaceSearch(): (query: string) => void {
  const { navigator } = useContext(UNSAFE_NavigationContext);
  const { pathname } = useLocation();
  const navigate = useNavigate();
  return useCallback(
    (query: string) => {
      const live = (navigator as LiveHistory).location;
      if (live && live.pathname !== pathname) return;
      const current = (live?.search ?? "").replace(/^\?/, "");
      if (live && current === query) return;
      navigate({ pathname, search: query }, { replace: true });
    },
    [navigator, pathname, navigate],
  );
}
