import { useQuery } from "@tanstack/react-query";
import { takeSession } from "../api/authApi";
import { useSessionStore } from "../stores/useSessionStore";

/**
 * useSessionBootstrap fetches the menus and modules once per token and hands them to the session store,
 * from which the shell builds its menus, routes and button codes. The first load takes what the entry asked for
 * early (app/earlyStart.ts), if it did.
 */
export function useSessionBootstrap(): { ready: boolean; failed: boolean; retry: () => void } {
  const token = useSessionStore((s) => s.token);
  const loaded = useSessionStore((s) => s.loaded);
  const sessionLoaded = useSessionStore((s) => s.sessionLoaded);
  const query = useQuery({
    queryKey: ["session", token],
    queryFn: async () => {
      const data = await takeSession(token);
      sessionLoaded(data.menus, data.modules);
      return data;
    },
    enabled: !!token && !loaded,
    retry: false,
    staleTime: Infinity,
    gcTime: 0,
  });
  return { ready: loaded, failed: query.isError, retry: () => void query.refetch() };
}
