// How a detail page shows the values of file and rich-text fields: pictures (with preview), file links,
// the video player and safely rendered rich text. Other fields read as text (format.ts).

import { Image, Space } from "antd";
import { lazy, Suspense, type ReactNode } from "react";
// the links and pictures alone, not their uploaders: a list shows them without loading antd's Upload
import { FileLink } from "../widgets/upload/FileLink";
import { StoredImage } from "../widgets/upload/StoredImage";
import { RichTextView } from "../widgets/richtext/RichTextView";
import { sanitizeHtml } from "../widgets/richtext/sanitize";

// The player (with its menus and error page) loads when a detail shows a video, not with every list.
const VideoPlayer = lazy(() => import("../widgets/video/VideoPlayer").then((m) => ({ default: m.VideoPlayer })));

function listOf(value: unknown): string[] {
  if (Array.isArray(value)) return value.filter((v): v is string => typeof v === "string" && v !== "");
  return typeof value === "string" && value !== "" ? [value] : [];
}

/** RICH_WIDGETS are the widgets whose values FieldValue renders. */
export const RICH_WIDGETS = new Set(["image", "images", "file", "files", "video", "richtext"]);

/** fieldValue renders a value of a file or rich-text field, or null when there is nothing to show. */
export function fieldValue(widget: string | undefined, value: unknown): ReactNode {
  const list = listOf(value);
  if (!widget || !RICH_WIDGETS.has(widget) || list.length === 0) return null;
  switch (widget) {
    case "image":
    case "images":
      return (
        <Image.PreviewGroup>
          <Space wrap>
            {list.map((p) => (
              <StoredImage key={p} path={p} />
            ))}
          </Space>
        </Image.PreviewGroup>
      );
    case "file":
    case "files":
      return (
        <Space direction="vertical" size={2}>
          {list.map((p) => (
            <FileLink key={p} path={p} />
          ))}
        </Space>
      );
    case "video":
      return (
        <Suspense fallback={null}>
          <VideoPlayer src={list[0]} />
        </Suspense>
      );
    default:
      return <RichTextView html={list[0]} />;
  }
}

/** plainText is rich text's readable text (the HTML parsed inertly, tags dropped). */
export function plainText(html: string): string {
  return new DOMParser().parseFromString(sanitizeHtml(html), "text/html").body.textContent?.trim() ?? "";
}

/** listCell renders a file or rich-text value in a list cell (a thumbnail, links, plain text), or null. */
export function listCell(type: string, value: unknown): ReactNode {
  const list = listOf(value);
  if (!RICH_WIDGETS.has(type) || list.length === 0) return null;
  if (type === "image" || type === "images") return <StoredImage path={list[0]} size={40} />;
  if (type === "richtext") return plainText(list[0]).slice(0, 50);
  return (
    <Space size={4} wrap>
      {list.map((p) => (
        <FileLink key={p} path={p} />
      ))}
    </Space>
  );
}
