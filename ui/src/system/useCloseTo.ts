// useCloseTo closes the current page's tab and goes to another route: how a saved or abandoned system form
// returns to its list (spec §4).

import { useLocation, useNavigate } from "react-router";
import { useTabsStore } from "../stores/useTabsStore";

/** useCloseTo answers a function that closes the current tab and navigates to path. */
export function useCloseTo(): (path: string) => void {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const tabClosed = useTabsStore((s) => s.tabClosed);
  return (path: string) => {
    navigate(path);
    if (pathname !== path) tabClosed(pathname);
  };
}
