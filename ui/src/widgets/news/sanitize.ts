// A small allow-list HTML sanitiser for previews: the markup is parsed with DOMParser (inert: no scripts
// run, nothing loads) and rebuilt from allowed elements and attributes only. Links and images keep only
// http(s), relative and (for images) data:image URLs; everything else, including event handlers and
// styles, is dropped. The server sanitises rich text too (bluemonday); this is the console's own guard.

const ALLOWED_TAGS = new Set([
  "p", "br", "hr", "div", "span", "b", "strong", "i", "em", "u", "s", "strike", "del", "sub", "sup", "small",
  "h1", "h2", "h3", "h4", "h5", "h6", "blockquote", "pre", "code", "ul", "ol", "li", "a", "img", "video", "source",
  "table", "thead", "tbody", "tfoot", "tr", "th", "td", "caption", "font", "figure", "figcaption",
]);

/** Attributes kept per element ("*": every allowed element). */
const ALLOWED_ATTRS: Record<string, readonly string[]> = {
  "*": ["title", "align"],
  a: ["href"],
  img: ["src", "alt", "width", "height"],
  video: ["src", "controls", "width", "height", "poster"],
  source: ["src", "type"],
  td: ["colspan", "rowspan"],
  th: ["colspan", "rowspan"],
  font: ["color", "size"],
};

const URL_ATTRS = new Set(["href", "src", "poster"]);

/** safeUrl allows http(s), protocol-relative-free relative paths and, for media, data:image. */
export function safeUrl(url: string, media: boolean): boolean {
  const u = url.trim().toLowerCase();
  if (u.startsWith("http://") || u.startsWith("https://")) return true;
  if (media && u.startsWith("data:image/")) return true;
  return !/^[a-z][a-z0-9+.-]*:/.test(u) && !u.startsWith("//");
}

function clean(node: Node, doc: Document): Node | null {
  if (node.nodeType === Node.TEXT_NODE) return doc.createTextNode(node.textContent ?? "");
  if (node.nodeType !== Node.ELEMENT_NODE) return null;
  const el = node as Element;
  const tag = el.tagName.toLowerCase();
  if (!ALLOWED_TAGS.has(tag)) {
    // Unknown wrappers keep their text; dangerous containers vanish whole.
    if (["script", "style", "iframe", "object", "embed", "template", "noscript", "svg", "math"].includes(tag)) return null;
    const frag = doc.createDocumentFragment();
    el.childNodes.forEach((c) => {
      const k = clean(c, doc);
      if (k) frag.appendChild(k);
    });
    return frag;
  }
  const out = doc.createElement(tag);
  const allowed = [...(ALLOWED_ATTRS["*"] ?? []), ...(ALLOWED_ATTRS[tag] ?? [])];
  for (const name of allowed) {
    const v = el.getAttribute(name);
    if (v === null) continue;
    if (URL_ATTRS.has(name) && !safeUrl(v, tag !== "a")) continue;
    out.setAttribute(name, v);
  }
  if (tag === "a") {
    out.setAttribute("target", "_blank");
    out.setAttribute("rel", "noopener noreferrer");
  }
  el.childNodes.forEach((c) => {
    const k = clean(c, doc);
    if (k) out.appendChild(k);
  });
  return out;
}

/** sanitizeHtml returns html with only allowed elements, attributes and URLs. */
export function sanitizeHtml(html: string): string {
  const parsed = new DOMParser().parseFromString(`<body>${html}</body>`, "text/html");
  const doc = document.implementation.createHTMLDocument("");
  const box = doc.createElement("div");
  parsed.body.childNodes.forEach((c) => {
    const k = clean(c, doc);
    if (k) box.appendChild(k);
  });
  return box.innerHTML;
}
