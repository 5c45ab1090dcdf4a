// The printable approval sheet (/workflow/print/:module/:id): the record, then every decision of every
// submission with the step, who, what, the comment and the time. The print stylesheet (print.css) hides
// the console around it.

import { Button, Result, Space, Spin, Table, Typography } from "antd";
import { PrinterOutlined } from "@ant-design/icons";
import { useTranslation } from "react-i18next";
import { useParams } from "react-router";
import { useSessionStore } from "../stores/useSessionStore";
import { RecordSummary } from "./RecordSummary";
import { useFlowRecord } from "./WorkflowPanel";
import type { FlowState } from "./workflowApi";
import "./print.css";
import { localizeFlow } from "./flowTexts";
import { useSchemaTranslator } from "../schema-ui/schemaTexts";

/** DecisionRow is one line of the sheet's decision table. */
export interface DecisionRow {
  key: string;
  submission: number;
  step: string;
  person: string;
  state: string;
  comment: string;
  time: string;
}

/** decisionRows lists every decision of every submission, oldest submission first, in step order. */
export function decisionRows(flow: FlowState): DecisionRow[] {
  const instances = [...(flow.instances ?? [])].reverse();
  return instances.flatMap((inst, n) => [
    { key: `${inst.id}-submit`, submission: n + 1, step: "", person: inst.applicantName, state: "submit", comment: "", time: inst.createdAt },
    ...(inst.steps ?? []).flatMap((s) =>
      (s.tasks ?? [])
        .filter((task) => task.decidedAt || task.state === "open")
        .map((task) => ({
          key: `${inst.id}-${task.id}`,
          submission: n + 1,
          step: s.title,
          person: task.assigneeName,
          state: task.state,
          comment: task.comment ?? "",
          time: task.decidedAt ?? "",
        })),
    ),
    ...(inst.cc ?? []).map((c) => ({
      key: `${inst.id}-cc-${c.id}`,
      submission: n + 1,
      step: "",
      person: c.assigneeName,
      state: "cc",
      comment: c.comment ?? "",
      time: c.createdAt,
    })),
  ]);
}

export default function PrintSheetPage() {
  const { t } = useTranslation();
  const { module = "", id = "" } = useParams();
  const { data, loading, failed } = useFlowRecord(module, id);
  const tr = useSchemaTranslator();
  const title = tr(module, useSessionStore((s) => s.modules.find((m) => m.name === module)?.title ?? module));
  if (loading && !data) return <Spin />;
  if (failed || !data) return <Result status="404" title={t("module.recordNotFound")} />;
  const flow = localizeFlow(data.flow, tr);
  const rows = decisionRows(flow);
  const inst = flow.instances?.[0];
  const stateText = (s: string) =>
    s === "submit" ? t("workflow.actions.submit") : s === "cc" ? t("workflow.copies") : t(`workflow.taskStates.${s}`, { defaultValue: s });
  return (
    <div className="xz-print-sheet" data-testid="print-sheet">
      <Space className="xz-no-print" style={{ marginBottom: 16 }}>
        <Button type="primary" icon={<PrinterOutlined />} onClick={() => window.print()}>
          {t("workflow.print.print")}
        </Button>
        <Button onClick={() => window.history.back()}>{t("common.back")}</Button>
      </Space>
      <Typography.Title level={3} style={{ textAlign: "center" }}>
        {t("workflow.print.heading", { title })}
      </Typography.Title>
      {inst && (
        <Typography.Paragraph style={{ textAlign: "right" }}>
          {t("workflow.state")}：{t(`workflow.states.${inst.state}`, { defaultValue: inst.state })}
        </Typography.Paragraph>
      )}
      <Typography.Title level={5}>{t("workflow.print.record")}</Typography.Title>
      <RecordSummary module={module} record={data.record} column={2} />
      <Typography.Title level={5} style={{ marginTop: 24 }}>
        {t("workflow.print.decisions")}
      </Typography.Title>
      <Table<DecisionRow>
        size="small"
        bordered
        pagination={false}
        rowKey="key"
        dataSource={rows}
        columns={[
          { key: "n", dataIndex: "submission", title: "#", width: 48 },
          { key: "step", dataIndex: "step", title: t("workflow.step") },
          { key: "person", dataIndex: "person", title: t("workflow.approvers") },
          { key: "state", dataIndex: "state", title: t("workflow.state"), render: (s: string) => stateText(s) },
          { key: "comment", dataIndex: "comment", title: t("workflow.comment") },
          { key: "time", dataIndex: "time", title: t("workflow.decidedAt") },
        ]}
      />
      <Typography.Paragraph type="secondary" style={{ marginTop: 16, textAlign: "right" }}>
        {t("workflow.print.printedAt", { time: new Date().toLocaleString() })}
      </Typography.Paragraph>
    </div>
  );
}
