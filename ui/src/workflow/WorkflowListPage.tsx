// The approval lists (docs/workflow.md "API"): to-do with a tab per module and its count, done, copied to me and
// my applications. A row opens a drawer with the record and its approval panel; ?task=&module=&id= (a task
// message's link) opens that drawer at once.

import { Badge, Button, Card, Drawer, Popconfirm, Space, Table, Tabs, Tag, Typography, type TableColumnsType } from "antd";
import { useCallback, useEffect, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useLocation, useNavigate } from "react-router";
import { notify } from "../app/notify";
/** Spec §9: size options 5, 10, 20, 50. */
const PAGE_SIZE_OPTIONS = [5, 10, 20, 50];
import { useMessageStore } from "../stores/useMessageStore";
import { useSessionStore } from "../stores/useSessionStore";
import { RecordSummary } from "./RecordSummary";
import { StateTag, TASK_COLOR } from "./StepChart";
import { useFlowRecord, WorkflowPanel } from "./WorkflowPanel";
import { workflowPath } from "./paths";
import { workflowApi, type MineRow, type Page, type TaskRow, type TodoCount } from "./workflowApi";
import { localizeTaskRow } from "./flowTexts";
import { useSchemaTranslator } from "../schema-ui/schemaTexts";

export type ListKind = "todo" | "done" | "cc" | "mine";

type Row = TaskRow | MineRow;

interface Opened {
  module: string;
  id: number;
  /** The application's title, when opened from a row. */
  title?: string;
  /** The task a message named (?task=). */
  taskId?: number;
}

/** The drawer of one record: what it is, and its approval panel. */
function RecordDrawer({ opened, onClose, onChanged }: { opened: Opened; onClose: () => void; onChanged: () => void }) {
  const { t } = useTranslation();
  const tr = useSchemaTranslator();
  const rawTitle = useSessionStore((s) => s.modules.find((m) => m.name === opened.module)?.title);
  const moduleTitle = rawTitle && tr(opened.module, rawTitle);
  const { data } = useFlowRecord(opened.module, opened.id);
  return (
    <Drawer
      open
      width={720}
      title={[moduleTitle, opened.title].filter(Boolean).join(" · ") || t("workflow.view")}
      onClose={onClose}
      destroyOnHidden
      extra={
        <Link to={workflowPath.print(opened.module, opened.id)}>
          <Button size="small">{t("workflow.actions.print")}</Button>
        </Link>
      }
    >
      <Space direction="vertical" style={{ width: "100%" }} size="middle">
        {data && <RecordSummary module={opened.module} record={data.record} column={1} />}
        <WorkflowPanel module={opened.module} id={opened.id} taskId={opened.taskId} onChanged={onChanged} bare />
      </Space>
    </Drawer>
  );
}

function useList(kind: ListKind, module: string | undefined, page: number, size: number, version: number) {
  const [data, setData] = useState<Page<Row>>({ data: [], recordsTotal: 0 });
  const [loading, setLoading] = useState(false);
  useEffect(() => {
    let live = true;
    setLoading(true);
    const q = { page: page - 1, size, module: kind === "todo" ? module : undefined };
    const call: Promise<Page<Row>> = workflowApi[kind](q);
    call
      .then((d) => live && setData({ data: d.data ?? [], recordsTotal: d.recordsTotal ?? 0 }))
      .catch(() => live && setData({ data: [], recordsTotal: 0 }))
      .finally(() => live && setLoading(false));
    return () => {
      live = false;
    };
  }, [kind, module, page, size, version]);
  return { data, loading };
}

export default function WorkflowListPage({ kind }: { kind: ListKind }) {
  const { t } = useTranslation();
  const location = useLocation();
  const navigate = useNavigate();
  const [module, setModule] = useState<string | undefined>(undefined);
  const [page, setPage] = useState(1);
  const [size, setSize] = useState(10);
  const [version, setVersion] = useState(0);
  const [counts, setCounts] = useState<TodoCount[]>([]);
  const [opened, setOpened] = useState<Opened | null>(null);
  // A new message (a task arriving) reloads the to-do list, so the list follows the bell without a reload.
  const messages = useMessageStore((s) => s.version);
  const { data, loading } = useList(kind, module, page, size, version + (kind === "todo" ? messages : 0));
  const tr = useSchemaTranslator();
  const rows = useMemo(() => data.data.map((r) => localizeTaskRow(r, tr)), [data, tr]);

  useEffect(() => {
    if (kind !== "todo") return;
    workflowApi
      .todoCounts()
      .then((c) => setCounts(c ?? []))
      .catch(() => setCounts([]));
  }, [kind, version, messages]);

  // ?task=&module=&id= opens that record's drawer (a task message's link).
  useEffect(() => {
    const q = new URLSearchParams(location.search);
    const m = q.get("module");
    const id = Number(q.get("id"));
    const task = Number(q.get("task")) || undefined;
    if (m && id) setOpened({ module: m, id, taskId: task });
  }, [location.search]);

  const refresh = useCallback(() => setVersion((v) => v + 1), []);
  const close = () => {
    setOpened(null);
    if (location.search) navigate(location.pathname, { replace: true });
  };
  // A to-do row opens its own task; other lists open the record.
  const open = (r: Row) => setOpened({ module: r.module, id: r.recordId, title: r.title, taskId: kind === "todo" ? r.id : undefined });

  const run = async (call: () => Promise<unknown>, okKey: string) => {
    try {
      await call();
      notify.success(t(okKey));
      refresh();
    } catch {
      // reported by the client
    }
  };

  const columns = useMemo((): TableColumnsType<Row> => {
    const title = {
      key: "title",
      title: t("workflow.title"),
      render: (_: unknown, r: Row) => (
        <Typography.Link onClick={() => open(r)} data-testid="workflow-row-title">
          {r.title || `${r.moduleTitle} #${r.recordId}`}
        </Typography.Link>
      ),
    };
    const moduleCol = { key: "module", dataIndex: "moduleTitle", title: t("workflow.module") };
    if (kind === "mine") {
      return [
        title,
        moduleCol,
        { key: "state", title: t("workflow.state"), render: (_: unknown, r: Row) => <StateTag state={r.state} /> },
        {
          key: "current",
          title: t("workflow.current"),
          render: (_: unknown, r: Row) => ((r as MineRow).current ?? []).map((s) => <Tag key={s}>{s}</Tag>),
        },
        { key: "createdAt", dataIndex: "createdAt", title: t("workflow.submittedAt") },
        { key: "finishedAt", dataIndex: "finishedAt", title: t("workflow.finishedAt") },
        {
          key: "actions",
          title: t("common.actions"),
          render: (_: unknown, r: Row) => (
            <Space size="small">
              <Typography.Link onClick={() => open(r)}>{t("workflow.view")}</Typography.Link>
              {r.state === "running" && (
                <>
                  <Popconfirm title={t("workflow.confirm.withdraw")} onConfirm={() => run(() => workflowApi.withdraw(r.module, r.recordId), "workflow.ok.withdraw")}>
                    <Typography.Link type="danger">{t("workflow.actions.withdraw")}</Typography.Link>
                  </Popconfirm>
                  <Typography.Link onClick={() => void run(() => workflowApi.chase(r.module, r.recordId), "workflow.ok.chase")}>
                    {t("workflow.actions.chase")}
                  </Typography.Link>
                </>
              )}
            </Space>
          ),
        },
      ];
    }
    const cols: TableColumnsType<Row> = [
      title,
      moduleCol,
      { key: "step", dataIndex: "stepTitle", title: t("workflow.step") },
      { key: "applicant", dataIndex: "applicantName", title: t("workflow.applicant") },
      { key: "createdAt", dataIndex: "createdAt", title: t("workflow.createdAt") },
    ];
    if (kind === "done") {
      cols.push(
        {
          key: "state",
          title: t("workflow.state"),
          render: (_: unknown, r: Row) => <Tag color={TASK_COLOR[r.state] ?? "default"}>{t(`workflow.taskStates.${r.state}`, { defaultValue: r.state })}</Tag>,
        },
        { key: "comment", dataIndex: "comment", title: t("workflow.comment") },
        { key: "decidedAt", dataIndex: "decidedAt", title: t("workflow.decidedAt") },
      );
    }
    cols.push({
      key: "actions",
      title: t("common.actions"),
      render: (_: unknown, r: Row) => (
        <Typography.Link onClick={() => open(r)}>{kind === "todo" ? t("workflow.handle") : t("workflow.view")}</Typography.Link>
      ),
    });
    return cols;
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [kind, t]);

  const total = counts.reduce((n, c) => n + c.count, 0);
  return (
    <Card title={t(`workflow.routes.${kind}`)}>
      {kind === "todo" && (
        <Tabs
          activeKey={module ?? ""}
          onChange={(k) => {
            setModule(k || undefined);
            setPage(1);
          }}
          items={[
            { key: "", label: <Space size={4}>{t("workflow.all")}<Badge count={total} showZero color="blue" /></Space> },
            ...counts.map((c) => ({
              key: c.module,
              label: (
                <Space size={4}>
                  {tr(c.module, c.title)}
                  <Badge count={c.count} showZero color="blue" />
                </Space>
              ),
            })),
          ]}
        />
      )}
      <Table<Row>
        rowKey="id"
        size="middle"
        loading={loading}
        columns={columns}
        dataSource={rows}
        locale={{ emptyText: t("workflow.empty") }}
        pagination={{
          current: page,
          pageSize: size,
          total: data.recordsTotal,
          showSizeChanger: true,
          pageSizeOptions: PAGE_SIZE_OPTIONS,
          showTotal: (n) => t("module.total", { total: n }),
          onChange: (p, s) => {
            setPage(s !== size ? 1 : p);
            setSize(s);
          },
          hideOnSinglePage: data.recordsTotal <= size,
        }}
      />
      {opened && <RecordDrawer key={`${opened.module}-${opened.id}-${opened.taskId ?? ""}`} opened={opened} onClose={close} onChanged={refresh} />}
    </Card>
  );
}
