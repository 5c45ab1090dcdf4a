// The rich-text editor (spec §2 shared widgets, §9: height 300, the toolbar in order) on a contentEditable
// box and document.execCommand. Images and videos go through the upload path (review, /api/oos/uploadFile);
// the editor video takes mp4, webm and ogg only. Initial and pasted HTML pass the client sanitizer; the
// server sanitizes again before storing.

import { useEffect, useRef, useState } from "react";
import { notify } from "../../app/notify";
import type { UploadTarget } from "../upload/api";
import { acceptAttr, extOf, precheck, RULES, UPLOAD_MESSAGES } from "../upload/rules";
import { sendFile } from "../upload/useUploader";
import { EDITOR_VIDEO_TYPES, exec, imageHtml, videoHtml } from "./commands";
import { sanitizeHtml } from "./sanitize";
import { Toolbar } from "./Toolbar";
import "./richtext.css";

/** EDITOR_HEIGHT is the editor's default height (spec §9). */
export const EDITOR_HEIGHT = 300;

export interface RichTextEditorProps {
  id?: string;
  value: string;
  onChange: (html: string) => void;
  /** Where the editor's pictures and videos are uploaded. */
  target: UploadTarget;
  height?: number;
  disabled?: boolean;
  placeholder?: string;
  /** The field's label: the editing box's accessible name. */
  label?: string;
}

/** RichTextEditor edits HTML; onChange receives the box's HTML after every change. */
export function RichTextEditor({ id, value, onChange, target, height = EDITOR_HEIGHT, disabled, placeholder, label }: RichTextEditorProps) {
  const box = useRef<HTMLDivElement>(null);
  const emitted = useRef<string | null>(null);
  const range = useRef<Range | null>(null);
  const imageInput = useRef<HTMLInputElement>(null);
  const videoInput = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);

  // Take a value from outside (the initial record, a reset); not the HTML this editor just emitted.
  useEffect(() => {
    if (box.current && value !== emitted.current) {
      box.current.innerHTML = sanitizeHtml(value ?? "");
      emitted.current = value;
    }
  }, [value]);

  const emit = () => {
    if (!box.current) return;
    const html = box.current.innerHTML === "<br>" ? "" : box.current.innerHTML;
    emitted.current = html;
    onChange(html);
  };

  const remember = () => {
    const sel = window.getSelection();
    if (sel && sel.rangeCount > 0 && box.current?.contains(sel.anchorNode)) range.current = sel.getRangeAt(0).cloneRange();
  };

  const run = (command: string, arg?: string) => {
    if (disabled || !box.current) return;
    box.current.focus();
    const sel = window.getSelection();
    if (range.current && sel) {
      sel.removeAllRanges();
      sel.addRange(range.current);
    }
    exec("styleWithCSS", "false");
    exec(command, arg);
    remember();
    emit();
  };

  const insertUpload = async (file: File, kind: "image" | "editorVideo") => {
    const rule = RULES[kind];
    const refusal = kind === "editorVideo" && !EDITOR_VIDEO_TYPES.includes(extOf(file.name) as never) ? UPLOAD_MESSAGES.editorVideo : precheck(file, rule);
    if (refusal) {
      notify.error(refusal);
      return;
    }
    setBusy(true);
    try {
      const path = await sendFile(file, rule, target);
      if (path) run("insertHTML", kind === "image" ? imageHtml(path, file.name) : videoHtml(path));
    } finally {
      setBusy(false);
    }
  };

  const onPicked = (kind: "image" | "editorVideo") => (e: React.ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    e.target.value = "";
    if (file) void insertUpload(file, kind);
  };

  return (
    <div className="xz-richtext-editor" aria-disabled={disabled}>
      <Toolbar run={run} pickImage={() => imageInput.current?.click()} pickVideo={() => videoInput.current?.click()} busy={busy || !!disabled} />
      <div
        id={id}
        ref={box}
        className="xz-richtext"
        role="textbox"
        aria-multiline="true"
        aria-label={label}
        contentEditable={!disabled}
        suppressContentEditableWarning
        data-placeholder={placeholder}
        style={{ height, overflowY: "auto", padding: "8px 12px" }}
        onInput={emit}
        onBlur={emit}
        onKeyUp={remember}
        onMouseUp={remember}
        onPaste={(e) => {
          const html = e.clipboardData.getData("text/html");
          if (!html) return;
          e.preventDefault();
          run("insertHTML", sanitizeHtml(html));
        }}
      />
      <input ref={imageInput} type="file" hidden accept={acceptAttr(RULES.image)} data-testid="richtext-image-input" onChange={onPicked("image")} />
      <input ref={videoInput} type="file" hidden accept={acceptAttr(RULES.editorVideo)} data-testid="richtext-video-input" onChange={onPicked("editorVideo")} />
    </div>
  );
}
