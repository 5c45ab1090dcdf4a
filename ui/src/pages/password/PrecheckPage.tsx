import { Navigate, useNavigate } from "react-router";
import { Button, Result, Space } from "antd";
import { useTranslation } from "react-i18next";
import { authProvider, PATHS } from "../../app/authProvider";
import { useSessionStore } from "../../stores/useSessionStore";

/** FROM_PRECHECK is the navigation state /update-password requires (spec §2). */
export const FROM_PRECHECK = { fromPrecheck: true } as const;

/** PrecheckPage tells a user who must change the password why, and leads to /update-password. */
export default function PrecheckPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const token = useSessionStore((s) => s.token);
  if (!token) return <Navigate to={PATHS.login} replace />;
  return (
    <Result
      status="warning"
      title={t("password.precheckTitle")}
      subTitle={t("password.precheckText")}
      extra={
        <Space>
          <Button type="primary" onClick={() => navigate(PATHS.updatePassword, { state: FROM_PRECHECK })}>
            {t("password.goChange")}
          </Button>
          <Button onClick={() => void authProvider.logout({}).then(() => navigate(PATHS.login, { replace: true }))}>
            {t("password.backToLogin")}
          </Button>
        </Space>
      }
    />
  );
}
