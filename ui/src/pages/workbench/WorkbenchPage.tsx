import { useEffect, useMemo, useState } from "react";
import { Badge, Card, Col, Empty, List, Row, Statistic, Typography } from "antd";
import { Link } from "react-router";
import { useTranslation } from "react-i18next";
import { MenuIcon } from "../../components/MenuIcon/MenuIcon";
import { modulePath } from "../../app/routes";
import { VISIT_ROUTES } from "../../app/visitCodes";
import { dashboardApi, takeWorkbench, type Workbench } from "../../dashboards/api";
import { Sparkline } from "../../dashboards/Sparkline";
import { useAccess } from "../../hooks/useAccess";
import { useRouteTitle } from "../../hooks/useRouteTitle";
import { linkOf } from "../../realtime/links";
import { MESSAGE_CENTER_PATH } from "../../realtime/paths";
import { useTableRefresh } from "../../realtime/tableChanges";
import { useMessageStore } from "../../stores/useMessageStore";
import { useSessionStore } from "../../stores/useSessionStore";
import { localizeTaskRow } from "../../workflow/flowTexts";
import { useSchemaTranslator } from "../../schema-ui/schemaTexts";

const routeOf = (r: { route?: string; module: string }) => r.route || modulePath.list(r.module);

/**
 * WorkbenchPage is the home tab: a greeting, the user's to-do and unread messages, the registers they can
 * see with their counts and a sparkline of new rows per month (GET /api/workbench, docs/dashboards.md §4),
 * their most used modules, the modules they may open and the screens their visit codes allow.
 */
export default function WorkbenchPage() {
  const { t } = useTranslation();
  const tr = useSchemaTranslator();
  const user = useSessionStore((s) => s.user);
  const modules = useSessionStore((s) => s.modules);
  const unread = useMessageStore((s) => s.unread);
  const access = useAccess();
  const titleOf = useRouteTitle();
  const [bench, setBench] = useState<Workbench | null>(null);
  const [failed, setFailed] = useState(false);
  const sorted = useMemo(() => [...modules].sort((a, b) => (a.order ?? 0) - (b.order ?? 0)), [modules]);
  const screens = Object.keys(VISIT_ROUTES).filter((path) => access.canVisit(path));
  const name = [user?.familyName, user?.name].filter(Boolean).join("") || user?.username || "";

  // A write to a register's table (the shell's message socket) reloads the workbench, at most every 5 s.
  const [version, setVersion] = useState(0);
  useTableRefresh(
    useMemo(() => (bench?.registers ?? []).map((r) => r.module), [bench]),
    () => setVersion((v) => v + 1),
  );

  useEffect(() => {
    let cancelled = false;
    // the first answer may have been asked for while the shell loaded (Shell.tsx); a failed one is asked again
    const early = version === 0 ? takeWorkbench(useSessionStore.getState().token) : undefined;
    (early ? early.catch(() => dashboardApi.workbench()) : dashboardApi.workbench()).then(
      (b) => {
        if (cancelled) return;
        setBench(b);
        setFailed(false);
      },
      () => !cancelled && setFailed(true),
    );
    return () => {
      cancelled = true;
    };
  }, [version]);

  const todo = bench?.todo;
  const registers = bench?.registers ?? [];
  const frequent = bench?.frequent ?? [];

  return (
    <div>
      <Typography.Title level={3}>{t("workbench.welcome", { name })}</Typography.Title>
      {failed && <Typography.Text type="warning">{t("dashboards.workbench.loadFailed")}</Typography.Text>}
      <Row gutter={[16, 16]} style={{ marginBottom: 16 }}>
        <Col xs={24} md={12}>
          <Card title={t("dashboards.workbench.todo")} loading={!bench && !failed} extra={todo ? <Badge count={todo.count} showZero overflowCount={999} /> : null}>
            {todo && (todo.latest ?? []).length > 0 ? (
              <List
                size="small"
                dataSource={(todo.latest ?? []).map((task) => localizeTaskRow(task, tr))}
                renderItem={(task) => (
                  <List.Item key={task.id} extra={<Typography.Text type="secondary">{[task.stepTitle, task.applicantName].filter(Boolean).join(" · ")}</Typography.Text>}>
                    <Link to={linkOf({ kind: "task", module: task.module, recordId: task.recordId, taskId: task.id }) ?? modulePath.list(task.module)}>{task.title}</Link>
                  </List.Item>
                )}
              />
            ) : (
              <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t("dashboards.workbench.noTodo")} />
            )}
          </Card>
        </Col>
        <Col xs={24} md={12}>
          <Card title={t("dashboards.workbench.unread")}>
            <Link to={MESSAGE_CENTER_PATH} aria-label={`${unread} ${t("dashboards.workbench.openMessages")}`}>
              <Statistic value={unread} />
            </Link>
          </Card>
        </Col>
      </Row>
      {registers.length > 0 && (
        <Card title={t("dashboards.workbench.registers")} style={{ marginBottom: 16 }}>
          <Row gutter={[16, 16]}>
            {registers.map((r) => (
              <Col key={r.module} xs={12} sm={8} md={6} lg={4}>
                <Link to={routeOf(r)} data-register={r.module}>
                  <Card size="small" hoverable>
                    <Statistic title={tr(r.module, r.title)} value={r.count} />
                    <Sparkline values={r.spark ?? []} label={t("dashboards.workbench.registerSpark", { title: tr(r.module, r.title) })} />
                  </Card>
                </Link>
              </Col>
            ))}
          </Row>
        </Card>
      )}
      <Card title={t("dashboards.workbench.frequent")} style={{ marginBottom: 16 }}>
        {frequent.length === 0 ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t("dashboards.workbench.noFrequent")} />
        ) : (
          <Row gutter={[16, 16]}>
            {frequent.map((f) => (
              <Col key={f.route || f.module} xs={12} sm={8} md={6} lg={3}>
                <Link to={routeOf(f)}>
                  <Card size="small" hoverable>
                    {tr(f.module, f.title)}
                  </Card>
                </Link>
              </Col>
            ))}
          </Row>
        )}
      </Card>
      <Card title={t("workbench.modules")} style={{ marginBottom: 16 }}>
        {sorted.length === 0 ? (
          <Empty description={t("workbench.noModules")} />
        ) : (
          <Row gutter={[16, 16]}>
            {sorted.map((m) => (
              <Col key={m.name} xs={12} sm={8} md={6} lg={4}>
                <Link to={modulePath.list(m.name)}>
                  <Card size="small" hoverable>
                    <MenuIcon name={m.icon} /> {tr(m.name, m.title)}
                  </Card>
                </Link>
              </Col>
            ))}
          </Row>
        )}
      </Card>
      {screens.length > 0 && (
        <Card title={t("workbench.screens")}>
          <Row gutter={[16, 16]}>
            {screens.map((path) => (
              <Col key={path} xs={12} sm={8} md={6}>
                <Link to={path}>
                  <Card size="small" hoverable>
                    {titleOf(path)}
                  </Card>
                </Link>
              </Col>
            ))}
          </Row>
        </Card>
      )}
    </div>
  );
}
