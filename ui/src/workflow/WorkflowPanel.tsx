// The approval panel of a workflow module's record (ModuleDetailPage, the to-do drawer): the step chart of
// each submission, the approver's decisions (approve, reject, return, transfer, and whatever else the server
// offers), take back, and the applicant's submit (after a preview of the path), withdraw, chase and copy.

import { Alert, Button, Card, Collapse, Empty, Form, Modal, Popconfirm, Space, Spin, Typography } from "antd";
import { PrinterOutlined } from "@ant-design/icons";
import { useCallback, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { notify } from "../app/notify";
import { useAccess } from "../hooks/useAccess";
import { useSessionStore } from "../stores/useSessionStore";
import { DecideDialog, DESTRUCTIVE, useActionLabel } from "./DecideDialog";
import { focusState, latest, panelActions } from "./flowLogic";
import { SimulateDialog } from "./PlanView";
import { StateTag, StepChart } from "./StepChart";
import { UserSelect } from "./UserSelect";
import { workflowPath } from "./paths";
import { workflowApi, type FlowRecord, type FlowState, type OfferedAction } from "./workflowApi";
import { localizeFlow } from "./flowTexts";
import { useSchemaTranslator } from "../schema-ui/schemaTexts";

/** The status field a workflow gives its module unless the module file names another. */
export const DEFAULT_STATUS_FIELD = "approvalStatus";

export interface WorkflowPanelProps {
  module: string;
  id: string | number;
  /** The module's submit code (default <permission>.submit of the user's module list). */
  submitCode?: string;
  /** The record's status field, to read it from the answer (default the workflow's own). */
  statusField?: string;
  /** Called after every change, with the new flow state. */
  onChanged?: (flow: FlowState) => void;
  /** Hide the card frame (inside a drawer). */
  bare?: boolean;
  /** The task a message led to (?task=): its decisions are offered and it is marked in the step chart. */
  taskId?: number;
}

/** useFlowRecord loads the record and its flow (GET /api/workflow/{module}/{id}). */
export function useFlowRecord(module: string, id: string | number) {
  const [data, setData] = useState<FlowRecord | null>(null);
  const [loading, setLoading] = useState(true);
  const [failed, setFailed] = useState(false);
  const reload = useCallback(() => {
    setLoading(true);
    return workflowApi
      .record(module, id)
      .then((d) => {
        setData(d);
        setFailed(false);
      })
      .catch(() => setFailed(true))
      .finally(() => setLoading(false));
  }, [module, id]);
  useEffect(() => {
    void reload();
  }, [reload]);
  return { data, loading, failed, reload, setData };
}

export function WorkflowPanel({ module, id, submitCode, statusField, onChanged, bare, taskId }: WorkflowPanelProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const access = useAccess();
  const me = useSessionStore((s) => Number(s.user?.userId ?? 0));
  const permission = useSessionStore((s) => s.modules.find((m) => m.name === module)?.permission);
  const { data, loading, failed, reload } = useFlowRecord(module, id);
  const [deciding, setDeciding] = useState<OfferedAction | null>(null);
  const [previewing, setPreviewing] = useState<Record<string, unknown> | null>(null);
  const [submitting, setSubmitting] = useState<Record<string, unknown> | null>(null);
  const [copying, setCopying] = useState(false);
  const [copyForm] = Form.useForm<{ userIds: number[] }>();
  const label = useActionLabel();
  const tr = useSchemaTranslator();

  if (loading && !data) return <Spin />;
  if (failed || !data) return null;

  const flow = localizeFlow(data.flow, tr);
  const inst = latest(flow);
  const status = data.record[statusField ?? DEFAULT_STATUS_FIELD];
  const acts = panelActions(flow, me, status, access.can([submitCode ?? `${permission ?? module}.submit`]), taskId);
  const focus = focusState(flow, me, taskId);

  const changed = async (next?: FlowState, okKey?: string) => {
    if (okKey) notify.success(t(okKey));
    await reload();
    if (next) onChanged?.(next);
  };
  const run = async (call: () => Promise<FlowState>, okKey: string) => {
    try {
      await changed(await call(), okKey);
    } catch {
      // reported by the client
    }
  };

  const draft = () => {
    const r = { ...data.record };
    for (const k of ["id", "history", "tenantId", "createdAt", "updatedAt", "createdBy", "updatedBy"]) delete r[k];
    return r;
  };

  const buttons = (
    <Space wrap>
      {acts.decisions.map((a) => (
        <Button
          key={a.action}
          type={a.action === "approve" ? "primary" : "default"}
          danger={DESTRUCTIVE.has(a.action)}
          onClick={() => setDeciding(a)}
        >
          {label(a)}
        </Button>
      ))}
      {acts.takeBack && (
        <Popconfirm title={t("workflow.confirm.takeBack")} onConfirm={() => run(() => workflowApi.takeBack(acts.takeBack!.id), "workflow.ok.takeBack")}>
          <Button>{t("workflow.actions.takeBack")}</Button>
        </Popconfirm>
      )}
      {acts.submit && (
        <Button type="primary" onClick={() => setSubmitting(draft())}>
          {t("workflow.actions.submit")}
        </Button>
      )}
      {acts.submit && <Button onClick={() => setPreviewing(draft())}>{t("workflow.actions.simulate")}</Button>}
      {acts.withdraw && (
        <Popconfirm title={t("workflow.confirm.withdraw")} onConfirm={() => run(() => workflowApi.withdraw(module, id), "workflow.ok.withdraw")}>
          <Button danger>{t("workflow.actions.withdraw")}</Button>
        </Popconfirm>
      )}
      {acts.chase && <Button onClick={() => void run(() => workflowApi.chase(module, id), "workflow.ok.chase")}>{t("workflow.actions.chase")}</Button>}
      {acts.copy && <Button onClick={() => setCopying(true)}>{t("workflow.actions.cc")}</Button>}
      {inst && (
        <Button icon={<PrinterOutlined />} onClick={() => navigate(workflowPath.print(module, id))}>
          {t("workflow.actions.print")}
        </Button>
      )}
    </Space>
  );

  const instances = flow.instances ?? [];
  const body = (
    <Space direction="vertical" style={{ width: "100%" }} data-task={taskId || undefined}>
      {focus === "handled" && <Alert type="info" showIcon message={t("workflowTask.handled")} data-testid="workflow-task-handled" />}
      {focus === "absent" && <Alert type="warning" showIcon message={t("workflowTask.absent")} data-testid="workflow-task-absent" />}
      {buttons}
      {inst ? (
        <>
          <Space>
            <StateTag state={inst.state} />
            <Typography.Text type="secondary">{t("workflow.submission", { n: instances.length, version: inst.version })}</Typography.Text>
          </Space>
          <StepChart instance={inst} focus={taskId} />
          {instances.length > 1 && (
            <Collapse
              size="small"
              items={instances.slice(1).map((old, i) => ({
                key: old.id,
                label: (
                  <Space>
                    {t("workflow.submission", { n: instances.length - 1 - i, version: old.version })}
                    <StateTag state={old.state} />
                  </Space>
                ),
                children: <StepChart instance={old} />,
              }))}
            />
          )}
        </>
      ) : (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t("workflow.noFlow")} />
      )}
      <DecideDialog
        action={deciding}
        instance={inst}
        step={acts.step}
        onClose={() => setDeciding(null)}
        onDone={(next) => {
          setDeciding(null);
          void changed(next);
        }}
      />
      <SimulateDialog module={module} record={previewing} onClose={() => setPreviewing(null)} />
      <SimulateDialog
        module={module}
        record={submitting}
        onClose={() => setSubmitting(null)}
        onSubmit={async () => {
          try {
            const next = await workflowApi.submit(module, id);
            setSubmitting(null);
            await changed(next, "workflow.ok.submit");
          } catch {
            // reported by the client
          }
        }}
      />
      <Modal
        open={copying}
        title={t("workflow.actions.cc")}
        onCancel={() => setCopying(false)}
        onOk={async () => {
          const v = await copyForm.validateFields();
          await run(() => workflowApi.copy(module, id, v.userIds), "workflow.ok.cc");
          copyForm.resetFields();
          setCopying(false);
        }}
        destroyOnHidden
      >
        <Form form={copyForm} layout="vertical" preserve={false}>
          <Form.Item name="userIds" label={t("workflow.users")} rules={[{ required: true, message: t("workflow.userRequired") }]}>
            <UserSelect multiple exclude={[me]} />
          </Form.Item>
        </Form>
      </Modal>
    </Space>
  );
  if (bare) return body;
  return (
    <Card title={t("workflow.panel")} size="small" data-testid="workflow-panel">
      {body}
    </Card>
  );
}
