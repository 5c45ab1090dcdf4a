// Global error handling of spec §8: one place decides which message a failed call shows, and what a 401
// does to the session. The app connects the real notifier, session and router at start; tests connect
// their own.

import type { ApiError } from "./http";
import { t } from "./i18n";

/** Notifier is the part of antd's message API the handler uses. */
export interface Notifier {
  warning: (text: string) => void;
  error: (text: string) => void;
}

export interface ErrorEnvironment {
  notify: Notifier;
  /** Forget the session (token, user, menus, button codes, session storage). */
  expireSession: () => void;
  navigate: (path: string) => void;
  currentPath: () => string;
  /** Spec §8: the 401 warning stays 2 s before the user is sent to the login page. */
  expiryDelayMs: number;
}

/** LOGIN_PATH is where a lost session ends. */
export const LOGIN_PATH = "/login";

const defaultEnvironment = (): ErrorEnvironment => ({
  notify: { warning: (text) => console.warn(text), error: (text) => console.error(text) },
  expireSession: () => undefined,
  navigate: (path) => window.location.assign(path),
  currentPath: () => window.location.pathname,
  expiryDelayMs: 2000,
});

let env: ErrorEnvironment = defaultEnvironment();
let expiryPending = false;

/** configureErrors connects the handler to the running app (or a test). */
export function configureErrors(partial: Partial<ErrorEnvironment>): void {
  env = { ...env, ...partial };
}

/** resetErrors restores the defaults; tests call it between cases. */
export function resetErrors(): void {
  env = defaultEnvironment();
  expiryPending = false;
}

export interface ReportOptions {
  silent?: boolean;
  skipAuthRedirect?: boolean;
}

/** VIOLATION_CODE and SHOW_MESSAGE_CODE are the envelope codes spec §8 treats specially. */
export const VIOLATION_CODE = 701;
export const SHOW_MESSAGE_CODE = 705;

function sessionExpired(): void {
  expiryPending = true;
  env.notify.warning(t("errors.unauthorized"));
  setTimeout(() => {
    expiryPending = false;
    env.expireSession();
    if (env.currentPath() !== LOGIN_PATH) env.navigate(LOGIN_PATH);
  }, env.expiryDelayMs);
}

/** reportError shows the one message a failure deserves. */
export function reportError(err: ApiError, opts: ReportOptions = {}): void {
  if (err.kind === "network") return env.notify.warning(t("errors.network"));
  if (err.kind === "timeout") return env.notify.warning(t("errors.timeout"));
  if (err.statusCode === 401 && !opts.skipAuthRedirect) {
    if (!expiryPending) sessionExpired();
    return;
  }
  if (opts.silent) return;
  if (err.code === VIOLATION_CODE) return env.notify.error(t("errors.violation") + err.serverMessage);
  // 705 and every other non-zero code show the server's text as it is.
  if (err.serverMessage) return env.notify.warning(err.serverMessage);
  env.notify.warning(t("errors.unknown"));
}
