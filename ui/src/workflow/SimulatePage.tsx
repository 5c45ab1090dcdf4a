// The simulator as a page (/workflow/simulate?module=&id=): pick a workflow module and one of its records
// (a draft), optionally another applicant, and see the path the application would take and who decides at
// each step — before anything is submitted (POST /api/workflow/{module}/simulate).

import { Alert, Button, Card, Col, Form, Row, Select, Space, Spin } from "antd";
import { useList, type BaseRecord } from "@refinedev/core";
import { useEffect, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { useLocation, useNavigate } from "react-router";
import { useAccess } from "../hooks/useAccess";
import { useModuleSchema } from "../hooks/useModuleSchema";
import { useSessionStore } from "../stores/useSessionStore";
import { PlanView } from "./PlanView";
import { RecordSummary } from "./RecordSummary";
import { UserSelect } from "./UserSelect";
import { workflowApi, type Simulation } from "./workflowApi";
import { WORKFLOW_ROUTES } from "./paths";

const INTERNAL = ["id", "history", "_labels", "tenantId", "createdAt", "updatedAt", "createdBy", "updatedBy"];

/** draftOf is the record as a simulation takes it: its own fields only. */
export function draftOf(record: Record<string, unknown>): Record<string, unknown> {
  const out = { ...record };
  for (const k of INTERNAL) delete out[k];
  return out;
}

function RecordPick({ module, value, onChange }: { module: string; value?: string; onChange: (id: string) => void }) {
  const state = useModuleSchema(module);
  const api = state.info?.api;
  const first = state.status === "ready" ? state.schema.list.columns.slice(0, 2).map((c) => c.name) : [];
  const { result, query } = useList<BaseRecord>({
    resource: module,
    meta: { api },
    pagination: { currentPage: 1, pageSize: 50 },
    queryOptions: { enabled: !!api },
    errorNotification: false,
  });
  const rows = result?.data ?? [];
  return (
    <Select
      showSearch
      optionFilterProp="label"
      loading={query.isLoading}
      value={value}
      onChange={onChange}
      options={rows.map((r) => ({
        value: String(r.id),
        label: [`#${r.id}`, ...first.map((n) => String(r[n] ?? ""))].filter(Boolean).join(" "),
      }))}
    />
  );
}

export default function SimulatePage() {
  const { t } = useTranslation();
  const location = useLocation();
  const navigate = useNavigate();
  const access = useAccess();
  const modules = useSessionStore((s) => s.modules);
  const params = useMemo(() => new URLSearchParams(location.search), [location.search]);
  const module = params.get("module") ?? undefined;
  const id = params.get("id") ?? undefined;
  const [applicant, setApplicant] = useState<number | undefined>(undefined);
  const [record, setRecord] = useState<Record<string, unknown> | null>(null);
  const [result, setResult] = useState<Simulation | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const choices = modules.filter((m) => access.can([`${m.permission}.submit`]));
  const go = (m?: string, r?: string) => {
    const q = new URLSearchParams();
    if (m) q.set("module", m);
    if (r) q.set("id", r);
    navigate(`${WORKFLOW_ROUTES.simulate}?${q.toString()}`, { replace: true });
  };

  useEffect(() => {
    setRecord(null);
    setResult(null);
    setError(null);
    if (!module || !id) return;
    workflowApi
      .record(module, id)
      .then((d) => setRecord(d.record))
      .catch((e: unknown) => setError(e instanceof Error ? e.message : String(e)));
  }, [module, id]);

  const run = async () => {
    if (!module || !record) return;
    setBusy(true);
    setError(null);
    try {
      setResult(await workflowApi.simulate(module, draftOf(record), applicant));
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
      setResult(null);
    } finally {
      setBusy(false);
    }
  };
  useEffect(() => {
    if (record) void run();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [record, applicant]);

  return (
    <Card title={t("workflow.routes.simulate")}>
      <Form layout="inline" style={{ marginBottom: 16, rowGap: 8 }}>
        <Form.Item label={t("workflow.simulate.module")}>
          <Select
            style={{ width: 200 }}
            value={module}
            onChange={(m: string) => go(m)}
            options={choices.map((m) => ({ value: m.name, label: m.title }))}
          />
        </Form.Item>
        {module && (
          <Form.Item label={t("workflow.simulate.record")}>
            <div style={{ width: 260 }}>
              <RecordPick key={module} module={module} value={id} onChange={(r) => go(module, r)} />
            </div>
          </Form.Item>
        )}
        <Form.Item label={t("workflow.applicant")}>
          <div style={{ width: 220 }}>
            <UserSelect value={applicant} onChange={(v) => setApplicant(typeof v === "number" ? v : undefined)} />
          </div>
        </Form.Item>
        <Form.Item>
          <Button type="primary" disabled={!record} loading={busy} onClick={() => void run()}>
            {t("workflow.simulate.run")}
          </Button>
        </Form.Item>
      </Form>
      {!module || !id ? (
        <Alert type="info" showIcon message={t("workflow.simulate.pick")} />
      ) : (
        <Row gutter={16}>
          <Col xs={24} md={12}>{record ? <RecordSummary module={module} record={record} column={1} /> : !error && <Spin />}</Col>
          <Col xs={24} md={12}>
            <Space direction="vertical" style={{ width: "100%" }}>
              {error && <Alert type="error" showIcon message={error} />}
              {busy && <Spin />}
              {result && !busy && <PlanView simulation={result} module={module} />}
            </Space>
          </Col>
        </Row>
      )}
    </Card>
  );
}
