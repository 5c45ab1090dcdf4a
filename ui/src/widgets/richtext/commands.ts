// The rich-text editor's commands (spec §9 toolbar) over document.execCommand, and the HTML the insert
// commands build (tables, video). Kept apart from the React component so tests can drive them.

import { text } from "../../locales/catalogue";
import type { Messages } from "../../locales/types";

/** HEADINGS are the "head" menu: paragraph and H1–H4 (formatBlock values); the paragraph's label follows the locale. */
export const HEADINGS = [
  {
    value: "p",
    get label() {
      return text("widgets.richtext.paragraph");
    },
  },
  { value: "h1", label: "H1" },
  { value: "h2", label: "H2" },
  { value: "h3", label: "H3" },
  { value: "h4", label: "H4" },
] as const;

/** FONT_SIZES are execCommand's seven font sizes with their readable sizes. */
export const FONT_SIZES = [
  { value: "1", label: "10px" },
  { value: "2", label: "13px" },
  { value: "3", label: "16px" },
  { value: "4", label: "18px" },
  { value: "5", label: "24px" },
  { value: "6", label: "32px" },
  { value: "7", label: "48px" },
] as const;

/**
 * FONT_NAMES are the faces of the font-name menu: the CSS family names execCommand writes, and for the
 * Chinese faces the bundle key of their name in the current locale (widgets.richtext.fonts).
 */
export const FONT_NAMES = [
  { value: "SimSun", key: "simSun" },
  { value: "SimHei", key: "simHei" },
  { value: "Microsoft YaHei", key: "microsoftYaHei" },
  { value: "KaiTi", key: "kaiTi" },
  { value: "FangSong", key: "fangSong" },
  { value: "Arial" },
  { value: "Times New Roman" },
  { value: "Courier New" },
] as const satisfies readonly { value: string; key?: keyof Messages["widgets"]["richtext"]["fonts"] }[];

/** EDITOR_VIDEO_TYPES are the editor video's types (spec §5). */
export const EDITOR_VIDEO_TYPES = ["mp4", "webm", "ogg"] as const;

/** exec runs one editing command on the current selection. */
export function exec(command: string, value?: string): void {
  document.execCommand(command, false, value);
}

function escapeAttr(value: string): string {
  return value.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}

/** tableHtml is an empty table of rows × cols (1–20 each). */
export function tableHtml(rows: number, cols: number): string {
  const r = Math.min(Math.max(1, Math.floor(rows)), 20);
  const c = Math.min(Math.max(1, Math.floor(cols)), 20);
  const row = `<tr>${"<td><br></td>".repeat(c)}</tr>`;
  return `<table><tbody>${row.repeat(r)}</tbody></table><p><br></p>`;
}

/** videoHtml is a video of a stored address with the player's controls. */
export function videoHtml(src: string): string {
  return `<video src="${escapeAttr(src)}" controls width="640"></video><p><br></p>`;
}

/** imageHtml is a picture of a stored address. */
export function imageHtml(src: string, alt: string): string {
  return `<img src="${escapeAttr(src)}" alt="${escapeAttr(alt)}">`;
}

/** linkAllowed accepts the addresses a link may point to: http(s) and mailto. */
export function linkAllowed(url: string): boolean {
  return /^(https?:\/\/|mailto:)\S+$/i.test(url.trim());
}
