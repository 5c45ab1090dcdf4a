import { useMemo } from "react";
import { createAccess, type Access } from "../app/access";
import { visitCodesOf } from "../api/jwt";
import { useSessionStore } from "../stores/useSessionStore";

/** useAccess binds the access rules to the signed-in user's button codes and visit codes. */
export function useAccess(): Access {
  const buttonCodes = useSessionStore((s) => s.buttonCodes);
  const token = useSessionStore((s) => s.token);
  return useMemo(() => createAccess({ buttonCodes, visitCodes: visitCodesOf(token) }), [buttonCodes, token]);
}
