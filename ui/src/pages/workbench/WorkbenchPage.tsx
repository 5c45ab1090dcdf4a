import { useMemo } from "react";
import { Card, Col, Empty, Row, Typography } from "antd";
import { Link } from "react-router";
import { useTranslation } from "react-i18next";
import { MenuIcon } from "../../components/MenuIcon/MenuIcon";
import { modulePath } from "../../app/routes";
import { VISIT_ROUTES } from "../../app/visitCodes";
import { useAccess } from "../../hooks/useAccess";
import { useRouteTitle } from "../../hooks/useRouteTitle";
import { useSessionStore } from "../../stores/useSessionStore";

/** WorkbenchPage is the home tab: a greeting, the modules this user may open, and the screens their visit codes allow. */
export default function WorkbenchPage() {
  const { t } = useTranslation();
  const user = useSessionStore((s) => s.user);
  const modules = useSessionStore((s) => s.modules);
  const access = useAccess();
  const titleOf = useRouteTitle();
  const sorted = useMemo(() => [...modules].sort((a, b) => (a.order ?? 0) - (b.order ?? 0)), [modules]);
  const screens = Object.keys(VISIT_ROUTES).filter((path) => access.canVisit(path));
  const name = [user?.familyName, user?.name].filter(Boolean).join("") || user?.username || "";

  return (
    <div>
      <Typography.Title level={3}>{t("workbench.welcome", { name })}</Typography.Title>
      <Card title={t("workbench.modules")} style={{ marginBottom: 16 }}>
        {sorted.length === 0 ? (
          <Empty description={t("workbench.noModules")} />
        ) : (
          <Row gutter={[16, 16]}>
            {sorted.map((m) => (
              <Col key={m.name} xs={12} sm={8} md={6} lg={4}>
                <Link to={modulePath.list(m.name)}>
                  <Card size="small" hoverable>
                    <MenuIcon name={m.icon} /> {m.title}
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
