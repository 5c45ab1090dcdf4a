// Reading the claims of the stored token (DESIGN.md §5): the browser never verifies it, it only needs
// the visit codes (auth), the user (sub), the tenant (tid) and the expiry (exp).

/** TokenClaims are the JWT claims the console reads. */
export interface TokenClaims {
  sub?: string;
  tid?: string | number;
  exp?: number;
  /** Comma-separated visit codes. */
  auth?: string;
}

function base64UrlDecode(segment: string): string {
  const base64 = segment.replace(/-/g, "+").replace(/_/g, "/");
  const padded = base64 + "=".repeat((4 - (base64.length % 4)) % 4);
  const binary = atob(padded);
  const bytes = Uint8Array.from(binary, (c) => c.charCodeAt(0));
  return new TextDecoder().decode(bytes);
}

/** decodeToken returns the token's claims, or null when it is not a readable JWT. */
export function decodeToken(token: string | null | undefined): TokenClaims | null {
  if (!token) return null;
  const parts = token.split(".");
  if (parts.length !== 3) return null;
  try {
    const claims: unknown = JSON.parse(base64UrlDecode(parts[1]));
    return typeof claims === "object" && claims !== null ? (claims as TokenClaims) : null;
  } catch {
    return null;
  }
}

/** visitCodesOf lists the visit codes in the token's auth claim. */
export function visitCodesOf(token: string | null | undefined): string[] {
  const auth = decodeToken(token)?.auth;
  if (typeof auth !== "string") return [];
  return auth
    .split(",")
    .map((c) => c.trim())
    .filter(Boolean);
}

/** isExpired is true when the token has an exp in the past (a token without exp is left to the server). */
export function isExpired(token: string | null | undefined, nowMs: number = Date.now()): boolean {
  const exp = decodeToken(token)?.exp;
  return typeof exp === "number" && exp * 1000 <= nowMs;
}
