// The properties of the selected field: only the keys its type may carry (docs/schema.md), each problem of
// the property rules under its input.

import { memo, startTransition, useEffect, useRef, useState, type ReactNode } from "react";
import { Alert, Button, Checkbox, Form, Input, InputNumber, Radio, Select, Space, Typography } from "antd";
import { DeleteOutlined, PlusOutlined } from "@ant-design/icons";
import { text } from "./texts";
import { checkField } from "./checks";
import { typeLabel } from "./palette";
import { renderProbe } from "./Canvas";
import type { DesignerOptions } from "./api";
import { applicableKeys, FIELD_TYPES, filtersFor, newField, relabel, rename, retype, setKey, sortable, uniqueAllowed, type FieldDoc, type FieldType, type OptionDoc } from "./model";

const SYSTEM_REFS: Record<string, string[]> = { user: ["name", "username", "mobile", "email"], org: ["name"], grid: ["name"] };
const MASKS = ["idcard", "mobile", "name", "email", "all"];
const WIDGETS = ["text", "textarea", "richtext", "select", "multiSelect", "radio", "date", "datetime", "idcard", "mobile", "email", "refSelect", "image", "images", "file", "files", "video", "mapPoint", "mapCircle", "mapPolygon", "mapLand", "json", "children", "switch", "number", "hidden"];

interface Props {
  field: FieldDoc;
  /** The fields the name must differ from (the module's, or the sub-fields of the same table). */
  siblings: FieldDoc[];
  /** Names taken besides the siblings (the status field). */
  extraTaken: string[];
  child: boolean;
  sections: { name: string; title: string }[];
  options?: DesignerOptions;
  readOnly: boolean;
  onChange: (uid: string, fn: (f: FieldDoc) => FieldDoc) => void;
  onSelect: (uid: string) => void;
}

function Item({ label, problem, children, help }: { label: string; problem?: string; children: ReactNode; help?: string }) {
  return (
    <Form.Item label={label} validateStatus={problem ? "error" : undefined} help={problem ?? help} style={{ marginBottom: 8 }}>
      {children}
    </Form.Item>
  );
}

const num = (v: number | string | null) => (v === null || v === "" ? undefined : Number(v));

/**
 * TextInput paints each keystroke from its own state and hands the value to the model in a transition:
 * the canvas, the checks and the other panels follow without holding up the character (300 fields).
 */
function TextInput({ value, onCommit, label, placeholder }: { value?: string; onCommit: (v: string) => void; label: string; placeholder?: string }) {
  const [local, setLocal] = useState(value ?? "");
  // The values handed over and not yet back: one of them landing (an older one may land after a newer
  // keystroke) is this input's own echo; any other value came from elsewhere and replaces the text.
  const pending = useRef<string[]>([]);
  useEffect(() => {
    const v = value ?? "";
    const own = pending.current.indexOf(v);
    if (own >= 0) {
      pending.current = pending.current.slice(own + 1);
      return;
    }
    pending.current = [];
    setLocal(v);
  }, [value]);
  return (
    <Input
      aria-label={label}
      placeholder={placeholder}
      value={local}
      onChange={(e) => {
        const v = e.target.value;
        setLocal(v);
        pending.current.push(v);
        startTransition(() => onCommit(v));
      }}
    />
  );
}

/** FieldPanel edits one field; memoised on the field object so typing elsewhere does not repaint it. */
export const FieldPanel = memo(function FieldPanel({ field: f, siblings, extraTaken, child, sections, options, readOnly, onChange, onSelect }: Props) {
  const problems = new Map<string, string>();
  for (const p of checkField(f, siblings, "f", child, sections.map((s) => s.name))) {
    const key = p.path?.split(".")[1] ?? "";
    if (p.uid === f.uid && !problems.has(key)) problems.set(key, p.message);
  }
  const taken = [...siblings.filter((s) => s.uid !== f.uid).map((s) => s.name), ...extraTaken];
  return (
    <Form layout="vertical" size="small" disabled={readOnly} data-testid="field-panel">
      <Item label={text("designer.props.label")} problem={problems.get("label")}>
        <TextInput label={text("designer.props.label")} value={f.label} onCommit={(v) => onChange(f.uid, (x) => relabel(x, v, taken))} />
      </Item>
      <FieldProps field={f} problems={problems} problemsKey={[...problems].join("\n")} child={child} sections={sections} options={options} onChange={onChange} onSelect={onSelect} />
    </Form>
  );
});

interface FieldPropsProps {
  field: FieldDoc;
  problems: Map<string, string>;
  /** The problems as text: what the memo compares (the map is new on every render). */
  problemsKey: string;
  child: boolean;
  sections: { name: string; title: string }[];
  options?: DesignerOptions;
  onChange: (uid: string, fn: (f: FieldDoc) => FieldDoc) => void;
  onSelect: (uid: string) => void;
}

/** sameButLabel says whether two versions of a field differ at most in their label. */
function sameButLabel(a: FieldDoc, b: FieldDoc): boolean {
  if (a === b) return true;
  const ka = Object.keys(a) as (keyof FieldDoc)[];
  if (ka.length !== Object.keys(b).length) return false;
  return ka.every((k) => k === "label" || Object.is(a[k], b[k]));
}

/**
 * FieldProps is every property of the panel but the label. It is memoised on everything but the label: a
 * keystroke in the label (300 fields, issue 14) then re-renders the label's Form.Item only, not the panel's
 * other Form.Items, Selects and Checkboxes. Its handlers use the field's uid and its other keys only.
 */
const FieldProps = memo(
  function FieldProps({ field: f, problems, child, sections, options, onChange, onSelect }: FieldPropsProps) {
    renderProbe.onRender?.("FieldProps", f.uid);
    const keys = applicableKeys(f.type, child);
    const set = (key: string, value: unknown) => onChange(f.uid, (x) => setKey(x, key, value));
    const has = (k: Parameters<typeof keys.has>[0]) => keys.has(k);
    const refTarget = f.ref ?? "";
    const displayChoices = SYSTEM_REFS[refTarget] ?? options?.modules.find((m) => m.name === refTarget)?.fields.filter((x) => x.type !== "children").map((x) => x.name) ?? [];
    const source = f.dict !== undefined ? "dict" : "options";

    const setOptions = (opts: OptionDoc[]) => set("options", opts);
    const optionRows = f.options ?? [];

    return (
      <>
        <Item label={text("designer.props.name")} problem={problems.get("name")} help={text("designer.props.nameHint")}>
          <TextInput label={text("designer.props.name")} value={f.name} onCommit={(v) => onChange(f.uid, (x) => rename(x, v.trim()))} />
        </Item>
        <Item label={text("designer.props.type")}>
          <Select
            aria-label={text("designer.props.type")}
            value={f.type}
            onChange={(t: FieldType) => onChange(f.uid, (x) => retype(x, t, child, { option: text("designer.types.enumInline"), column: text("designer.types.string") }))}
            options={FIELD_TYPES.filter((t) => !child || t !== "children").map((t) => ({ value: t, label: `${t}` }))}
          />
        </Item>
        <Space wrap style={{ marginBottom: 8 }}>
          <Checkbox checked={!!f.required} onChange={(e) => set("required", e.target.checked)}>
            {text("designer.props.required")}
          </Checkbox>
          {has("unique") && uniqueAllowed(f) && (
            <Checkbox checked={!!f.unique} onChange={(e) => set("unique", e.target.checked)}>
              {text("designer.props.unique")}
            </Checkbox>
          )}
          <Checkbox checked={!!f.list} onChange={(e) => set("list", e.target.checked)}>
            {text("designer.props.list")}
          </Checkbox>
          {has("sort") && sortable(f) && (
            <Checkbox checked={!!f.sort} onChange={(e) => set("sort", e.target.checked)}>
              {text("designer.props.sort")}
            </Checkbox>
          )}
          <Checkbox checked={!!f.readOnly} onChange={(e) => set("readOnly", e.target.checked)}>
            {text("designer.props.readOnly")}
          </Checkbox>
          <Checkbox checked={!!f.hidden} onChange={(e) => set("hidden", e.target.checked)}>
            {text("designer.props.hidden")}
          </Checkbox>
          {has("multiple") && (
            <Checkbox checked={!!f.multiple} onChange={(e) => onChange(f.uid, (x) => retype(setKey(x, "multiple", e.target.checked), x.type, child))}>
              {text("designer.props.multiple")}
            </Checkbox>
          )}
        </Space>
        {problems.get("required") && <Alert type="error" showIcon message={problems.get("required")} style={{ marginBottom: 8 }} />}
        {has("filter") && filtersFor(f).length > 0 && (
          <Item label={text("designer.props.filter")} problem={problems.get("filter")}>
            <Select
              aria-label={text("designer.props.filter")}
              allowClear
              value={f.filter}
              onChange={(v) => set("filter", v)}
              options={filtersFor(f).map((k) => ({ value: k, label: text(`designer.filters.${k ?? "equals"}`) }))}
            />
          </Item>
        )}
        {has("section") && sections.length > 0 && (
          <Item label={text("designer.props.section")} problem={problems.get("section")}>
            <Select aria-label={text("designer.props.section")} allowClear value={f.section} onChange={(v) => set("section", v)} options={sections.map((s) => ({ value: s.name, label: s.title }))} />
          </Item>
        )}
        {has("maxLength") && (
          <Space.Compact block>
            <Item label={text("designer.props.minLength")} problem={problems.get("minLength")}>
              {has("minLength") ? <InputNumber aria-label={text("designer.props.minLength")} min={0} value={f.minLength} onChange={(v) => set("minLength", num(v))} /> : <span />}
            </Item>
            <Item label={text("designer.props.maxLength")} problem={problems.get("maxLength")}>
              <InputNumber aria-label={text("designer.props.maxLength")} min={1} value={f.maxLength} onChange={(v) => set("maxLength", num(v))} />
            </Item>
          </Space.Compact>
        )}
        {has("pattern") && (
          <>
            <Item label={text("designer.props.pattern")} problem={problems.get("pattern")}>
              <TextInput label={text("designer.props.pattern")} value={f.pattern} onCommit={(v) => set("pattern", v)} />
            </Item>
            <Item label={text("designer.props.patternMessage")}>
              <TextInput label={text("designer.props.patternMessage")} value={f.patternMessage} onCommit={(v) => set("patternMessage", v)} />
            </Item>
          </>
        )}
        {has("min") && (
          <Space.Compact block>
            <Item label={text("designer.props.min")} problem={problems.get("min")}>
              <InputNumber aria-label={text("designer.props.min")} value={f.min} onChange={(v) => set("min", num(v))} />
            </Item>
            <Item label={text("designer.props.max")}>
              <InputNumber aria-label={text("designer.props.max")} value={f.max} onChange={(v) => set("max", num(v))} />
            </Item>
          </Space.Compact>
        )}
        {has("precision") && (
          <Space.Compact block>
            <Item label={text("designer.props.precision")} problem={problems.get("precision")}>
              <InputNumber aria-label={text("designer.props.precision")} min={1} max={30} value={f.precision} onChange={(v) => set("precision", num(v))} />
            </Item>
            <Item label={text("designer.props.scale")} problem={problems.get("scale")}>
              <InputNumber aria-label={text("designer.props.scale")} min={0} value={f.scale} onChange={(v) => onChange(f.uid, (x) => (v === null ? setKey(x, "scale", undefined) : setKey(x, "scale", Number(v))))} />
            </Item>
          </Space.Compact>
        )}
        {f.type === "enum" && (
          <>
            <Item label={text("designer.props.source")} problem={problems.get("dict") ?? problems.get("options")}>
              <Radio.Group
                value={source}
                onChange={(e) =>
                  onChange(f.uid, (x) =>
                    e.target.value === "dict"
                      ? setKey(setKey(x, "options", undefined), "dict", options?.dicts[0]?.type ?? " ")
                      : setKey(setKey(x, "dict", undefined), "options", [{ value: 1, label: text("designer.types.enumInline") }]),
                  )
                }
              >
                <Radio value="dict">{text("designer.props.dict")}</Radio>
                <Radio value="options">{text("designer.props.options")}</Radio>
              </Radio.Group>
            </Item>
            {source === "dict" ? (
              <Item label={text("designer.props.dict")}>
                <Select
                  aria-label={text("designer.props.dict")}
                  showSearch
                  optionFilterProp="label"
                  value={f.dict?.trim() || undefined}
                  onChange={(v) => set("dict", v)}
                  options={(options?.dicts ?? []).map((d) => ({ value: d.type, label: `${d.title} (${d.type})` }))}
                />
              </Item>
            ) : (
              <Item label={text("designer.props.options")}>
                {optionRows.map((o, i) => (
                  <Space.Compact key={i} block style={{ marginBottom: 4 }}>
                    <Input
                      aria-label={`${text("designer.props.optionValue")} ${i + 1}`}
                      style={{ width: "35%" }}
                      value={String(o.value)}
                      onChange={(e) => {
                        const raw = e.target.value;
                        const value = /^-?\d+$/.test(raw) ? Number(raw) : raw;
                        setOptions(optionRows.map((x, j) => (j === i ? { ...x, value } : x)));
                      }}
                    />
                    <Input aria-label={`${text("designer.props.optionLabel")} ${i + 1}`} value={o.label} onChange={(e) => setOptions(optionRows.map((x, j) => (j === i ? { ...x, label: e.target.value } : x)))} />
                    <Button icon={<DeleteOutlined />} aria-label={text("designer.remove")} onClick={() => setOptions(optionRows.filter((_, j) => j !== i))} />
                  </Space.Compact>
                ))}
                <Button
                  size="small"
                  icon={<PlusOutlined />}
                  onClick={() => {
                    const ints = optionRows.map((o) => o.value).filter((v): v is number => typeof v === "number");
                    const next = ints.length === optionRows.length ? Math.max(0, ...ints) + 1 : `v${optionRows.length + 1}`;
                    setOptions([...optionRows, { value: next, label: "" }]);
                  }}
                >
                  {text("designer.props.addOption")}
                </Button>
              </Item>
            )}
          </>
        )}
        {f.type === "ref" && (
          <>
            <Item label={text("designer.props.ref")} problem={problems.get("ref")}>
              <Select
                aria-label={text("designer.props.ref")}
                showSearch
                optionFilterProp="label"
                value={f.ref}
                onChange={(v) => onChange(f.uid, (x) => setKey(setKey(x, "ref", v), "display", undefined))}
                options={[...Object.keys(SYSTEM_REFS).map((r) => ({ value: r, label: r })), ...(options?.modules ?? []).map((m) => ({ value: m.name, label: `${m.title} (${m.name})` }))]}
              />
            </Item>
            <Item label={text("designer.props.display")}>
              <Select aria-label={text("designer.props.display")} allowClear value={f.display} onChange={(v) => set("display", v)} options={displayChoices.map((d) => ({ value: d, label: d }))} />
            </Item>
          </>
        )}
        {has("accept") && (
          <>
            <Item label={text("designer.props.accept")}>
              <Select aria-label={text("designer.props.accept")} mode="tags" value={f.accept ?? []} onChange={(v: string[]) => set("accept", v.map((x) => x.toLowerCase().replace(/^\./, "")))} />
            </Item>
            <Item label={text("designer.props.maxSize")} problem={problems.get("maxSize")}>
              <Input aria-label={text("designer.props.maxSize")} placeholder="5MB" value={f.maxSize} onChange={(e) => set("maxSize", e.target.value)} />
            </Item>
          </>
        )}
        {has("maxCount") && (
          <Item label={text("designer.props.maxCount")} problem={problems.get("maxCount")}>
            <InputNumber aria-label={text("designer.props.maxCount")} min={1} max={100} value={f.maxCount} onChange={(v) => set("maxCount", num(v))} />
          </Item>
        )}
        <DefaultInput field={f} onChange={(v) => set("default", v)} />
        <Item label={text("designer.props.placeholder")}>
          <TextInput label={text("designer.props.placeholder")} value={f.placeholder} onCommit={(v) => set("placeholder", v)} />
        </Item>
        <Item label={text("designer.props.help")}>
          <TextInput label={text("designer.props.help")} value={f.help} onCommit={(v) => set("help", v)} />
        </Item>
        {has("mask") && (
          <Item label={text("designer.props.mask")}>
            <Select aria-label={text("designer.props.mask")} allowClear value={f.mask} onChange={(v) => set("mask", v)} options={MASKS.map((m) => ({ value: m, label: m }))} />
          </Item>
        )}
        {has("autoNumber") && (
          <Item label={text("designer.props.autoNumber")} problem={problems.get("autoNumber")}>
            <Input aria-label={text("designer.props.autoNumber")} value={f.autoNumber} onChange={(e) => set("autoNumber", e.target.value.toUpperCase())} />
          </Item>
        )}
        <Space.Compact block>
          <Item label={text("designer.props.width")} problem={problems.get("width")}>
            <InputNumber aria-label={text("designer.props.width")} min={40} max={1000} value={f.width} onChange={(v) => set("width", num(v))} />
          </Item>
          <Item label={text("designer.props.widget")}>
            <Select aria-label={text("designer.props.widget")} allowClear style={{ minWidth: 120 }} value={f.widget} onChange={(v) => set("widget", v)} options={WIDGETS.map((w) => ({ value: w, label: w }))} />
          </Item>
        </Space.Compact>
        {f.type === "children" && (
          <Item label={text("designer.props.fields")} problem={problems.get("fields")}>
            {(f.fields ?? []).map((sub) => (
              <div key={sub.uid} style={{ display: "flex", gap: 4, marginBottom: 4 }}>
                <Button size="small" type="link" onClick={() => onSelect(sub.uid)}>
                  {sub.label} <Typography.Text code>{sub.name}</Typography.Text> {typeLabel(sub.type)}
                </Button>
                <Button size="small" type="text" danger icon={<DeleteOutlined />} aria-label={text("designer.remove")} onClick={() => set("fields", (f.fields ?? []).filter((x) => x.uid !== sub.uid))} />
              </div>
            ))}
            <Button
              size="small"
              icon={<PlusOutlined />}
              onClick={() => {
                const sub = newField("string", text("designer.types.string"), (f.fields ?? []).map((x) => x.name));
                onChange(f.uid, (x) => ({ ...x, fields: [...(x.fields ?? []), sub] }));
                onSelect(sub.uid);
              }}
            >
              {text("designer.props.addSubField")}
            </Button>
          </Item>
        )}
        {[...problems.entries()]
          .filter(([k]) => !["label", "name", "required", "filter", "section", "minLength", "maxLength", "pattern", "min", "precision", "scale", "dict", "options", "ref", "maxSize", "maxCount", "autoNumber", "width", "fields"].includes(k))
          .map(([k, m]) => (
            <Alert key={k} type="error" showIcon message={m} style={{ marginBottom: 4 }} />
          ))}
      </>
    );
  },
  (a, b) =>
    sameButLabel(a.field, b.field) &&
    a.problemsKey === b.problemsKey &&
    a.child === b.child &&
    a.sections === b.sections &&
    a.options === b.options &&
    a.onChange === b.onChange &&
    a.onSelect === b.onSelect,
);

/** DefaultInput edits a field's default in the shape its type stores. */
function DefaultInput({ field: f, onChange }: { field: FieldDoc; onChange: (v: unknown) => void }) {
  const label = text("designer.props.default");
  let input: ReactNode;
  switch (f.type) {
    case "string":
    case "text":
    case "idcard":
    case "mobile":
    case "email":
    case "date":
    case "datetime":
      input = <Input aria-label={label} value={typeof f.default === "string" ? f.default : ""} placeholder={f.type === "date" ? "2024-01-31" : f.type === "datetime" ? "2024-01-31 08:00:00" : undefined} onChange={(e) => onChange(e.target.value || undefined)} />;
      break;
    case "int":
    case "decimal":
      input = <InputNumber aria-label={label} value={typeof f.default === "number" ? f.default : null} onChange={(v) => onChange(v === null ? undefined : Number(v))} />;
      break;
    case "bool":
      input = (
        <Select
          aria-label={label}
          allowClear
          value={typeof f.default === "boolean" ? String(f.default) : undefined}
          onChange={(v?: string) => onChange(v === undefined ? undefined : v === "true")}
          options={[
            { value: "true", label: text("common.yes") },
            { value: "false", label: text("common.no") },
          ]}
        />
      );
      break;
    case "enum":
      if (f.multiple || !f.options) return null;
      input = (
        <Select
          aria-label={label}
          allowClear
          value={f.default as string | number | undefined}
          onChange={(v) => onChange(v)}
          options={(f.options ?? []).map((o) => ({ value: o.value, label: o.label }))}
        />
      );
      break;
    default:
      return null;
  }
  return <Item label={label}>{input}</Item>;
}
