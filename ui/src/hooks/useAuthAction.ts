import { useCallback, useState } from "react";
import type { AuthActionResponse } from "@refinedev/core";
import { useNavigate, useSearchParams } from "react-router";

/**
 * useAuthAction runs one of the auth provider's actions outside refine (the login family of pages loads
 * without refine) and follows its redirect; a ?to= left by a guard wins over the default target.
 */
export function useAuthAction<P>(action: (params: P) => Promise<AuthActionResponse>, honourTo = true) {
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const [pending, setPending] = useState(false);
  const run = useCallback(
    async (params: P): Promise<AuthActionResponse> => {
      setPending(true);
      try {
        const res = await action(params);
        const to = honourTo ? search.get("to") : null;
        const target = res.success ? (res.redirectTo && !res.redirectTo.startsWith("/update-password") && to ? to : res.redirectTo) : undefined;
        if (target) navigate(target, { replace: true });
        return res;
      } finally {
        setPending(false);
      }
    },
    [action, honourTo, navigate, search],
  );
  return { run, pending };
}
