import { useEffect, useState } from "react";
import { Navigate, useLocation } from "react-router";
import { Alert, Button, Card, Form, Input, Typography } from "antd";
import { useTranslation } from "react-i18next";
import { fetchPasswordRule } from "../../api/authApi";
import { authProvider, PATHS, type UpdatePasswordParams } from "../../app/authProvider";
import { ApiError } from "../../api/errors";
import { notify } from "../../app/notify";
import { useAuthAction } from "../../hooks/useAuthAction";
import { useSessionStore } from "../../stores/useSessionStore";

interface Values extends UpdatePasswordParams {
  confirm: string;
}

/** Spec §9: passwords are 8–20 characters. */
const PASSWORD_MIN = 8;
const PASSWORD_MAX = 20;

const updatePassword = (p: UpdatePasswordParams) => authProvider.updatePassword?.(p) ?? Promise.resolve({ success: false });

function cameFromPrecheck(state: unknown): boolean {
  return typeof state === "object" && state !== null && "fromPrecheck" in state && state.fromPrecheck === true;
}

/** UpdatePasswordPage is reachable only from the precheck page; anyone else goes to /login (spec §2). */
export default function UpdatePasswordPage() {
  const { t } = useTranslation();
  const location = useLocation();
  const token = useSessionStore((s) => s.token);
  const [rule, setRule] = useState("");
  const { run, pending: isPending } = useAuthAction(updatePassword, false);
  const allowed = cameFromPrecheck(location.state) && !!token;

  useEffect(() => {
    if (allowed) void fetchPasswordRule().then(setRule);
  }, [allowed]);

  if (!allowed) return <Navigate to={PATHS.login} replace />;

  const onFinish = async ({ oldPassword, newPassword }: Values) => {
    const res = await run({ oldPassword, newPassword });
    if (res.success) return notify.success(t("password.success"));
    const reason = res.error instanceof ApiError ? res.error.serverMessage : "";
    notify.persistentError(t("password.failed") + reason);
  };

  return (
    <div style={{ minHeight: "100vh", display: "flex", alignItems: "center", justifyContent: "center" }}>
      <Card style={{ width: 420 }}>
        <Typography.Title level={3}>{t("password.title")}</Typography.Title>
        {rule && <Alert type="info" showIcon message={rule} style={{ marginBottom: 16 }} />}
        <Form<Values> layout="vertical" onFinish={(v) => void onFinish(v)} disabled={isPending}>
          <Form.Item
            label={t("password.old")}
            name="oldPassword"
            rules={[{ required: true, message: t("password.oldRequired") }]}
          >
            <Input.Password autoComplete="current-password" maxLength={PASSWORD_MAX} />
          </Form.Item>
          <Form.Item
            label={t("password.new")}
            name="newPassword"
            rules={[
              { required: true, message: t("password.newRequired") },
              { min: PASSWORD_MIN, max: PASSWORD_MAX, message: t("password.length", { min: PASSWORD_MIN, max: PASSWORD_MAX }) },
            ]}
          >
            <Input.Password autoComplete="new-password" maxLength={PASSWORD_MAX} />
          </Form.Item>
          <Form.Item
            label={t("password.confirm")}
            name="confirm"
            dependencies={["newPassword"]}
            rules={[
              { required: true, message: t("password.confirmRequired") },
              ({ getFieldValue }) => ({
                validator: (_, value) =>
                  !value || getFieldValue("newPassword") === value
                    ? Promise.resolve()
                    : Promise.reject(new Error(t("password.mismatch"))),
              }),
            ]}
          >
            <Input.Password autoComplete="new-password" maxLength={PASSWORD_MAX} />
          </Form.Item>
          <Button type="primary" htmlType="submit" block loading={isPending}>
            {t("password.submit")}
          </Button>
        </Form>
      </Card>
    </div>
  );
}
