// Rich text on detail pages: the server-sanitised HTML sanitised again on the client before it enters the
// page (no script, handler or foreign URL survives), with stored pictures and videos re-signed.

import { useEffect, useMemo, useRef } from "react";
import { freshFile, isStoredFile } from "../upload/api";
import { sanitizeHtml } from "./sanitize";
import "./richtext.css";

/** RichTextView renders rich text safely. */
export function RichTextView({ html }: { html: string }) {
  const clean = useMemo(() => sanitizeHtml(html), [html]);
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    let live = true;
    for (const el of Array.from(box.current?.querySelectorAll<HTMLImageElement | HTMLVideoElement>("img[src], video[src]") ?? [])) {
      const src = el.getAttribute("src") ?? "";
      if (isStoredFile(src)) void freshFile(src).then((f) => live && el.setAttribute("src", f.pathUrl));
    }
    return () => {
      live = false;
    };
  }, [clean]);
  // The HTML is reduced to sanitizeHtml's allow-list just above.
  return <div ref={box} className="xz-richtext" dangerouslySetInnerHTML={{ __html: clean }} />;
}
