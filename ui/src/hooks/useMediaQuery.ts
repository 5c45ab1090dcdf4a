import { useCallback, useSyncExternalStore } from "react";

const matchMediaOf = (): ((query: string) => MediaQueryList) | undefined =>
  typeof window !== "undefined" && window.matchMedia ? (query) => window.matchMedia(query) : undefined;

/** useMediaQuery is true while the CSS media query matches, and follows its changes. */
export function useMediaQuery(query: string): boolean {
  const subscribe = useCallback(
    (onChange: () => void) => {
      const list = matchMediaOf()?.(query);
      list?.addEventListener("change", onChange);
      return () => list?.removeEventListener("change", onChange);
    },
    [query],
  );
  const snapshot = () => !!matchMediaOf()?.(query).matches;
  return useSyncExternalStore(subscribe, snapshot, () => false);
}
