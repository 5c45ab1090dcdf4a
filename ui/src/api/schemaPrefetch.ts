// The schema of the module a signed-in page opens on, asked for by the module's name together with the
// session's menus and modules (issue 19: one round trip less before the first module list's rows). The
// module's own GET {api}/schema needs its API base, which only /api/modules tells; the server answers the
// same document at /api/modules/{name}/schema to the same viewers.
import { requestUnreported } from "./http";

type Early = { name: string; token: string; answer: Promise<unknown> };

let early: Early | null = null;

/** moduleSchemaPath is the address of a module's schema by its name. */
export const moduleSchemaPath = (name: string): string => `/api/modules/${encodeURIComponent(name)}/schema`;

/**
 * prefetchSchema starts loading module's schema for the session of token. It replaces any earlier one: only
 * the page the shell opens on is fetched early. A failure is not reported here: the page then
 * asks {api}/schema itself, and that request reports it.
 */
export function prefetchSchema(name: string, token: string): void {
  const answer = requestUnreported<unknown>(moduleSchemaPath(name));
  answer.catch(() => undefined);
  early = { name, token, answer };
}

/**
 * takeSchema hands out the early answer for name once, when it was started for token (a session that ended in
 * between never sees the previous one's), and undefined otherwise.
 */
export function takeSchema(name: string, token: string | null): Promise<unknown> | undefined {
  if (!early || early.name !== name || early.token !== token) return undefined;
  const { answer } = early;
  early = null;
  return answer;
}
