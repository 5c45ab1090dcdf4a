// Publish (or roll back) with the migration plan shown first: each change sorted by risk, the destructive
// ones in red with the rows they lose, and — when anything is destructive — the module's name typed to
// confirm. Cancel changes nothing.

import { useEffect, useState } from "react";
import { Alert, Form, Input, List, Modal, Select, Space, Spin, Tag, Typography } from "antd";
import { ApiError } from "../api/errors";
import { text } from "./texts";
import { designerApi, sortedChanges, type Change, type DesignerOptions, type Plan, type PublishAnswer } from "./api";

const RISK_COLOR: Record<Change["risk"], string> = { destructive: "red", convert: "orange", rename: "gold", additive: "green", none: "default" };
const RISK_TEXT: Record<Change["risk"], string> = { destructive: "destructive", convert: "change", rename: "rename", additive: "additive", none: "" };

interface Props {
  name: string;
  /** A rollback republishes this version; without it the draft is published. */
  version?: number;
  options?: DesignerOptions;
  onClose: () => void;
  onDone: (answer: PublishAnswer) => void;
}

export function PublishDialog({ name, version, options, onClose, onDone }: Props) {
  const [plan, setPlan] = useState<Plan | null>(null);
  const [error, setError] = useState<string>("");
  const [confirm, setConfirm] = useState("");
  const [note, setNote] = useState("");
  const [roles, setRoles] = useState<number[]>([]);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    let live = true;
    designerApi.plan(name, version).then(
      (p) => live && setPlan(p),
      (e: unknown) => live && setError(e instanceof ApiError ? e.serverMessage || e.message : String(e)),
    );
    return () => {
      live = false;
    };
  }, [name, version]);

  const expected = plan?.confirm || name;
  const blocked = !plan || plan.problems.length > 0 || (plan.destructive && confirm.trim() !== expected);

  const submit = async () => {
    setBusy(true);
    setError("");
    try {
      const body = { note: note || undefined, confirm: plan?.destructive ? confirm.trim() : undefined };
      const answer = version ? await designerApi.rollback(name, { ...body, version }) : await designerApi.publish(name, { ...body, roles });
      onDone(answer);
    } catch (e) {
      setError(e instanceof ApiError ? e.serverMessage || e.message : String(e));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      open
      width={760}
      title={text("designer.publishDialog.title", { name })}
      okText={version ? text("designer.versionList.rollback") : text("designer.publish")}
      okButtonProps={{ disabled: blocked, danger: !!plan?.destructive, loading: busy }}
      onOk={() => void submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      {!plan && !error && <Spin tip={text("designer.publishDialog.planning")}><div style={{ height: 60 }} /></Spin>}
      {error && <Alert type="error" showIcon message={error} style={{ marginBottom: 12 }} />}
      {plan && (
        <Space direction="vertical" style={{ width: "100%" }}>
          {plan.problems.length > 0 && (
            <Alert
              type="error"
              showIcon
              message={plan.problems.map((p) => `${p.line ? text("designer.yamlTab.line", { line: p.line }) + " " : ""}${p.field ?? ""} ${p.problem}`).join("\n")}
            />
          )}
          <List
            size="small"
            bordered
            data-testid="publish-plan"
            locale={{ emptyText: text("designer.publishDialog.nothing") }}
            dataSource={sortedChanges(plan.changes)}
            renderItem={(c) => (
              <List.Item data-risk={c.risk} style={c.risk === "destructive" ? { background: "#fff1f0", color: "#cf1322" } : undefined}>
                <Space wrap>
                  {RISK_TEXT[c.risk] && <Tag color={RISK_COLOR[c.risk]}>{text(`designer.publishDialog.${RISK_TEXT[c.risk] as "additive"}`)}</Tag>}
                  <Typography.Text code>{c.kind}</Typography.Text>
                  {c.field && <Typography.Text strong>{c.field}</Typography.Text>}
                  <span style={c.risk === "destructive" ? { color: "#cf1322" } : undefined}>{c.detail ?? [c.from, c.to].filter(Boolean).join(" → ")}</span>
                  {c.losses ? <Tag color="red">-{text("designer.publishDialog.rows", { count: c.losses })}</Tag> : null}
                  {c.preview?.map((p, i) => (
                    <Tag key={i} color={p.ok ? "default" : "red"}>
                      {String(p.from)} → {p.to === null ? "∅" : String(p.to)}
                    </Tag>
                  ))}
                </Space>
              </List.Item>
            )}
          />
          <Form layout="vertical">
            {plan.destructive && (
              <Form.Item label={<span style={{ color: "#cf1322" }}>{text("designer.publishDialog.confirmName", { name: expected })}</span>}>
                <Input aria-label={text("designer.publishDialog.confirmName", { name: expected })} value={confirm} onChange={(e) => setConfirm(e.target.value)} status={confirm && confirm.trim() !== expected ? "error" : undefined} />
              </Form.Item>
            )}
            <Form.Item label={text("designer.publishDialog.note")}>
              <Input aria-label={text("designer.publishDialog.note")} value={note} onChange={(e) => setNote(e.target.value)} />
            </Form.Item>
            {!version && (
              <Form.Item label={text("designer.publishDialog.roles")}>
                <Select aria-label={text("designer.publishDialog.roles")} mode="multiple" value={roles} onChange={setRoles} options={(options?.roles ?? []).map((r) => ({ value: r.id, label: r.name }))} />
              </Form.Item>
            )}
          </Form>
        </Space>
      )}
    </Modal>
  );
}
