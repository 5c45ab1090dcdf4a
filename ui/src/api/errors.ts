// What a failed call is (ApiError) and the global error handling of spec §8: one place decides which
// message a failed call shows, and what a 401 does to the session. The app connects the real notifier,
// session and router at start; tests connect their own. The texts come from i18next, which the shell
// (app/i18n.ts) initialises before anything is called; this file imports nothing of the console.

import i18next from "i18next";

const t = (key: string): string => i18next.t(key);

/** One validation problem the server reports for a field of the submitted record. */
export interface FieldError {
  field: string;
  message: string;
}

/** What went wrong, so the global handler can pick the message the specification asks for. */
export type ApiErrorKind = "http" | "code" | "network" | "timeout" | "unknown";

/**
 * ApiError is every failure of a call. It satisfies refine's HttpError (message, statusCode, errors) so
 * refine hooks pass it through unchanged.
 */
export class ApiError extends Error {
  readonly kind: ApiErrorKind;
  /** HTTP status, or 0 when no response arrived. */
  readonly statusCode: number;
  /** Envelope code (the HTTP status for errors, 701/705 for the special codes), or 0. */
  readonly code: number;
  /** The server's msg, verbatim, when there was one. */
  readonly serverMessage: string;
  readonly fieldErrors: FieldError[];
  /** refine's ValidationErrors shape: field → message. */
  readonly errors: Record<string, string>;

  constructor(init: {
    kind: ApiErrorKind;
    statusCode: number;
    code?: number;
    serverMessage?: string;
    fieldErrors?: FieldError[];
  }) {
    super(init.serverMessage || init.kind);
    this.name = "ApiError";
    this.kind = init.kind;
    this.statusCode = init.statusCode;
    this.code = init.code ?? 0;
    this.serverMessage = init.serverMessage ?? "";
    this.fieldErrors = init.fieldErrors ?? [];
    this.errors = Object.fromEntries(this.fieldErrors.map((e) => [e.field, e.message]));
  }
}

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
