// The path an application would take (POST /api/workflow/{module}/simulate): every stage, its branches and
// steps, and who would decide at each. Also the dialog that shows it before a submission.

import { Alert, Modal, Space, Spin, Steps, Tag, Typography } from "antd";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { workflowApi, type PlanStep, type Simulation } from "./workflowApi";
import { localizeSimulation } from "./flowTexts";
import { useSchemaTranslator } from "../schema-ui/schemaTexts";

function StepLine({ step, people }: { step: PlanStep; people: Record<string, string> }) {
  const { t } = useTranslation();
  const names = (step.approvers ?? []).map((id) => people[String(id)] ?? String(id));
  return (
    <Space direction="vertical" size={2}>
      <Space size={4} wrap>
        <Tag>{t(`workflow.modes.${step.cc ? "cc" : step.mode}`, { defaultValue: step.mode })}</Tag>
        {step.deadline && <Typography.Text type="secondary">{t("workflow.simulate.deadline", { deadline: step.deadline })}</Typography.Text>}
      </Space>
      <Typography.Text data-testid="plan-approvers">
        {t("workflow.approvers")}：{names.length ? names.join(t("common.listSeparator")) : t("workflow.simulate.nobody")}
      </Typography.Text>
      {step.skip && <Typography.Text type="secondary">{t("workflow.simulate.skipped", { reason: step.skip })}</Typography.Text>}
    </Space>
  );
}

/** PlanView draws a simulated path. */
export function PlanView({ simulation: raw, module }: { simulation: Simulation; module: string }) {
  const { t } = useTranslation();
  const tr = useSchemaTranslator();
  const simulation = localizeSimulation(raw, module, tr);
  const items = simulation.plan.stages.flatMap((stage) =>
    stage.lanes.flatMap((lane) =>
      lane.steps.map((step) => ({
        key: `${stage.name}-${lane.name ?? ""}-${step.name}`,
        title: (
          <Space size={4}>
            {step.title}
            {stage.parallel && <Tag color="geekblue">{lane.title || t("workflow.simulate.parallel")}</Tag>}
          </Space>
        ),
        status: step.skip ? ("wait" as const) : ("process" as const),
        description: <StepLine step={step} people={simulation.people ?? {}} />,
      })),
    ),
  );
  return <Steps direction="vertical" size="small" items={items} data-testid="plan" />;
}

/** useSimulation runs the simulation of record when asked (record non-null). */
export function useSimulation(module: string, record: Record<string, unknown> | null) {
  const [result, setResult] = useState<Simulation | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);
  useEffect(() => {
    if (!record) return;
    let live = true;
    setLoading(true);
    setError(null);
    workflowApi
      .simulate(module, record)
      .then((s) => live && setResult(s))
      .catch((e: unknown) => live && setError(e instanceof Error ? e.message : String(e)))
      .finally(() => live && setLoading(false));
    return () => {
      live = false;
    };
  }, [module, record]);
  return { result, error, loading };
}

export interface SimulateDialogProps {
  module: string;
  /** The draft to simulate; null closes the dialog. */
  record: Record<string, unknown> | null;
  onClose: () => void;
  /** When given, the dialog confirms a submission along the path shown. */
  onSubmit?: () => Promise<void> | void;
}

/** SimulateDialog shows the path before anything is submitted, and optionally submits. */
export function SimulateDialog({ module, record, onClose, onSubmit }: SimulateDialogProps) {
  const { t } = useTranslation();
  const { result, error, loading } = useSimulation(module, record);
  const [busy, setBusy] = useState(false);
  return (
    <Modal
      open={record !== null}
      title={onSubmit ? t("workflow.confirm.submit") : t("workflow.simulate.path")}
      onCancel={onClose}
      okText={onSubmit ? t("workflow.actions.submit") : t("common.confirm")}
      okButtonProps={{ loading: busy, disabled: onSubmit ? !result : false }}
      onOk={async () => {
        if (!onSubmit) return onClose();
        setBusy(true);
        try {
          await onSubmit();
        } finally {
          setBusy(false);
        }
      }}
      destroyOnHidden
    >
      {loading && <Spin />}
      {error && <Alert type="error" showIcon message={error} />}
      {result && !loading && <PlanView simulation={result} module={module} />}
    </Modal>
  );
}
