// Module settings (title, API path, permission prefix, menu group and icon, organisation scope, export and
// import, list sort and page size, statistics fields) and the sections the canvas groups fields into.

import { memo, useState, type ReactNode } from "react";
import { Button, Checkbox, Form, Input, InputNumber, Select, Space } from "antd";
import { ArrowDownOutlined, ArrowUpOutlined, DeleteOutlined, PlusOutlined } from "@ant-design/icons";
import { text } from "./texts";
import type { DesignerOptions } from "./api";
import type { Problem } from "./yamlio";
import { setKey, setModuleKey, STATS_TYPES, uniqueName, type ModuleDoc, type SectionDoc } from "./model";
import { moduleTexts, TRANSLATION_LOCALES, withTranslation } from "./moduleTexts";

interface Props {
  model: ModuleDoc;
  problems: Problem[];
  options?: DesignerOptions;
  readOnly: boolean;
  /** The name is fixed once the module exists on the server. */
  nameFixed: boolean;
  onChange: (fn: (m: ModuleDoc) => ModuleDoc) => void;
}

function Item({ label, problem, children }: { label: string; problem?: string; children: ReactNode }) {
  return (
    <Form.Item label={label} validateStatus={problem ? "error" : undefined} help={problem} style={{ marginBottom: 8 }}>
      {children}
    </Form.Item>
  );
}

export const ModulePanel = memo(function ModulePanel({ model: m, problems, options, readOnly, nameFixed, onChange }: Props) {
  const problem = (path: string) => problems.find((p) => p.path === path)?.message;
  const set = (key: string, value: unknown) => onChange((x) => setModuleKey(x, key, value));
  const statusField = m.status?.field ?? (m.workflow ? m.workflow.status || "approvalStatus" : undefined);
  const sortFields = ["id", "createdAt", "updatedAt", ...(statusField ? [statusField] : []), ...m.fields.filter((f) => f.sort).map((f) => f.name)];
  const [sortField, sortDir] = (m.list?.sort ?? "").split(",");
  const setList = (key: "sort" | "pageSize", value: unknown) =>
    onChange((x) => {
      const list = setKey(x.list ?? {}, key, value, ["sort", "pageSize"]);
      return setModuleKey(x, "list", Object.keys(list).length ? list : undefined);
    });
  const statsChoices = [...m.fields.filter((f) => STATS_TYPES.has(f.type) && !f.multiple).map((f) => ({ value: f.name, label: f.label })), ...(statusField ? [{ value: statusField, label: statusField }] : [])];
  const sections = m.sections ?? [];
  const setSections = (next: SectionDoc[]) =>
    onChange((x) => {
      const names = new Set(next.map((s) => s.name));
      // Fields of a removed section go back to no section.
      const fields = x.fields.map((f) => (f.section && !names.has(f.section) ? setKey(f, "section", undefined) : f));
      return { ...setModuleKey(x, "sections", next.length ? next : undefined), fields };
    });
  const swap = (i: number, j: number) => {
    if (j < 0 || j >= sections.length) return;
    const next = [...sections];
    [next[i], next[j]] = [next[j], next[i]];
    setSections(next);
  };

  return (
    <Form layout="vertical" size="small" disabled={readOnly} data-testid="module-panel">
      <Item label={text("designer.settings.name")} problem={problem("name")}>
        <Input aria-label={text("designer.settings.name")} value={m.name} disabled={readOnly || nameFixed} onChange={(e) => set("name", e.target.value.trim())} />
      </Item>
      <Item label={text("designer.settings.title")} problem={problem("title")}>
        <Input aria-label={text("designer.settings.title")} value={m.title} onChange={(e) => set("title", e.target.value)} />
      </Item>
      <Item label={text("designer.settings.api")} problem={problem("api")}>
        <Input aria-label={text("designer.settings.api")} value={m.api} onChange={(e) => set("api", e.target.value.trim())} />
      </Item>
      <Item label={text("designer.settings.permission")} problem={problem("permission")}>
        <Input aria-label={text("designer.settings.permission")} value={m.permission} onChange={(e) => set("permission", e.target.value.trim())} />
      </Item>
      <Space.Compact block>
        <Item label={text("designer.settings.group")}>
          <Select
            aria-label={text("designer.settings.group")}
            allowClear
            showSearch
            optionFilterProp="label"
            style={{ minWidth: 160 }}
            value={m.group}
            onChange={(v) => set("group", v)}
            options={(options?.groups ?? []).map((g) => ({ value: g.name, label: `${g.title} (${g.name})` }))}
          />
        </Item>
        <Item label={text("designer.settings.icon")}>
          <Input aria-label={text("designer.settings.icon")} value={m.icon} onChange={(e) => set("icon", e.target.value.trim())} />
        </Item>
        <Item label={text("designer.settings.order")}>
          <InputNumber aria-label={text("designer.settings.order")} value={m.order} onChange={(v) => set("order", v ?? undefined)} />
        </Item>
      </Space.Compact>
      <Item label={text("designer.settings.description")}>
        <Input.TextArea aria-label={text("designer.settings.description")} autoSize value={m.description} onChange={(e) => set("description", e.target.value)} />
      </Item>
      <Space wrap style={{ marginBottom: 8 }}>
        <Checkbox checked={!!m.orgScoped} onChange={(e) => set("orgScoped", e.target.checked)}>
          {text("designer.settings.orgScoped")}
        </Checkbox>
        <Checkbox checked={!!m.export} onChange={(e) => set("export", e.target.checked)}>
          {text("designer.settings.export")}
        </Checkbox>
        <Checkbox checked={!!m.import} onChange={(e) => set("import", e.target.checked)}>
          {text("designer.settings.import")}
        </Checkbox>
      </Space>
      <Space.Compact block>
        <Item label={text("designer.settings.listSort")} problem={problem("list.sort")}>
          <Select
            aria-label={text("designer.settings.listSort")}
            allowClear
            style={{ minWidth: 140 }}
            value={sortField || undefined}
            onChange={(v?: string) => setList("sort", v ? `${v},${sortDir || "desc"}` : undefined)}
            options={sortFields.map((f) => ({ value: f, label: f }))}
          />
        </Item>
        <Item label=" ">
          <Select
            aria-label={text("designer.settings.desc")}
            disabled={readOnly || !sortField}
            value={sortDir || "desc"}
            onChange={(d) => setList("sort", `${sortField},${d}`)}
            options={[
              { value: "desc", label: text("designer.settings.desc") },
              { value: "asc", label: text("designer.settings.asc") },
            ]}
          />
        </Item>
        <Item label={text("designer.settings.pageSize")} problem={problem("list.pageSize")}>
          <InputNumber aria-label={text("designer.settings.pageSize")} min={1} max={1000} value={m.list?.pageSize} onChange={(v) => setList("pageSize", v ?? undefined)} />
        </Item>
      </Space.Compact>
      <Item label={text("designer.settings.stats")} problem={problems.find((p) => p.path?.startsWith("stats"))?.message}>
        <Select aria-label={text("designer.settings.stats")} mode="multiple" value={m.stats ?? []} onChange={(v: string[]) => set("stats", v)} options={statsChoices} />
      </Item>
      <Item label={text("designer.settings.sections")} problem={problems.find((p) => p.path?.startsWith("sections"))?.message}>
        {sections.map((s, i) => (
          <Space.Compact key={i} block style={{ marginBottom: 4 }}>
            <Input aria-label={`${text("designer.settings.sectionName")} ${i + 1}`} style={{ width: "40%" }} value={s.name} onChange={(e) => {
              const name = e.target.value.trim();
              onChange((x) => ({
                ...setModuleKey(x, "sections", (x.sections ?? []).map((y, j) => (j === i ? { ...y, name } : y))),
                fields: x.fields.map((f) => (f.section === s.name ? setKey(f, "section", name) : f)),
              }));
            }} />
            <Input aria-label={`${text("designer.settings.sectionTitle")} ${i + 1}`} value={s.title} onChange={(e) => setSections(sections.map((y, j) => (j === i ? { ...y, title: e.target.value } : y)))} />
            <Button icon={<ArrowUpOutlined />} aria-label={text("designer.moveUp")} onClick={() => swap(i, i - 1)} />
            <Button icon={<ArrowDownOutlined />} aria-label={text("designer.moveDown")} onClick={() => swap(i, i + 1)} />
            <Button danger icon={<DeleteOutlined />} aria-label={text("designer.removeSection")} onClick={() => setSections(sections.filter((_, j) => j !== i))} />
          </Space.Compact>
        ))}
        <Button
          size="small"
          icon={<PlusOutlined />}
          onClick={() => {
            const name = uniqueName("section", sections.map((s) => s.name));
            setSections([...sections, { name, title: `${text("designer.settings.sections")} ${sections.length + 1}` }]);
          }}
        >
          {text("designer.addSection")}
        </Button>
      </Item>
      <Translations model={m} problems={problems} onChange={onChange} />
    </Form>
  );
});

/**
 * Translations edits the module's own i18n: block: per locale, each Chinese text the module shows and its
 * translation; a text left empty falls back to the shipped catalogues, then to Chinese (zh_TW: converted).
 */
function Translations({ model: m, problems, onChange }: Pick<Props, "model" | "problems" | "onChange">) {
  const [locale, setLocale] = useState<string>(TRANSLATION_LOCALES[0]);
  const texts = moduleTexts(m);
  const own = m.i18n?.[locale] ?? {};
  // Translations of texts the module no longer shows are listed too, so they can be removed.
  const stale = Object.keys(own).filter((k) => !texts.includes(k));
  return (
    <Item label={text("designer.i18n.title")} problem={problems.find((p) => p.path?.startsWith("i18n"))?.message}>
      <Select
        aria-label={text("designer.i18n.locale")}
        size="small"
        style={{ minWidth: 140, marginBottom: 4 }}
        value={locale}
        onChange={setLocale}
        options={TRANSLATION_LOCALES.map((l) => ({ value: l, label: text(`designer.i18n.locales.${l}`) }))}
      />
      <div style={{ fontSize: 12, opacity: 0.7, marginBottom: 4 }}>{text("designer.i18n.hint")}</div>
      {[...texts, ...stale].map((zh) => (
        <Space.Compact key={zh} block style={{ marginBottom: 4 }}>
          <Input value={zh} readOnly tabIndex={-1} style={{ width: "40%" }} aria-hidden />
          <Input aria-label={text("designer.i18n.of", { text: zh })} value={own[zh] ?? ""} onChange={(e) => onChange((x) => withTranslation(x, locale, zh, e.target.value))} />
        </Space.Compact>
      ))}
    </Item>
  );
}
