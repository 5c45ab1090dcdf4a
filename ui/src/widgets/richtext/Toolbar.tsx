// The rich-text editor's toolbar in spec §9's order: head, bold, font size, font name, italic, eraser,
// underline, strikethrough, colors, link, list, justify, quote, image, table, video, undo, redo.

import { useState } from "react";
import { Button, Divider, Input, InputNumber, Popover, Select, Space, Tooltip } from "antd";
import {
  AlignCenterOutlined, AlignLeftOutlined, AlignRightOutlined, BgColorsOutlined, BoldOutlined, ClearOutlined,
  FontColorsOutlined, ItalicOutlined, LinkOutlined, MenuOutlined, OrderedListOutlined, PictureOutlined, RedoOutlined,
  StrikethroughOutlined, TableOutlined, UnderlineOutlined, UndoOutlined, UnorderedListOutlined, VideoCameraOutlined,
} from "@ant-design/icons";
import { useTranslation } from "react-i18next";
import { FONT_NAMES, FONT_SIZES, HEADINGS, linkAllowed, tableHtml } from "./commands";

/** ToolbarActions are what the toolbar asks of the editor. */
export interface ToolbarActions {
  /** run restores the editor's selection and runs one execCommand. */
  run: (command: string, value?: string) => void;
  pickImage: () => void;
  pickVideo: () => void;
  busy: boolean;
}

/** Tool is one icon button that keeps the editor's selection (no focus change on mouse down). */
function Tool({ title, icon, onClick, disabled }: { title: string; icon: React.ReactNode; onClick: () => void; disabled?: boolean }) {
  return (
    <Tooltip title={title}>
      <Button type="text" size="small" icon={icon} aria-label={title} disabled={disabled} onMouseDown={(e) => e.preventDefault()} onClick={onClick} />
    </Tooltip>
  );
}

function ColorTool({ title, icon, onPick }: { title: string; icon: React.ReactNode; onPick: (color: string) => void }) {
  return (
    <Tooltip title={title}>
      <label style={{ display: "inline-flex", alignItems: "center", cursor: "pointer", padding: "0 4px" }} aria-label={title}>
        {icon}
        <input type="color" aria-label={title} style={{ width: 18, height: 18, border: 0, padding: 0 }} onChange={(e) => onPick(e.target.value)} />
      </label>
    </Tooltip>
  );
}

/** PopoverTool is an icon button that opens a small form (the link's address, the table's size). */
function PopoverTool({ title, icon, open, onOpenChange, children }: { title: string; icon: React.ReactNode; open: boolean; onOpenChange: (open: boolean) => void; children: React.ReactNode }) {
  return (
    <Popover open={open} onOpenChange={onOpenChange} trigger="click" content={children}>
      <Button type="text" size="small" icon={icon} aria-label={title} onMouseDown={(e) => e.preventDefault()} />
    </Popover>
  );
}

function LinkTool({ run }: Pick<ToolbarActions, "run">) {
  const { t } = useTranslation();
  const [url, setUrl] = useState("https://");
  const [open, setOpen] = useState(false);
  const ok = linkAllowed(url);
  return (
    <PopoverTool title={t("richtext.link")} icon={<LinkOutlined />} open={open} onOpenChange={setOpen}>
      <Space.Compact>
        <Input aria-label={t("richtext.linkUrl")} value={url} onChange={(e) => setUrl(e.target.value)} status={ok ? undefined : "error"} style={{ width: 240 }} />
        <Button type="primary" disabled={!ok} onClick={() => { run("createLink", url.trim()); setOpen(false); }}>
          {t("common.confirm")}
        </Button>
      </Space.Compact>
    </PopoverTool>
  );
}

function TableTool({ run }: Pick<ToolbarActions, "run">) {
  const { t } = useTranslation();
  const [rows, setRows] = useState(3);
  const [cols, setCols] = useState(3);
  const [open, setOpen] = useState(false);
  return (
    <PopoverTool title={t("richtext.table")} icon={<TableOutlined />} open={open} onOpenChange={setOpen}>
      <Space>
        <InputNumber aria-label={t("richtext.rows")} min={1} max={20} value={rows} onChange={(v) => setRows(v ?? 1)} />×
        <InputNumber aria-label={t("richtext.cols")} min={1} max={20} value={cols} onChange={(v) => setCols(v ?? 1)} />
        <Button type="primary" onClick={() => { run("insertHTML", tableHtml(rows, cols)); setOpen(false); }}>
          {t("richtext.insert")}
        </Button>
      </Space>
    </PopoverTool>
  );
}

/** Toolbar renders the tools; every command goes through actions.run. */
export function Toolbar({ run, pickImage, pickVideo, busy }: ToolbarActions) {
  const { t } = useTranslation();
  const sep = <Divider type="vertical" />;
  return (
    <Space wrap size={2} role="toolbar" aria-label={t("richtext.toolbar")} style={{ padding: 4, borderBottom: "1px solid #f0f0f0", width: "100%" }}>
      <Select size="small" style={{ width: 80 }} aria-label={t("richtext.head")} placeholder={t("richtext.head")} options={HEADINGS.map((h) => ({ value: h.value, label: h.label }))} onChange={(v: string) => run("formatBlock", `<${v}>`)} value={null} />
      <Tool title={t("richtext.bold")} icon={<BoldOutlined />} onClick={() => run("bold")} />
      <Select size="small" style={{ width: 80 }} aria-label={t("richtext.fontSize")} placeholder={t("richtext.fontSize")} options={FONT_SIZES.map((s) => ({ ...s }))} onChange={(v: string) => run("fontSize", v)} value={null} />
      <Select size="small" style={{ width: 96 }} aria-label={t("richtext.fontName")} placeholder={t("richtext.fontName")} options={FONT_NAMES.map((f) => ({ value: f.value, label: "key" in f ? t(`widgets.richtext.fonts.${f.key}`) : f.value }))} onChange={(v: string) => run("fontName", v)} value={null} />
      <Tool title={t("richtext.italic")} icon={<ItalicOutlined />} onClick={() => run("italic")} />
      <Tool title={t("richtext.eraser")} icon={<ClearOutlined />} onClick={() => run("removeFormat")} />
      <Tool title={t("richtext.underline")} icon={<UnderlineOutlined />} onClick={() => run("underline")} />
      <Tool title={t("richtext.strike")} icon={<StrikethroughOutlined />} onClick={() => run("strikeThrough")} />
      {sep}
      <ColorTool title={t("richtext.foreColor")} icon={<FontColorsOutlined />} onPick={(c) => run("foreColor", c)} />
      <ColorTool title={t("richtext.backColor")} icon={<BgColorsOutlined />} onPick={(c) => run("hiliteColor", c)} />
      <LinkTool run={run} />
      <Tool title={t("richtext.orderedList")} icon={<OrderedListOutlined />} onClick={() => run("insertOrderedList")} />
      <Tool title={t("richtext.unorderedList")} icon={<UnorderedListOutlined />} onClick={() => run("insertUnorderedList")} />
      <Tool title={t("richtext.justifyLeft")} icon={<AlignLeftOutlined />} onClick={() => run("justifyLeft")} />
      <Tool title={t("richtext.justifyCenter")} icon={<AlignCenterOutlined />} onClick={() => run("justifyCenter")} />
      <Tool title={t("richtext.justifyRight")} icon={<AlignRightOutlined />} onClick={() => run("justifyRight")} />
      <Tool title={t("richtext.justifyFull")} icon={<MenuOutlined />} onClick={() => run("justifyFull")} />
      <Tool title={t("richtext.quote")} icon={<span style={{ fontWeight: 700 }}>❝</span>} onClick={() => run("formatBlock", "<blockquote>")} />
      {sep}
      <Tool title={t("richtext.image")} icon={<PictureOutlined />} onClick={pickImage} disabled={busy} />
      <TableTool run={run} />
      <Tool title={t("richtext.video")} icon={<VideoCameraOutlined />} onClick={pickVideo} disabled={busy} />
      {sep}
      <Tool title={t("richtext.undo")} icon={<UndoOutlined />} onClick={() => run("undo")} />
      <Tool title={t("richtext.redo")} icon={<RedoOutlined />} onClick={() => run("redo")} />
    </Space>
  );
}
