// The file calls of the widgets (docs/files.md "Calls"): upload, picture review, and fresh links for
// stored file addresses (a signed link expires; the server re-signs it on request).

import { useEffect, useState } from "react";
import { ApiError } from "../../api/errors";
import { request, upload } from "../../api/http";

/** FileResult is the server's description of a stored file (result.pathUrl and the rest). */
export interface FileResult {
  pathUrl: string;
  fileId?: number;
  key?: string;
  name?: string;
  size?: number;
  contentType?: string;
}

/** UploadTarget says what a file is for: businessType (the module) and, for a module field, its name. */
export interface UploadTarget {
  businessType: string;
  field?: string;
}

/** uploadFile sends one file to /api/oos/uploadFile; the server's refusal is thrown as an ApiError. */
export function uploadFile(file: File, target: UploadTarget, kind: string, onProgress?: (percent: number) => void): Promise<FileResult> {
  const form = new FormData();
  form.append("file", file, file.name);
  form.append("businessType", target.businessType);
  if (target.field) form.append("field", target.field);
  else form.append("kind", kind);
  return upload<FileResult>("/api/oos/uploadFile", form, { silent: true, onProgress });
}

/** Verdict is the picture review's answer. */
export interface Verdict {
  pass: boolean;
  reason: string;
}

/** reviewPicture asks /api/picReview/review about a picture: code 1 is a refusal with its reason. */
export async function reviewPicture(file: File): Promise<Verdict> {
  const form = new FormData();
  form.append("file", file, file.name);
  try {
    await request<unknown>("/api/picReview/review", { method: "POST", body: form, silent: true });
    return { pass: true, reason: "" };
  } catch (err) {
    if (err instanceof ApiError && err.code === 1) return { pass: false, reason: err.serverMessage };
    throw err;
  }
}

/** refusalOf is the text shown when an upload fails: the server's message, else the fallback (UPLOAD_MESSAGES.failed). */
export function refusalOf(err: unknown, fallback: string): string {
  return err instanceof ApiError && err.serverMessage ? err.serverMessage : fallback;
}

const FILE_ROUTE = "/api/oos/file/";
const fresh = new Map<string, { at: number; file: Promise<FileResult> }>();
/** FRESH_FOR is how long a re-signed link is reused (well inside the server's default 1 h). */
const FRESH_FOR = 10 * 60 * 1000;

/**
 * isStoredFile reports whether an address is one of the file service's signed links: its own file route
 * (local storage) or an S3 presigned URL (XZ_STORAGE=s3), which the server re-signs from the key alike.
 */
export function isStoredFile(path: string): boolean {
  return path.includes(FILE_ROUTE) || /[?&]X-Amz-Signature=/i.test(path);
}

/** fileNameOf is a readable name for an address: its last path segment without the query. */
export function fileNameOf(path: string): string {
  const clean = path.split("?")[0];
  const last = clean.slice(clean.lastIndexOf("/") + 1);
  try {
    return decodeURIComponent(last) || path;
  } catch {
    return last || path;
  }
}

/**
 * freshFile re-signs a stored file link (presignedUrlNew) and learns its original name; other addresses,
 * and links the server no longer knows, are returned as they are.
 */
export function freshFile(path: string): Promise<FileResult> {
  const plain: FileResult = { pathUrl: path, name: fileNameOf(path) };
  if (!isStoredFile(path)) return Promise.resolve(plain);
  const hit = fresh.get(path);
  if (hit && Date.now() - hit.at < FRESH_FOR) return hit.file;
  const file = request<FileResult>("/api/oos/presignedUrlNew", { query: { fullUrl: path }, silent: true })
    .then((r) => ({ ...plain, ...r }))
    .catch(() => plain);
  fresh.set(path, { at: Date.now(), file });
  return file;
}

/** unrenewed is an address before its fresh link is known. */
function unrenewed(path: string): FreshFile {
  return { pathUrl: path, name: fileNameOf(path), ready: !isStoredFile(path) };
}

/** FreshFile is a file for rendering; ready is false while a stored file's fresh link is still asked for. */
export type FreshFile = FileResult & { ready: boolean };

/**
 * useFreshFile is freshFile for rendering: the stored address first (ready false for a stored file, whose
 * signed link may have expired), the fresh link once known.
 */
export function useFreshFile(path: string): FreshFile {
  const [file, setFile] = useState<FreshFile>(() => unrenewed(path));
  useEffect(() => {
    let live = true;
    setFile(unrenewed(path));
    void freshFile(path).then((f) => live && setFile({ ...f, ready: true }));
    return () => {
      live = false;
    };
  }, [path]);
  return file;
}

/** useFreshFiles is useFreshFile for a list of addresses, in the same order. */
export function useFreshFiles(paths: readonly string[]): FileResult[] {
  const key = paths.join("\n");
  const [files, setFiles] = useState<FileResult[]>([]);
  useEffect(() => {
    let live = true;
    const list = key ? key.split("\n") : [];
    setFiles(list.map((p) => ({ pathUrl: p, name: fileNameOf(p) })));
    void Promise.all(list.map(freshFile)).then((f) => live && setFiles(f));
    return () => {
      live = false;
    };
  }, [key]);
  return paths.map((p, i) => files[i] ?? { pathUrl: p, name: fileNameOf(p) });
}
