// The client's copy of the server's upload rules (docs/files.md "Rules", spec §5 "Uploads"): which types
// an uploader takes, how large and how many, and the spec's refusal texts. The client checks first so a
// user is told at once; the server checks again and stays the authority.

import { catalogue, text } from "../../locales/catalogue";

/** The spec's message texts (widgets.upload in the locale bundles), read in the current locale. */
export const UPLOAD_MESSAGES = catalogue("widgets.upload");

/** The families of a refusal's size text. */
export type Media = "image" | "video" | "document";

/** UploadRule is what one uploader takes. */
export interface UploadRule {
  /** The server's uploader kind sent with the upload. */
  kind: string;
  /** Allowed extensions, lower case. */
  accept: readonly string[];
  maxBytes: number;
  maxCount: number;
  media: Media;
  /** Which of UPLOAD_MESSAGES refuses a wrong type. */
  typeRefusal: "badFormat" | "editorVideo";
}

export const MB = 1024 * 1024;

export const IMAGE_TYPES = ["png", "gif", "jpg", "jpeg", "bmp"] as const;
/** ALLOWED_TYPES are every type spec §5 allows. */
export const ALLOWED_TYPES = [...IMAGE_TYPES, "mp4", "mp3", "txt", "xls", "xlsx", "doc", "docx", "ppt", "pptx", "pdf"] as const;

/** The uploaders of docs/files.md that the widgets use. */
export const RULES = {
  image: { kind: "image", accept: IMAGE_TYPES, maxBytes: 5 * MB, maxCount: 9, media: "image", typeRefusal: "badFormat" },
  image2m: { kind: "image2m", accept: IMAGE_TYPES, maxBytes: 2 * MB, maxCount: 9, media: "image", typeRefusal: "badFormat" },
  file: { kind: "file", accept: ALLOWED_TYPES, maxBytes: MB, maxCount: 3, media: "document", typeRefusal: "badFormat" },
  video: { kind: "video", accept: ["mp4"], maxBytes: 50 * MB, maxCount: 1, media: "video", typeRefusal: "badFormat" },
  editorVideo: { kind: "editorVideo", accept: ["mp4", "webm", "ogg"], maxBytes: 50 * MB, maxCount: 1, media: "video", typeRefusal: "editorVideo" },
} satisfies Record<string, UploadRule>;

/** humanSize writes a limit as the server's messages do: 1M, 2M, 500K. */
export function humanSize(n: number): string {
  const fixed = (v: number) => (Number.isInteger(v) ? String(v) : v.toFixed(1));
  if (n >= MB) return `${fixed(n / MB)}M`;
  if (n >= 1024) return `${fixed(n / 1024)}K`;
  return `${n}B`;
}

/** sizeMessage is the "upload within N" text of a family (spec §5). */
export function sizeMessage(media: Media, limit: number): string {
  const size = humanSize(limit);
  if (media === "image") return text("widgets.upload.imageTooLarge", { size });
  if (media === "video") return text("widgets.upload.videoTooLarge", { size });
  return text("widgets.upload.fileTooLarge", { size });
}

/** parseSize reads a field's maxSize ("2MB", "500KB", "1024"), 0 when it states none. */
export function parseSize(text: unknown): number {
  if (typeof text === "number") return text;
  if (typeof text !== "string") return 0;
  const m = /^\s*(\d+(?:\.\d+)?)\s*([KMG]?)B?\s*$/i.exec(text);
  if (!m) return 0;
  const scale = { "": 1, K: 1024, M: MB, G: 1024 * MB }[m[2].toUpperCase() as "" | "K" | "M" | "G"];
  return Math.round(Number(m[1]) * scale);
}

/** FieldOptions are a module field's ui:options that narrow its uploader. */
export interface FieldOptions {
  accept?: unknown;
  maxSize?: unknown;
  maxCount?: unknown;
}

/** narrow applies a field's accept, maxSize and maxCount to an uploader's rule, as the server does. */
export function narrow(rule: UploadRule, options: FieldOptions, single: boolean): UploadRule {
  const accept = Array.isArray(options.accept)
    ? rule.accept.filter((ext) => (options.accept as unknown[]).some((a) => String(a).toLowerCase() === ext || (ext === "jpeg" && a === "jpg") || (ext === "jpg" && a === "jpeg")))
    : rule.accept;
  const maxBytes = parseSize(options.maxSize) || rule.maxBytes;
  const count = typeof options.maxCount === "number" && options.maxCount > 0 ? options.maxCount : rule.maxCount;
  return { ...rule, accept, maxBytes, maxCount: single ? 1 : count };
}

/** extOf is a file name's extension, lower case ("" without one). */
export function extOf(name: string): string {
  const dot = name.lastIndexOf(".");
  return dot < 0 ? "" : name.slice(dot + 1).toLowerCase();
}

/** precheck returns the refusal text for a file the rule does not take, or null. */
export function precheck(file: Pick<File, "name" | "size">, rule: UploadRule): string | null {
  if (!rule.accept.includes(extOf(file.name))) return UPLOAD_MESSAGES[rule.typeRefusal];
  if (file.size > rule.maxBytes) return sizeMessage(rule.media, rule.maxBytes);
  return null;
}

/** countMessage is the "at most N" text: images for image uploaders. */
export function countMessage(rule: UploadRule): string {
  return text(rule.media === "image" ? "widgets.upload.tooManyImages" : "widgets.upload.tooManyFiles", { count: rule.maxCount });
}

/** REVIEWED are the types the picture review sees before an upload (spec §5: png, gif and jpg). */
export function reviewed(name: string): boolean {
  return ["png", "gif", "jpg", "jpeg"].includes(extOf(name));
}

/** acceptAttr is the file input's accept attribute of a rule. */
export function acceptAttr(rule: UploadRule): string {
  return rule.accept.map((e) => "." + e).join(",");
}
