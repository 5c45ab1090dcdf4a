// The YAML tab: the module file beside the canvas, both ways. A canvas edit rewrites the text; a text edit
// (once it parses) moves the canvas. Syntax errors, the designer's property rules and the server loader's
// problems (POST /api/designer/parse) are listed with their lines and marked in the gutter.

import { useCallback, useEffect, useMemo, useRef, useState, type UIEvent } from "react";
import { Alert, Button, Input, List, Space, Tag, Typography } from "antd";
import type { TextAreaRef } from "antd/es/input/TextArea";
import { text } from "./texts";
import { designerApi, type LoadProblem } from "./api";
import { problemsOf } from "./checks";
import { keepUids, type ModuleDoc } from "./model";
import { toYaml, type Problem } from "./yamlio";

interface Props {
  model: ModuleDoc;
  /** The text the server holds for the model as loaded (comments kept), shown until the model changes. */
  base?: { model: ModuleDoc; yaml: string };
  readOnly: boolean;
  onModel: (model: ModuleDoc, yaml: string) => void;
}

const LINE_HEIGHT = 20;

export function YamlTab({ model, base, readOnly, onModel }: Props) {
  const [source, setSource] = useState(() => (base && base.model === model ? base.yaml : toYaml(model)));
  const [problems, setProblems] = useState<Problem[]>(() => problemsOf(source).problems);
  const [server, setServer] = useState<LoadProblem[] | null>(null);
  const [checking, setChecking] = useState(false);
  const shown = useRef(model);
  const area = useRef<TextAreaRef>(null);
  const gutter = useRef<HTMLDivElement>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  // A canvas edit: write the text again (the text the model was read from stays as typed).
  useEffect(() => {
    if (shown.current === model) return;
    shown.current = model;
    const next = base && base.model === model ? base.yaml : toYaml(model);
    setSource(next);
    setProblems(problemsOf(next).problems);
    setServer(null);
  }, [model, base]);

  useEffect(() => () => clearTimeout(timer.current), []);

  const check = useCallback(async (yaml: string) => {
    setChecking(true);
    try {
      const answer = await designerApi.parse(yaml);
      setServer(answer.problems);
    } catch {
      setServer(null);
    } finally {
      setChecking(false);
    }
  }, []);

  const onText = (next: string) => {
    setSource(next);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      const { model: read, problems: found } = problemsOf(next);
      setProblems(found);
      setServer(null);
      if (read) {
        const kept = keepUids(shown.current, read);
        shown.current = kept;
        onModel(kept, next);
      }
    }, 300);
  };

  const all = useMemo(
    () => [
      ...problems.map((p) => ({ line: p.line, where: p.path, message: p.message, server: false })),
      ...(server ?? []).map((p) => ({ line: p.line || undefined, where: p.field, message: p.problem, server: true })),
    ],
    [problems, server],
  );
  const badLines = useMemo(() => new Set(all.map((p) => p.line).filter((l): l is number => !!l)), [all]);
  const lineCount = source.split("\n").length;

  const goTo = (line?: number) => {
    const el = area.current?.resizableTextArea?.textArea;
    if (!el || !line) return;
    const lines = source.split("\n");
    const start = lines.slice(0, line - 1).reduce((n, l) => n + l.length + 1, 0);
    el.focus();
    el.setSelectionRange(start, start + (lines[line - 1]?.length ?? 0));
    el.scrollTop = (line - 3) * LINE_HEIGHT;
  };

  const onScroll = (e: UIEvent<HTMLTextAreaElement>) => {
    if (gutter.current) gutter.current.scrollTop = e.currentTarget.scrollTop;
  };

  const mono = { fontFamily: "ui-monospace, SFMono-Regular, Menlo, Consolas, monospace", fontSize: 13, lineHeight: `${LINE_HEIGHT}px` };
  return (
    <Space direction="vertical" style={{ width: "100%" }} data-testid="yaml-tab">
      <Space>
        <Button loading={checking} onClick={() => void check(source)}>
          {text("designer.yamlTab.check")}
        </Button>
        {server && server.length === 0 && <Tag color="green">{text("designer.yamlTab.checkOk")}</Tag>}
        {!all.length && <Tag color="blue">{text("designer.yamlTab.inSync")}</Tag>}
      </Space>
      <div style={{ display: "flex", border: "1px solid #d9d9d9", borderRadius: 6, height: "60vh", overflow: "hidden" }}>
        <div ref={gutter} aria-hidden style={{ ...mono, overflow: "hidden", padding: "4px 6px", background: "#fafafa", color: "#999", textAlign: "right", minWidth: 40, userSelect: "none" }}>
          {Array.from({ length: lineCount }, (_, i) => (
            <div key={i} style={badLines.has(i + 1) ? { color: "#fff", background: "#ff4d4f", borderRadius: 2 } : undefined}>
              {i + 1}
            </div>
          ))}
        </div>
        <Input.TextArea
          ref={area}
          aria-label="YAML"
          value={source}
          readOnly={readOnly}
          spellCheck={false}
          wrap="off"
          onScroll={onScroll}
          onChange={(e) => onText(e.target.value)}
          style={{ ...mono, border: "none", borderRadius: 0, resize: "none", height: "100%", padding: "4px 8px", whiteSpace: "pre", overflow: "auto" }}
        />
      </div>
      {all.length > 0 && (
        <List
          size="small"
          bordered
          data-testid="yaml-problems"
          dataSource={all}
          renderItem={(p) => (
            <List.Item onClick={() => goTo(p.line)} style={{ cursor: p.line ? "pointer" : undefined }}>
              <Space>
                {p.line ? <Tag color="red">{text("designer.yamlTab.line", { line: p.line })}</Tag> : null}
                {p.server && <Tag>{text("designer.yamlTab.check")}</Tag>}
                {p.where && <Typography.Text code>{p.where}</Typography.Text>}
                <span>{p.message}</span>
              </Space>
            </List.Item>
          )}
        />
      )}
      {readOnly && <Alert type="info" showIcon message={text("designer.readOnlyFile")} />}
    </Space>
  );
}
