// The console's one HTML sanitiser: an allow-list applied before any HTML is put into the page (detail
// views, list cells, the editor's initial value, pasted HTML, the news preview) — on top of the server's
// bluemonday policy (engine/richtext), so HTML that reached the client by another path is safe too. It
// parses with DOMParser (an inert document: nothing runs, nothing loads), keeps the elements, attributes
// and style properties the editor's toolbar produces (and the figures and captions articles carry), and
// drops everything else. Like the server it keeps only http(s) (and mailto) addresses.

const DROP = new Set(["script", "style", "iframe", "frame", "frameset", "object", "embed", "applet", "template", "noscript", "link", "meta", "base", "form", "input", "button", "textarea", "select", "svg", "math", "title", "head"]);

const ALLOWED: Record<string, readonly string[]> = {
  p: [], div: [], span: [], br: [], hr: [], h1: [], h2: [], h3: [], h4: [], h5: [], h6: [],
  b: [], strong: [], i: [], em: [], u: [], s: [], strike: [], del: [], sub: [], sup: [], pre: [], code: [],
  blockquote: [], ul: [], ol: [], li: [], small: [], figure: [], figcaption: [], caption: [],
  font: ["color", "size", "face"],
  a: ["href", "title", "target"],
  img: ["src", "alt", "title", "width", "height"],
  table: [], thead: [], tbody: [], tfoot: [], tr: [], th: ["colspan", "rowspan"], td: ["colspan", "rowspan"],
  video: ["src", "controls", "width", "height", "poster"], source: ["src", "type"],
};

/** Attributes every allowed element may keep. */
const COMMON = ["title", "align"];

const URL_ATTRS = new Set(["href", "src", "poster"]);

const STYLE_RULES: Record<string, RegExp> = {
  "text-align": /^(left|right|center|justify)$/,
  color: /^(#[0-9a-f]{3,8}|rgba?\([0-9., %]+\)|[a-z]+)$/i,
  "background-color": /^(#[0-9a-f]{3,8}|rgba?\([0-9., %]+\)|[a-z]+)$/i,
  "font-size": /^[0-9.]+(px|pt|em|rem|%)$/,
  "font-family": /^[\p{L}\p{N} ,'"-]+$/u,
  "text-decoration": /^(underline|line-through|none)$/,
};

/** safeUrl keeps http(s), mailto and relative addresses; javascript:, data: and the rest are dropped. */
export function safeUrl(value: string): boolean {
  const v = value.trim().replace(/[\u0000-\u001f\u007f\s]+/g, "");
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(v);
  if (!scheme) return true;
  return ["http", "https", "mailto"].includes(scheme[1].toLowerCase());
}

function cleanStyle(style: string): string {
  return style
    .split(";")
    .map((decl) => {
      const i = decl.indexOf(":");
      if (i < 0) return "";
      const prop = decl.slice(0, i).trim().toLowerCase();
      const value = decl.slice(i + 1).trim();
      return STYLE_RULES[prop]?.test(value) ? `${prop}: ${value}` : "";
    })
    .filter(Boolean)
    .join("; ");
}

/** SanitizeOptions: newWindow opens every link in a new window (the news preview). */
export interface SanitizeOptions {
  newWindow?: boolean;
}

function cleanLink(el: Element, opts: SanitizeOptions): void {
  if (opts.newWindow) {
    el.setAttribute("target", "_blank");
    el.setAttribute("rel", "noopener noreferrer");
    return;
  }
  if (!el.hasAttribute("href")) return;
  el.setAttribute("rel", "noopener noreferrer nofollow");
  if (el.getAttribute("target") !== "_blank") el.removeAttribute("target");
}

function cleanAttributes(el: Element, allowed: readonly string[], opts: SanitizeOptions): void {
  for (const attr of Array.from(el.attributes)) {
    const name = attr.name.toLowerCase();
    if (name === "style") {
      const style = cleanStyle(attr.value);
      if (style) el.setAttribute("style", style);
      else el.removeAttribute("style");
      continue;
    }
    const kept = allowed.includes(name) || COMMON.includes(name);
    if (!kept || (URL_ATTRS.has(name) && !safeUrl(attr.value))) el.removeAttribute(attr.name);
  }
  if (el.tagName.toLowerCase() === "a") cleanLink(el, opts);
}

function cleanNode(node: Node, opts: SanitizeOptions): void {
  for (const child of Array.from(node.childNodes)) {
    if (child.nodeType === Node.TEXT_NODE) continue;
    if (child.nodeType !== Node.ELEMENT_NODE) {
      child.remove();
      continue;
    }
    const el = child as Element;
    const tag = el.tagName.toLowerCase();
    if (DROP.has(tag)) {
      el.remove();
      continue;
    }
    cleanNode(el, opts);
    const allowed = ALLOWED[tag];
    if (allowed) {
      cleanAttributes(el, allowed, opts);
    } else {
      // Unknown elements give way to their (already cleaned) content.
      el.replaceWith(...Array.from(el.childNodes));
    }
  }
}

/** sanitizeHtml returns html reduced to the rich-text allow-list. */
export function sanitizeHtml(html: string, opts: SanitizeOptions = {}): string {
  if (!html) return "";
  const doc = new DOMParser().parseFromString(`<!doctype html><html><body>${html}</body></html>`, "text/html");
  cleanNode(doc.body, opts);
  return doc.body.innerHTML;
}
