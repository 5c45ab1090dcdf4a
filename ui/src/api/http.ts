// The one HTTP client of the console (spec §7): base address, 360000 ms timeout, bearer token, PUT and
// DELETE sent as POST with ?_method=, the {code, msg, data} envelope unwrapped, and every failure turned
// into an ApiError (errors.ts) that the global handler there reports once. errors.ts imports nothing of
// this file: a failure and its report sit below the client that produces them.

import { ApiError, reportError, type ApiErrorKind, type FieldError } from "./errors";

/** The server's answer around every payload (DESIGN.md §4). */
export interface Envelope<T> {
  code: number;
  msg?: string;
  data: T;
  errors?: FieldError[];
}

/** Query values the client accepts; undefined, null and "" are left out. */
export type QueryValue = string | number | boolean | null | undefined;
export type Query = URLSearchParams | Record<string, QueryValue | QueryValue[]>;

export type Method = "GET" | "POST" | "PUT" | "DELETE";

export interface RequestOptions {
  method?: Method;
  query?: Query;
  /** JSON-encoded unless it is FormData. */
  body?: unknown;
  headers?: Record<string, string>;
  /** Leave non-zero codes to the caller (it shows its own message); network, timeout and 401 still report. */
  silent?: boolean;
  /** For the login call: a 401 there means bad credentials, not an expired session. */
  skipAuthRedirect?: boolean;
  timeoutMs?: number;
}

/** Spec §9: HTTP timeout 360000 ms. */
export const TIMEOUT_MS = 360_000;

/** The base address; empty means same origin, which is how the Go binary serves the console. */
export const apiBase = (): string => import.meta.env.VITE_API_BASE ?? "";

let tokenSource: () => string | null = () => null;

/** connectToken tells the client where the stored token lives (the session store sets it at start). */
export function connectToken(source: () => string | null): void {
  tokenSource = source;
}

let localeSource: () => string = () => "zh_CN";

/**
 * connectLocale tells the client where the chosen locale lives (main.tsx): every call sends it as
 * Accept-Language (zh_CN → zh-CN), so the server's messages answer in it (docs/api.md).
 */
export function connectLocale(source: () => string): void {
  localeSource = source;
}

/** languageTag is a console locale as a BCP 47 tag. */
export const languageTag = (locale: string): string => locale.replace("_", "-");

/** buildUrl joins base, path and query, turning PUT/DELETE into POST with _method (spec §7). */
export function buildUrl(path: string, method: Method, query?: Query): { url: string; wire: "GET" | "POST" } {
  const params = toSearchParams(query);
  let wire: "GET" | "POST" = method === "GET" ? "GET" : "POST";
  if (method === "PUT" || method === "DELETE") {
    params.set("_method", method);
    wire = "POST";
  }
  const qs = params.toString();
  const sep = path.includes("?") ? "&" : "?";
  return { url: `${apiBase()}${path}${qs ? sep + qs : ""}`, wire };
}

export function toSearchParams(query?: Query): URLSearchParams {
  if (!query) return new URLSearchParams();
  if (query instanceof URLSearchParams) return new URLSearchParams(query);
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    const values = Array.isArray(value) ? value : [value];
    for (const v of values) {
      if (v === undefined || v === null || v === "") continue;
      params.append(key, String(v));
    }
  }
  return params;
}

function headersFor(opts: RequestOptions, json: boolean): Record<string, string> {
  const headers: Record<string, string> = { Accept: "application/json", "Accept-Language": languageTag(localeSource()), ...opts.headers };
  const token = tokenSource();
  if (token) headers.Authorization = `Bearer ${token}`;
  if (json) headers["Content-Type"] = "application/json";
  return headers;
}

function encodeBody(body: unknown): { payload: BodyInit | undefined; json: boolean } {
  if (body === undefined) return { payload: undefined, json: false };
  if (body instanceof FormData) return { payload: body, json: false };
  return { payload: JSON.stringify(body), json: true };
}

function isEnvelope(value: unknown): value is Envelope<unknown> {
  return typeof value === "object" && value !== null && "code" in value && typeof value.code === "number";
}

function fieldErrorsOf(value: unknown): FieldError[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((e: unknown) => {
    if (typeof e !== "object" || e === null) return [];
    const field = "field" in e && typeof e.field === "string" ? e.field : "";
    const message = "message" in e && typeof e.message === "string" ? e.message : "";
    return message ? [{ field, message }] : [];
  });
}

/**
 * settle turns an HTTP status and a parsed body into the envelope's data or an ApiError; it is shared by
 * fetch and XHR (uploads) so both judge an answer the same way.
 */
export function settle<T>(status: number, body: unknown): T {
  if (isEnvelope(body)) {
    if (status >= 200 && status < 300 && body.code === 0) return body.data as T;
    const kind: ApiErrorKind = status >= 200 && status < 300 ? "code" : "http";
    throw new ApiError({
      kind,
      statusCode: status,
      code: body.code,
      serverMessage: typeof body.msg === "string" ? body.msg : "",
      fieldErrors: fieldErrorsOf(body.errors),
    });
  }
  if (status >= 200 && status < 300) return body as T;
  throw new ApiError({ kind: status === 401 ? "http" : "unknown", statusCode: status });
}

async function parseBody(res: Response): Promise<unknown> {
  const text = await res.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

async function send(path: string, opts: RequestOptions): Promise<Response> {
  const method = opts.method ?? "GET";
  const { url, wire } = buildUrl(path, method, opts.query);
  const { payload, json } = encodeBody(opts.body);
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, opts.timeoutMs ?? TIMEOUT_MS);
  try {
    return await fetch(url, { method: wire, headers: headersFor(opts, json), body: payload, signal: controller.signal });
  } catch {
    throw new ApiError({ kind: timedOut ? "timeout" : "network", statusCode: 0 });
  } finally {
    clearTimeout(timer);
  }
}

function fail(err: unknown, opts: RequestOptions): never {
  const apiErr = err instanceof ApiError ? err : new ApiError({ kind: "unknown", statusCode: 0 });
  reportError(apiErr, { silent: opts.silent, skipAuthRedirect: opts.skipAuthRedirect });
  throw apiErr;
}

/** request calls the API and returns the envelope's data; failures are reported globally, then thrown. */
export async function request<T>(path: string, opts: RequestOptions = {}): Promise<T> {
  try {
    const res = await send(path, opts);
    return settle<T>(res.status, await parseBody(res));
  } catch (err) {
    return fail(err, opts);
  }
}

/**
 * requestUnreported calls the API like request but reports no failure (no notice, no sign-out on 401): for an
 * early guess whose failure the caller's own request then meets and reports (schemaPrefetch.ts).
 */
export async function requestUnreported<T>(path: string, opts: RequestOptions = {}): Promise<T> {
  const res = await send(path, opts);
  return settle<T>(res.status, await parseBody(res));
}

/** A file the server sent (export, import template). */
export interface Download {
  blob: Blob;
  filename: string;
}

/** filenameOf reads the name from Content-Disposition, preferring the RFC 5987 UTF-8 form. */
export function filenameOf(disposition: string | null, fallback: string): string {
  if (!disposition) return fallback;
  const star = /filename\*\s*=\s*(?:UTF-8'')?([^;]+)/i.exec(disposition);
  if (star) {
    try {
      return decodeURIComponent(star[1].trim().replace(/^"|"$/g, ""));
    } catch {
      // fall through to the plain form
    }
  }
  const plain = /filename\s*=\s*"?([^";]+)"?/i.exec(disposition);
  return plain ? plain[1].trim() : fallback;
}

/** download fetches a file; an envelope instead of a file is an error like any other. */
export async function download(path: string, fallbackName: string, opts: RequestOptions = {}): Promise<Download> {
  try {
    const res = await send(path, opts);
    const type = res.headers.get("Content-Type") ?? "";
    if (!res.ok || type.includes("application/json")) {
      settle<unknown>(res.status, await parseBody(res));
      throw new ApiError({ kind: "unknown", statusCode: res.status });
    }
    return { blob: await res.blob(), filename: filenameOf(res.headers.get("Content-Disposition"), fallbackName) };
  } catch (err) {
    return fail(err, opts);
  }
}

/** saveDownload hands a downloaded file to the browser. */
export function saveDownload({ blob, filename }: Download): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement("a");
  a.href = url;
  a.download = filename;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

export interface UploadOptions extends RequestOptions {
  /** Percent 0–100 of the request body sent. */
  onProgress?: (percent: number) => void;
}

/** upload POSTs multipart form data with progress (fetch cannot report upload progress, XHR can). */
export function upload<T>(path: string, form: FormData, opts: UploadOptions = {}): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const { url } = buildUrl(path, "POST", opts.query);
    const xhr = new XMLHttpRequest();
    xhr.open("POST", url);
    xhr.timeout = opts.timeoutMs ?? TIMEOUT_MS;
    for (const [k, v] of Object.entries(headersFor(opts, false))) xhr.setRequestHeader(k, v);
    const failWith = (err: unknown) => {
      try {
        fail(err, opts);
      } catch (e) {
        reject(e);
      }
    };
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable && opts.onProgress) opts.onProgress(Math.round((e.loaded / e.total) * 100));
    };
    xhr.onload = () => {
      let body: unknown = xhr.responseText;
      try {
        body = xhr.responseText ? (JSON.parse(xhr.responseText) as unknown) : undefined;
      } catch {
        // keep the text
      }
      try {
        resolve(settle<T>(xhr.status, body));
      } catch (err) {
        failWith(err);
      }
    };
    xhr.onerror = () => failWith(new ApiError({ kind: "network", statusCode: 0 }));
    xhr.ontimeout = () => failWith(new ApiError({ kind: "timeout", statusCode: 0 }));
    xhr.send(form);
  });
}
