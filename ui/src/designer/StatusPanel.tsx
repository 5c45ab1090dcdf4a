// The status editor (values, initial value, actions with from / to / comment / confirm) and the approval
// flow's steps (docs/schema.md, Approval workflow). A module has one or the other.

import { memo, type ReactNode } from "react";
import { Alert, Button, Card, Form, Input, InputNumber, Select, Space, Switch, Typography } from "antd";
import { DeleteOutlined, PlusOutlined } from "@ant-design/icons";
import { text } from "./texts";
import type { Problem } from "./yamlio";
import { setKey, setModuleKey, type ActionDoc, type ApproverDoc, type BranchDoc, type ModuleDoc, type StatusDoc, type StepDoc, type WorkflowDoc } from "./model";

interface Props {
  model: ModuleDoc;
  problems: Problem[];
  readOnly: boolean;
  onChange: (fn: (m: ModuleDoc) => ModuleDoc) => void;
}

const ACTION_KEYS = ["name", "label", "from", "to", "permission", "comment", "confirm"];
const STEP_KEYS = ["name", "title", "when", "approvers", "cc", "mode", "ratio", "deadline", "onTimeout", "hidden", "editable", "branches", "parallel"];

function Errors({ problems, prefix }: { problems: Problem[]; prefix: string }) {
  const mine = problems.filter((p) => p.path === prefix || p.path?.startsWith(`${prefix}.`));
  if (!mine.length) return null;
  return (
    <>
      {mine.map((p, i) => (
        <Alert key={i} type="error" showIcon message={p.message} style={{ marginBottom: 4 }} />
      ))}
    </>
  );
}

function Item({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Form.Item label={label} style={{ marginBottom: 8 }}>
      {children}
    </Form.Item>
  );
}

export const StatusPanel = memo(function StatusPanel({ model: m, problems, readOnly, onChange }: Props) {
  const st = m.status;
  const setStatus = (fn: (s: StatusDoc) => StatusDoc) => onChange((x) => (x.status ? setModuleKey(x, "status", fn(x.status)) : x));
  const values = st?.values ?? [];
  const valueOptions = values.map(([v, l]) => ({ value: v, label: `${v} ${l}` }));
  const actions = st?.actions ?? [];
  const setActions = (next: ActionDoc[]) => setStatus((s) => setKey(s, "actions", next.length ? next : undefined, ["field", "label", "values", "initial", "actions"]));
  const setAction = (i: number, key: string, value: unknown) => setActions(actions.map((a, j) => (j === i ? setKey(a, key, value, ACTION_KEYS) : a)));
  return (
    <Form layout="vertical" size="small" disabled={readOnly} data-testid="status-panel">
      <Item label={text("designer.status.enable")}>
        <Switch
          aria-label={text("designer.status.enable")}
          checked={!!st}
          disabled={readOnly || !!m.workflow}
          onChange={(on) => onChange((x) => setModuleKey(x, "status", on ? { field: "status", values: [], initial: 1 } : undefined))}
        />
      </Item>
      {st && (
        <>
          <Space.Compact block>
            <Item label={text("designer.status.field")}>
              <Input aria-label={text("designer.status.field")} value={st.field} onChange={(e) => setStatus((s) => ({ ...s, field: e.target.value.trim() }))} />
            </Item>
            <Item label={text("designer.status.label")}>
              <Input aria-label={text("designer.status.label")} value={st.label} onChange={(e) => setStatus((s) => setKey(s, "label", e.target.value, ["field", "label", "values"]))} />
            </Item>
          </Space.Compact>
          <Errors problems={problems} prefix="status.field" />
          <Item label={text("designer.status.values")}>
            {values.map(([v, l], i) => (
              <Space.Compact key={i} block style={{ marginBottom: 4 }}>
                <InputNumber
                  aria-label={`${text("designer.status.value")} ${i + 1}`}
                  value={v}
                  precision={0}
                  onChange={(n) => setStatus((s) => ({ ...s, values: s.values.map((e, j) => (j === i ? [Number(n ?? 0), e[1]] : e)) }))}
                />
                <Input aria-label={`${text("designer.status.valueLabel")} ${i + 1}`} value={l} onChange={(e) => setStatus((s) => ({ ...s, values: s.values.map((x, j) => (j === i ? [x[0], e.target.value] : x)) }))} />
                <Button icon={<DeleteOutlined />} aria-label={text("designer.remove")} onClick={() => setStatus((s) => ({ ...s, values: s.values.filter((_, j) => j !== i) }))} />
              </Space.Compact>
            ))}
            <Button
              size="small"
              icon={<PlusOutlined />}
              onClick={() => setStatus((s) => ({ ...s, values: [...s.values, [s.values.length ? Math.max(...s.values.map(([n]) => n)) + 1 : 1, ""]] }))}
            >
              {text("designer.status.addValue")}
            </Button>
          </Item>
          <Errors problems={problems} prefix="status.values" />
          <Item label={text("designer.status.initial")}>
            <Select aria-label={text("designer.status.initial")} value={st.initial} onChange={(v: number) => setStatus((s) => ({ ...s, initial: v }))} options={valueOptions} />
          </Item>
          <Errors problems={problems} prefix="status.initial" />
          <Typography.Text strong>{text("designer.status.actions")}</Typography.Text>
          {actions.map((a, i) => (
            <Card key={i} size="small" style={{ marginBottom: 8 }} data-action={i} extra={<Button size="small" danger type="text" icon={<DeleteOutlined />} aria-label={text("designer.remove")} onClick={() => setActions(actions.filter((_, j) => j !== i))} />}>
              <Space.Compact block>
                <Item label={text("designer.status.actionName")}>
                  <Input aria-label={`${text("designer.status.actionName")} ${i + 1}`} value={a.name} onChange={(e) => setAction(i, "name", e.target.value.trim())} />
                </Item>
                <Item label={text("designer.status.actionLabel")}>
                  <Input aria-label={`${text("designer.status.actionLabel")} ${i + 1}`} value={a.label} onChange={(e) => setAction(i, "label", e.target.value)} />
                </Item>
              </Space.Compact>
              <Space.Compact block>
                <Item label={text("designer.status.from")}>
                  <Select aria-label={`${text("designer.status.from")} ${i + 1}`} mode="multiple" style={{ minWidth: 140 }} value={a.from} onChange={(v: number[]) => setActions(actions.map((x, j) => (j === i ? { ...x, from: v } : x)))} options={valueOptions} />
                </Item>
                <Item label={text("designer.status.to")}>
                  <Select aria-label={`${text("designer.status.to")} ${i + 1}`} style={{ minWidth: 100 }} value={a.to} onChange={(v: number) => setAction(i, "to", v)} options={valueOptions} />
                </Item>
              </Space.Compact>
              <Space.Compact block>
                <Item label={text("designer.status.comment")}>
                  <Select
                    aria-label={`${text("designer.status.comment")} ${i + 1}`}
                    style={{ minWidth: 90 }}
                    value={a.comment ?? ""}
                    onChange={(v: string) => setAction(i, "comment", v || undefined)}
                    options={[
                      { value: "", label: text("designer.status.commentNone") },
                      { value: "optional", label: text("designer.status.commentOptional") },
                      { value: "required", label: text("designer.status.commentRequired") },
                    ]}
                  />
                </Item>
                <Item label={text("designer.status.confirm")}>
                  <Input aria-label={`${text("designer.status.confirm")} ${i + 1}`} value={a.confirm} onChange={(e) => setAction(i, "confirm", e.target.value)} />
                </Item>
              </Space.Compact>
              <Errors problems={problems} prefix={`status.actions.${a.name || `[${i}]`}`} />
            </Card>
          ))}
          <Button
            size="small"
            icon={<PlusOutlined />}
            onClick={() => setActions([...actions, { name: `action${actions.length + 1}`, label: "", from: values.length ? [st.initial] : [], to: values[values.length - 1]?.[0] ?? st.initial }])}
          >
            {text("designer.status.addAction")}
          </Button>
        </>
      )}
    </Form>
  );
});

const MODES = ["one", "any", "all", "ratio", "sequential"] as const;
const LEVELS = ["applicant", "village", "township", "county"] as const;

function ApproverRow({ rule, onChange, onRemove, index }: { rule: ApproverDoc; onChange: (r: ApproverDoc) => void; onRemove: () => void; index: number }) {
  const kind = rule.users ? "users" : rule.leader ? "leader" : "role";
  return (
    <Space.Compact block style={{ marginBottom: 4 }}>
      <Select
        aria-label={`${text("designer.workflow.approvers")} ${index + 1}`}
        style={{ width: 90 }}
        value={kind}
        onChange={(k: string) => onChange(k === "users" ? { users: [] } : k === "leader" ? { leader: true, level: rule.level } : { role: "", level: rule.level })}
        options={[
          { value: "role", label: text("designer.workflow.role") },
          { value: "users", label: text("designer.workflow.users") },
          { value: "leader", label: text("designer.workflow.leader") },
        ]}
      />
      {kind === "role" && <Input aria-label={`${text("designer.workflow.role")} ${index + 1}`} value={rule.role} onChange={(e) => onChange({ ...rule, role: e.target.value })} />}
      {kind === "users" && <Select mode="tags" aria-label={`${text("designer.workflow.users")} ${index + 1}`} style={{ minWidth: 160 }} value={rule.users} onChange={(v: string[]) => onChange({ users: v })} />}
      {kind !== "users" && (
        <Select
          aria-label={`${text("designer.workflow.level")} ${index + 1}`}
          allowClear
          style={{ width: 130 }}
          value={rule.level}
          onChange={(v?: string) => onChange(setKey(rule, "level", v, ["role", "level", "users", "leader"]))}
          options={LEVELS.map((l) => ({ value: l, label: text(`designer.workflow.levels.${l}`) }))}
        />
      )}
      <Button icon={<DeleteOutlined />} aria-label={text("designer.remove")} onClick={onRemove} />
    </Space.Compact>
  );
}

export const WorkflowPanel = memo(function WorkflowPanel({ model: m, problems, readOnly, onChange }: Props) {
  const wf = m.workflow;
  const setWf = (fn: (w: WorkflowDoc) => WorkflowDoc) => onChange((x) => (x.workflow ? setModuleKey(x, "workflow", fn(x.workflow)) : x));
  return (
    <Form layout="vertical" size="small" disabled={readOnly} data-testid="workflow-panel">
      <Item label={text("designer.workflow.enable")}>
        <Switch
          aria-label={text("designer.workflow.enable")}
          checked={!!wf}
          disabled={readOnly || !!m.status}
          onChange={(on) => onChange((x) => setModuleKey(x, "workflow", on ? { steps: [{ name: "step1", title: "", approvers: [{ role: "", level: "township" }] }] } : undefined))}
        />
      </Item>
      {wf && (
        <>
          <Errors problems={problems} prefix="workflow" />
          <StepList steps={wf.steps ?? []} path="" onChange={(steps) => setWf((w) => ({ ...w, steps }))} />
        </>
      )}
    </Form>
  );
});

/** The kinds of step (docs/schema.md, Approval workflow): exactly one of approvers, cc, branches, parallel. */
const STEP_KINDS = ["approvers", "cc", "branches", "parallel"] as const;
type StepKind = (typeof STEP_KINDS)[number];
/** Keys only an approval step has. */
const APPROVAL_ONLY = ["mode", "ratio", "deadline", "onTimeout", "hidden", "editable"];
const BRANCH_KEYS = ["name", "title", "when", "steps"];

const kindOf = (s: StepDoc): StepKind => (s.branches ? "branches" : s.parallel ? "parallel" : s.cc && !s.approvers ? "cc" : "approvers");

/** newStep is the step the editor adds: an approval step named after its place. */
function newStep(name: string): StepDoc {
  return { name, title: "", approvers: [{ role: "", level: "township" }] };
}

/** withKind turns a step into another kind, keeping its name, title and condition. */
export function withKind(s: StepDoc, kind: StepKind): StepDoc {
  if (kindOf(s) === kind) return s;
  let out = s;
  for (const k of [...STEP_KINDS, ...(kind === "approvers" ? [] : APPROVAL_ONLY)]) out = setKey(out, k, undefined, STEP_KEYS);
  const rules = s.approvers ?? s.cc ?? [{ role: "" }];
  switch (kind) {
    case "approvers":
    case "cc":
      return setKey(out, kind, rules, STEP_KEYS);
    case "branches":
      return setKey(out, "branches", [{ when: "", steps: [newStep(`${s.name}A`)] }, { steps: [newStep(`${s.name}B`)] }], STEP_KEYS);
    case "parallel":
      return setKey(out, "parallel", [{ name: `${s.name}A`, title: "", steps: [newStep(`${s.name}A1`)] }, { name: `${s.name}B`, title: "", steps: [newStep(`${s.name}B1`)] }], STEP_KEYS);
  }
}

/** label numbers a control by its step's place: "2" at the top, "3.1.2" for a branch's step. */
const at = (path: string, i: number) => (path ? `${path}.${i + 1}` : `${i + 1}`);
/** stepName names a new step by its place: step2 at the top, step3x1x2 in a branch (names are lowerCamel). */
const stepName = (path: string) => `step${path.split(".").join("x")}`;

/** StepList edits a list of steps: the flow's, or a branch's. */
function StepList({ steps, path, onChange }: { steps: StepDoc[]; path: string; onChange: (steps: StepDoc[]) => void }) {
  return (
    <>
      {steps.map((s, i) => (
        <StepCard
          key={i}
          step={s}
          path={at(path, i)}
          onChange={(next) => onChange(steps.map((x, j) => (j === i ? next : x)))}
          onRemove={() => onChange(steps.filter((_, j) => j !== i))}
        />
      ))}
      <Button size="small" icon={<PlusOutlined />} aria-label={`${text("designer.workflow.addStep")} ${path}`.trim()} onClick={() => onChange([...steps, newStep(stepName(at(path, steps.length)))])}>
        {text("designer.workflow.addStep")}
      </Button>
    </>
  );
}

/** StepCard edits one step of any kind; a step with branches holds StepLists of its own. */
function StepCard({ step: s, path, onChange, onRemove }: { step: StepDoc; path: string; onChange: (s: StepDoc) => void; onRemove: () => void }) {
  const kind = kindOf(s);
  const set = (key: string, value: unknown) => onChange(setKey(s, key, value, STEP_KEYS));
  const rules = (kind === "cc" ? s.cc : s.approvers) ?? [];
  const setRules = (next: ApproverDoc[]) => set(kind, next);
  return (
    <Card size="small" style={{ marginBottom: 8 }} data-testid={`step-${path}`} extra={<Button size="small" danger type="text" icon={<DeleteOutlined />} aria-label={`${text("designer.remove")} ${path}`} onClick={onRemove} />}>
      <Space.Compact block>
        <Item label={text("designer.workflow.stepName")}>
          <Input aria-label={`${text("designer.workflow.stepName")} ${path}`} value={s.name} onChange={(e) => onChange({ ...s, name: e.target.value.trim() })} />
        </Item>
        <Item label={text("designer.workflow.stepTitle")}>
          <Input aria-label={`${text("designer.workflow.stepTitle")} ${path}`} value={s.title} onChange={(e) => onChange({ ...s, title: e.target.value })} />
        </Item>
        <Item label={text("designer.workflowBranches.kind")}>
          <Select
            aria-label={`${text("designer.workflowBranches.kind")} ${path}`}
            style={{ minWidth: 110 }}
            value={kind}
            onChange={(k: StepKind) => onChange(withKind(s, k))}
            options={STEP_KINDS.map((k) => ({ value: k, label: text(`designer.workflowBranches.kinds.${k}`) }))}
          />
        </Item>
      </Space.Compact>
      <Item label={text("designer.workflow.when")}>
        <Input aria-label={`${text("designer.workflow.when")} ${path}`} value={s.when} onChange={(e) => set("when", e.target.value)} />
      </Item>
      {kind === "approvers" && (
        <Space.Compact block>
          <Item label={text("designer.workflow.mode")}>
            <Select
              aria-label={`${text("designer.workflow.mode")} ${path}`}
              allowClear
              style={{ minWidth: 100 }}
              value={s.mode}
              onChange={(v?: string) => onChange(setKey(v === "ratio" ? s : setKey(s, "ratio", undefined, STEP_KEYS), "mode", v, STEP_KEYS))}
              options={MODES.map((k) => ({ value: k, label: text(`designer.workflow.modes.${k}`) }))}
            />
          </Item>
          {s.mode === "ratio" && (
            <Item label={text("designer.workflow.ratio")}>
              <InputNumber aria-label={`${text("designer.workflow.ratio")} ${path}`} min={0.01} max={1} step={0.1} value={s.ratio} onChange={(v) => set("ratio", v ?? undefined)} />
            </Item>
          )}
          <Item label={text("designer.workflow.deadline")}>
            <Input aria-label={`${text("designer.workflow.deadline")} ${path}`} placeholder="3d" value={s.deadline} onChange={(e) => set("deadline", e.target.value.trim())} />
          </Item>
        </Space.Compact>
      )}
      {(kind === "approvers" || kind === "cc") && (
        <Item label={text(kind === "cc" ? "designer.workflow.cc" : "designer.workflow.approvers")}>
          {rules.map((r, j) => (
            <ApproverRow key={j} index={j} rule={r} onChange={(next) => setRules(rules.map((x, k) => (k === j ? next : x)))} onRemove={() => setRules(rules.filter((_, k) => k !== j))} />
          ))}
          <Button size="small" icon={<PlusOutlined />} onClick={() => setRules([...rules, { role: "", level: "township" }])}>
            {text("designer.workflow.addApprover")}
          </Button>
        </Item>
      )}
      {(kind === "branches" || kind === "parallel") && <BranchList kind={kind} branches={(kind === "branches" ? s.branches : s.parallel) ?? []} path={path} onChange={(next) => set(kind, next)} />}
    </Card>
  );
}

/** BranchList edits a step's condition branches (the first whose condition holds; the last may have none) or
 *  parallel branches (all run; the flow goes on when every one is done), each with its own steps. */
function BranchList({ kind, branches, path, onChange }: { kind: "branches" | "parallel"; branches: BranchDoc[]; path: string; onChange: (b: BranchDoc[]) => void }) {
  const setBranch = (i: number, fn: (b: BranchDoc) => BranchDoc) => onChange(branches.map((b, j) => (j === i ? fn(b) : b)));
  const name = kind === "branches" ? "designer.workflowBranches.branch" : "designer.workflowBranches.parallelBranch";
  return (
    <div data-testid={`${kind}-${path}`}>
      {branches.map((b, i) => {
        const where = `${path}.${i + 1}`;
        return (
          <Card
            key={i}
            size="small"
            type="inner"
            style={{ marginBottom: 8 }}
            title={text(name, { n: i + 1 })}
            extra={<Button size="small" danger type="text" icon={<DeleteOutlined />} aria-label={`${text("designer.remove")} ${text(name, { n: i + 1 })} ${path}`} onClick={() => onChange(branches.filter((_, j) => j !== i))} />}
          >
            {kind === "parallel" ? (
              <Space.Compact block>
                <Item label={text("designer.workflowBranches.branchName")}>
                  <Input aria-label={`${text("designer.workflowBranches.branchName")} ${where}`} value={b.name} onChange={(e) => setBranch(i, (x) => setKey(x, "name", e.target.value.trim(), BRANCH_KEYS))} />
                </Item>
                <Item label={text("designer.workflowBranches.branchTitle")}>
                  <Input aria-label={`${text("designer.workflowBranches.branchTitle")} ${where}`} value={b.title} onChange={(e) => setBranch(i, (x) => setKey(x, "title", e.target.value, BRANCH_KEYS))} />
                </Item>
              </Space.Compact>
            ) : (
              <Item label={text("designer.workflow.when")}>
                <Input
                  aria-label={`${text("designer.workflowBranches.branchWhen")} ${where}`}
                  placeholder={i === branches.length - 1 ? text("designer.workflowBranches.otherwise") : undefined}
                  value={b.when}
                  onChange={(e) => setBranch(i, (x) => setKey(x, "when", e.target.value, BRANCH_KEYS))}
                />
              </Item>
            )}
            <StepList steps={b.steps ?? []} path={where} onChange={(steps) => setBranch(i, (x) => ({ ...x, steps }))} />
          </Card>
        );
      })}
      <Button
        size="small"
        icon={<PlusOutlined />}
        aria-label={`${text("designer.workflowBranches.addBranch")} ${path}`}
        onClick={() => {
          const first = newStep(stepName(`${path}.${branches.length + 1}.1`));
          onChange([...branches, kind === "parallel" ? { name: `branch${branches.length + 1}`, title: "", steps: [first] } : { steps: [first] }]);
        }}
      >
        {text("designer.workflowBranches.addBranch")}
      </Button>
    </div>
  );
}
